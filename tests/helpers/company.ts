import type { TestApp } from './app.js';
import { beforeAll } from 'vitest';
import { insertAdmin, insertCompany, insertLeadRows, insertUser, PASSWORD } from './fixtures.js';
import { signIn, type Session } from './http.js';
import type { UserType } from '../../server/db/schema.js';
import { nowIso } from '../../server/db/dialect.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';

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

/** A new admin, signed in once before the tests of a file (or a describe block) on `t`. */
export function signedInAdminFor(t: TestApp): Session {
  const session = {} as Session;
  beforeAll(async () => {
    const a = await insertAdmin(t.deps.db);
    Object.assign(session, await signIn(t.app, { kind: 'admin', email: a.email, password: PASSWORD }));
  });
  return session;
}

/** A new company, its sub-admin signed in: its row's fields and its session. */
export async function signedInSubadmin(t: TestApp, over: Parameters<typeof insertCompany>[1] = {}) {
  const company = await insertCompany(t.deps.db, over);
  return { ...company, session: await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD }) };
}

/** A new user of a company, signed in: its row's fields and its session. */
export async function signedInUser(t: TestApp, companyId: number, type: UserType = 'Telicaller', name?: string) {
  const u = await insertUser(t.deps.db, companyId, type, name ? { name } : {});
  return { ...u, session: await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD }) };
}
export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A new company (in `zone`, India's unless given) with its sub-admin signed in (`owner`), two telecallers
 * (`caller` Asha Caller, `colleague` Bina Colleague unless named otherwise) and a head (`head` Chetan Head), each signed in.
 */
export async function team(t: TestApp, { zone, colleagueName = 'Bina Colleague' }: { zone?: string; colleagueName?: string } = {}) {
  const company = await insertCompany(t.deps.db);
  if (zone) await t.deps.db.updateTable('subadmins').set({ time_zone: zone }).where('id', '=', company.id).execute();
  const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
  const caller = await signedInUser(t, company.id, 'Telicaller', 'Asha Caller');
  const colleague = await signedInUser(t, company.id, 'Telicaller', colleagueName);
  const head = await signedInUser(t, company.id, 'Telicaller-hade', 'Chetan Head');
  return { company, owner, caller, colleague, head };
}

/** A new company with a telecaller signed in, holding `n` new leads (Lead 0, Lead 1, …) sent to it now. */
export async function callerWithNewLeads(t: TestApp, n: number) {
  const company = await insertCompany(t.deps.db);
  const { session, ...user } = await signedInUser(t, company.id);
  const leads = await insertLeadRows(
    t.deps.db,
    company.id,
    Array.from({ length: n }, (_, i) => ({ name: `Lead ${i}`, telicaller_id: user.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.new })),
  );
  return { company, user, session, leads };
}
