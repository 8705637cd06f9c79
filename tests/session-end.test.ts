import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';

/**
 * A session that stops working because its account or company was blocked (which also revokes it),
 * expired or removed says so: in the 401 and as a code the sign-in page turns into words.
 */
describe.each(dialects)('why a session ended, on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const ended = async (s: Session | null) => {
    const res = await query(t.app, 'auth.sessionEnd', undefined, s);
    expect(res.status).toBe(200);
    return res.data.reason as string | null;
  };
  const refused = async (s: Session) => {
    const res = await query(t.app, 'dashboard.tiles', undefined, s);
    expect(res.status).toBe(401);
    return res.error!.message;
  };
  async function company() {
    const c = await insertCompany(db());
    const user = await insertUser(db(), c.id);
    return {
      ...c,
      user,
      owner: await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD }),
      caller: await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD }),
    };
  }

  it('a user its company blocked is told so, not that its session expired', async () => {
    const c = await company();
    expect(await ended(c.caller)).toBeNull();
    expect((await mutate(t.app, 'users.setBlocked', { id: c.user.id, blocked: true }, c.owner)).status).toBe(200);
    expect(await refused(c.caller)).toBe('Your account is blocked. Please contact your administrator.');
    expect(await ended(c.caller)).toBe('account_blocked');
    expect((await query(t.app, 'auth.me', undefined, c.caller)).data).toBeNull();
  });

  it('a company the admin blocked, and every one of its users, are told the company is blocked', async () => {
    const c = await company();
    const admin = await insertAdmin(db());
    const adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    expect((await mutate(t.app, 'subadmins.setBlocked', { id: c.id, blocked: true }, adminSession)).status).toBe(200);
    for (const s of [c.owner, c.caller]) {
      expect(await ended(s)).toBe('company_blocked');
      const res = await query(t.app, 'auth.me', undefined, s);
      expect(res.data).toBeNull();
    }
    expect(await refused(c.caller)).toMatch(/company account is blocked/);
    // Unblocked, the revoked sessions stay ended: now simply expired.
    expect((await mutate(t.app, 'subadmins.setBlocked', { id: c.id, blocked: false }, adminSession)).status).toBe(200);
    expect(await ended(c.caller)).toBe('expired');
  });

  it('an expired company, a removed user, a signed-out session and no session at all', async () => {
    const c = await company();
    await db()
      .updateTable('subadmins')
      .set({ expiry_date: addDays(todayIn('Asia/Kolkata'), -1) })
      .where('id', '=', c.id)
      .execute();
    expect(await ended(c.owner)).toBe('company_expired');
    expect(await ended(c.caller)).toBe('company_expired');

    const d = await company();
    expect((await mutate(t.app, 'users.remove', { id: d.user.id }, d.owner)).status).toBe(200);
    expect(await ended(d.caller)).toBe('account_deleted');
    expect((await mutate(t.app, 'auth.signOut', undefined, d.owner)).status).toBe(200);
    expect(await ended(d.owner)).toBe('expired');
    expect(await ended(null)).toBeNull();
    expect(await ended({ token: 'not-a-token', cookie: 'sid=not-a-token' })).toBe('expired');
  });
});
