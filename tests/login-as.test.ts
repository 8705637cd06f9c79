import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';

const sessionFrom = (setCookie: string | string[] | undefined): Session => {
  const cookie = String(setCookie);
  const token = /sid=([^;]+)/.exec(cookie)![1]!;
  return { token, cookie: `sid=${token}` };
};

describe.each(dialects)('login-as on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('opens a session as one of its own users, shown in me, audited, with a way back', async () => {
    const company = await insertCompany(t.deps.db, { name: 'Owner One' });
    const user = await insertUser(t.deps.db, company.id, 'Telicaller', { name: 'Caller One' });
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });

    const res = await mutate(t.app, 'auth.loginAs', { userId: user.id }, owner);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: user.id, name: 'Caller One' });
    const asUser = sessionFrom(res.setCookie);
    const me = await query(t.app, 'auth.me', undefined, asUser);
    expect(me.data).toMatchObject({ kind: 'user', id: user.id, impersonatedBy: { id: company.id, name: 'Owner One' } });

    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'login_as').where('entity_id', '=', user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'subadmin', actor_id: company.id, subadmin_id: company.id });

    const back = await mutate(t.app, 'auth.returnToSubadmin', undefined, asUser);
    expect(back.status).toBe(200);
    const ownerAgain = sessionFrom(back.setCookie);
    expect((await query(t.app, 'auth.me', undefined, ownerAgain)).data).toMatchObject({ kind: 'subadmin', id: company.id });
    // The login-as session ends on the way back.
    expect((await query(t.app, 'auth.me', undefined, asUser)).data).toBeNull();
  });

  it('answers the legacy POST /login in the spec shape', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id, 'Telicaller-hade', { name: 'Head Two' });
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const res = await legacy(t.app, 'POST', '/login', owner, { userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, username: 'Head Two', message: expect.any(String) });
    const asUser = { token: res.body.token, cookie: `sid=${res.body.token}` };
    expect((await legacy(t.app, 'GET', '/users', asUser)).body.data).toMatchObject({ id: user.id, user_type: 'Telicaller-hade' });
  });

  it("refuses another company's user as not found, and a blocked user", async () => {
    const mine = await insertCompany(t.deps.db);
    const other = await insertCompany(t.deps.db);
    const theirs = await insertUser(t.deps.db, other.id);
    const blocked = await insertUser(t.deps.db, mine.id, 'Telicaller', { is_blocked: 1 });
    const owner = await signIn(t.app, { kind: 'subadmin', email: mine.email, password: PASSWORD });

    const cross = await mutate(t.app, 'auth.loginAs', { userId: theirs.id }, owner);
    expect(cross.status).toBe(404);
    const missing = await mutate(t.app, 'auth.loginAs', { userId: 99999999 }, owner);
    expect(missing.status).toBe(404);
    expect(cross.error?.message).toBe(missing.error?.message);
    expect((await legacy(t.app, 'POST', '/login', owner, { userId: theirs.id })).status).toBe(404);

    const res = await mutate(t.app, 'auth.loginAs', { userId: blocked.id }, owner);
    expect(res.status).toBe(403);
    const sessions = await t.deps.db.selectFrom('sessions').select('id')
      .where('principal_kind', '=', 'user').where('principal_id', 'in', [theirs.id, blocked.id]).execute();
    expect(sessions).toHaveLength(0);
  });

  it('is for sub-admins only, and the way back only for login-as sessions', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const admin = await insertAdmin(t.deps.db);
    const asAdmin = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    const asUser = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });

    expect((await mutate(t.app, 'auth.loginAs', { userId: user.id }, asAdmin)).status).toBe(403);
    expect((await mutate(t.app, 'auth.loginAs', { userId: user.id }, asUser)).status).toBe(403);
    expect((await mutate(t.app, 'auth.loginAs', { userId: user.id }, null)).status).toBe(401);
    expect((await legacy(t.app, 'POST', '/login', asUser, { userId: user.id })).status).toBe(403);
    expect((await legacy(t.app, 'POST', '/login', null, { userId: user.id })).status).toBe(401);

    const back = await mutate(t.app, 'auth.returnToSubadmin', undefined, asUser);
    expect(back.status).toBe(403);
    expect((await query(t.app, 'auth.me', undefined, asUser)).data?.kind).toBe('user');
  });
});
