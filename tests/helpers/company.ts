import type { TestApp } from './app.js';
import { insertCompany, insertUser, PASSWORD } from './fixtures.js';
import { signIn } from './http.js';

/** A new company with its sub-admin, a telecaller and a developer, each signed in. */
export async function signedInCompany(t: TestApp) {
  const company = await insertCompany(t.deps.db);
  const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
  const u = await insertUser(t.deps.db, company.id, 'Telicaller');
  const caller = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  const d = await insertUser(t.deps.db, company.id, 'Developer');
  const developer = await signIn(t.app, { kind: 'user', mobile: d.mobile, password: PASSWORD });
  return { company, owner, caller, developer };
}
