import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { hashToken } from '../server/auth/tokens.js';

const sessionFrom = (setCookie: string | string[] | undefined): Session => {
  const cookie = String(setCookie);
  const token = /sid=([^;]+)/.exec(cookie)![1]!;
  return { token, cookie: `sid=${token}` };
};

describe.each(dialects)('login-as on %s', (dialect) => {
  const t = testAppFor(dialect);

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

  it("answers the legacy POST /login in the original client's shape", async () => {
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
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('principal_kind', '=', 'user')
      .where('principal_id', 'in', [theirs.id, blocked.id])
      .execute();
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

  it('ends login-as sessions when the sub-admin session they came from ends, and the way back with them', async () => {
    const editable = { name: 'Owner', company_name: 'Co', gst: '29ABCDE1234F1Z5', company_bio: 'Bio', address: 'Pune' };
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const stolen = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const fromStolen = sessionFrom((await mutate(t.app, 'auth.loginAs', { userId: user.id }, stolen)).setCookie);
    const fromOwner = sessionFrom((await mutate(t.app, 'auth.loginAs', { userId: user.id }, owner)).setCookie);
    const legacyAs = await legacy(t.app, 'POST', '/login', stolen, { userId: user.id });
    const fromStolenLegacy = { token: legacyAs.body.token, cookie: `sid=${legacyAs.body.token}` };
    expect((await query(t.app, 'auth.me', undefined, fromStolen)).data?.kind).toBe('user');

    // The owner changes the password from its own session: every other session ends, login-as ones included.
    expect((await mutate(t.app, 'profile.update', { ...editable, password: 'a-new-password' }, owner)).status).toBe(200);
    for (const s of [fromStolen, fromStolenLegacy]) {
      expect((await query(t.app, 'auth.me', undefined, s)).data).toBeNull();
      const back = await mutate(t.app, 'auth.returnToSubadmin', undefined, s);
      expect(back.status).toBe(401);
      expect(back.setCookie).toBeUndefined();
      expect((await legacy(t.app, 'GET', '/users', s)).status).toBe(401);
    }
    // The one opened from the session that stays goes on, and its way back works.
    expect((await query(t.app, 'auth.me', undefined, fromOwner)).data?.kind).toBe('user');
    const back = await mutate(t.app, 'auth.returnToSubadmin', undefined, fromOwner);
    expect(back.status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, sessionFrom(back.setCookie))).data).toMatchObject({ kind: 'subadmin', id: company.id });
  });

  it('refuses the way back once the session it came from has ended, whatever ended it', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const asUser = sessionFrom((await mutate(t.app, 'auth.loginAs', { userId: user.id }, owner)).setCookie);
    // Signing the sub-admin session out (a legacy client holding both tokens) ends the login-as session.
    expect((await legacy(t.app, 'POST', '/logout', owner)).status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, asUser)).data).toBeNull();
    expect((await mutate(t.app, 'auth.returnToSubadmin', undefined, asUser)).status).toBe(401);
    const subadminSessions = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('principal_kind', '=', 'subadmin')
      .where('principal_id', '=', company.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(subadminSessions).toHaveLength(0);
  });

  it('does not trust a login-as session that cannot say which session it came from', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const asUser = sessionFrom((await mutate(t.app, 'auth.loginAs', { userId: user.id }, owner)).setCookie);
    await t.deps.db.updateTable('sessions').set({ impersonator_session_id: null }).where('token_hash', '=', hashToken(asUser.token)).execute();
    const back = await mutate(t.app, 'auth.returnToSubadmin', undefined, asUser);
    expect(back.status).toBe(401);
    expect(back.error?.message).toMatch(/session this one was opened from has ended/);
  });

  it('ends login-as sessions when the admin blocks or deletes the company', async () => {
    const admin = await insertAdmin(t.deps.db);
    const asAdmin = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    for (const action of ['block', 'delete'] as const) {
      const company = await insertCompany(t.deps.db);
      const user = await insertUser(t.deps.db, company.id);
      const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
      const asUser = sessionFrom((await mutate(t.app, 'auth.loginAs', { userId: user.id }, owner)).setCookie);
      const res =
        action === 'block'
          ? await legacy(t.app, 'PATCH', `/subadmins/block/${company.id}`, asAdmin)
          : await legacy(t.app, 'DELETE', `/subadmins/${company.id}`, asAdmin);
      expect(res.status).toBe(200);
      if (action === 'block') await legacy(t.app, 'PATCH', `/subadmins/unblock/${company.id}`, asAdmin);
      expect((await query(t.app, 'auth.me', undefined, asUser)).data).toBeNull();
      expect((await mutate(t.app, 'auth.returnToSubadmin', undefined, asUser)).status).toBe(401);
      const open = await t.deps.db.selectFrom('sessions').select('id').where('impersonated_by', '=', company.id).where('revoked_at', 'is', null).execute();
      expect(open).toHaveLength(0);
    }
  });
});
