import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { hashToken } from '../server/auth/tokens.js';
import { SESSION_IDLE_MS } from '../server/auth/sessions.js';

describe.each(dialects)('sign-in and sessions on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('signs each kind in through its own call and answers me', async () => {
    const admin = await insertAdmin(t.deps.db);
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id, 'Telicaller-hade');

    const a = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, a)).data).toMatchObject({ kind: 'admin', id: admin.id });

    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, s)).data).toMatchObject({ kind: 'subadmin', subadminId: company.id });

    const res = await legacy(t.app, 'POST', '/auth/login', null, { mobile: `+91 ${user.mobile}`, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, userType: 'Telicaller-hade', username: user.name });
    expect(typeof res.body.token).toBe('string');
  });

  it('refuses a wrong password with one message, and an unknown account with the same', async () => {
    const company = await insertCompany(t.deps.db);
    const wrong = await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: 'nope' });
    const unknown = await legacy(t.app, 'POST', '/subadmin/login', null, { email: 'nobody@test.local', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: false, success: false, message: 'Invalid credentials.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates required fields with the schema messages', async () => {
    const res = await mutate(t.app, 'auth.signInUser', { mobile: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Mobile is required.');
    const legacyRes = await legacy(t.app, 'POST', '/admin/login', null, { email: 'not-an-email', password: 'x' });
    expect(legacyRes.status).toBe(400);
    expect(legacyRes.body.message).toBe('Enter a valid email address.');
  });

  it('sets an httpOnly SameSite cookie on sign-in and revokes the session on sign-out', async () => {
    const company = await insertCompany(t.deps.db);
    const res = await mutate(t.app, 'auth.signInSubadmin', { email: company.email, password: PASSWORD });
    const cookie = String(res.setCookie);
    expect(cookie).toMatch(/sid=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = { token: /sid=([^;]+)/.exec(cookie)![1]!, cookie: cookie.split(';')[0]! };
    expect((await query(t.app, 'auth.me', undefined, session)).data?.kind).toBe('subadmin');
    expect((await mutate(t.app, 'auth.signOut', undefined, session)).status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, session)).data).toBeNull();
    expect((await mutate(t.app, 'auth.signOut', undefined, session)).status).toBe(401);
  });

  it('locks out a blocked or expired company and its users, open sessions included', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const u = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });

    await t.deps.db.updateTable('subadmins').set({ is_blocked: 1 }).where('id', '=', company.id).execute();
    for (const session of [s, u]) {
      const me = await mutate(t.app, 'auth.signOut', undefined, session);
      expect(me.status).toBe(401);
      expect(me.error?.message).toMatch(/blocked/);
    }
    const again = await legacy(t.app, 'POST', '/auth/login', null, { mobile: user.mobile, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/company account is blocked/);

    const yesterday = addDays(todayIn('Asia/Kolkata'), -1);
    await t.deps.db.updateTable('subadmins').set({ is_blocked: 0, expiry_date: yesterday }).where('id', '=', company.id).execute();
    const expired = await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: PASSWORD });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toContain(`expired on ${yesterday}`);
  });

  it('locks out a blocked user at once', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const u = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    await t.deps.db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', user.id).execute();
    const res = await mutate(t.app, 'auth.signOut', undefined, u);
    expect(res.status).toBe(401);
    expect(res.error?.message).toMatch(/account is blocked/);
  });

  it('rate-limits failed sign-ins per account with a clear message', async () => {
    const company = await insertCompany(t.deps.db);
    for (let i = 0; i < 5; i++) {
      await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: 'wrong' });
    }
    const res = await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
  });

  it('ends a session after its idle time and after its absolute lifetime', async () => {
    const company = await insertCompany(t.deps.db);
    const idle = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const old = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const fresh = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const rowOf = (s: { token: string }) => t.deps.db.updateTable('sessions').where('token_hash', '=', hashToken(s.token));
    await rowOf(idle)
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000).toISOString() })
      .execute();
    await rowOf(old)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    for (const s of [idle, old]) {
      const res = await mutate(t.app, 'auth.signOut', undefined, s);
      expect(res.status).toBe(401);
      expect(res.error?.message).toBe('Your session has expired. Please sign in again.');
    }
    expect((await query(t.app, 'auth.me', undefined, fresh)).data?.kind).toBe('subadmin');
  });

  it('stores only a hash of the session token', async () => {
    const company = await insertCompany(t.deps.db);
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const rows = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === s.token)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(s.token))).toBe(true);
    expect(Buffer.from(s.token, 'base64url')).toHaveLength(32);
  });

  it('rate-limits failed sign-ins per address across accounts', async () => {
    const ip = '203.0.113.77';
    const attempt = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/webapi/subadmin/login', remoteAddress: ip, payload: { email, password } });
    for (let i = 0; i < 30; i++) await attempt(`nobody${i}@test.local`, 'wrong');
    const company = await insertCompany(t.deps.db);
    const res = await attempt(company.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/subadmin/login',
      remoteAddress: '198.51.100.9',
      payload: { email: company.email, password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not let X-Forwarded-For lift the per-address limit unless a proxy is trusted', async () => {
    const ip = '203.0.113.78';
    const attempt = (email: string, password: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webapi/subadmin/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${n % 250}` },
        payload: { email, password },
      });
    for (let i = 0; i < 30; i++) await attempt(`nobody-xff${i}@test.local`, 'wrong', i);
    const company = await insertCompany(t.deps.db);
    expect((await attempt(company.email, PASSWORD, 99)).statusCode).toBe(429);
  });

  it('with TRUST_PROXY counts the address the trusted proxy reports', async () => {
    const proxied = await buildTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
    try {
      const attempt = (email: string, password: string, client: string, via = '127.0.0.1') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/webapi/subadmin/login',
          remoteAddress: via,
          headers: { 'x-forwarded-for': client },
          payload: { email, password },
        });
      for (let i = 0; i < 30; i++) await attempt(`nobody-proxied${i}@test.local`, 'wrong', '203.0.113.90');
      const company = await insertCompany(proxied.deps.db);
      expect((await attempt(company.email, PASSWORD, '203.0.113.90')).statusCode).toBe(429);
      expect((await attempt(company.email, PASSWORD, '203.0.113.91')).statusCode).toBe(200);
      // A header from an address that is not the proxy is not believed.
      for (let i = 0; i < 30; i++) await attempt(`nobody-direct${i}@test.local`, 'wrong', `192.0.2.${i}`, '198.51.100.50');
      expect((await attempt(company.email, PASSWORD, '192.0.2.200', '198.51.100.50')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  const LOGIN_PATHS = [
    '/api/webapi/subadmin/login',
    '/%61pi/webapi/subadmin/login',
    '/api/webapi/subadmin/%6Cogin',
    '/%61%70%69/webapi/subadmin/login',
    '//api/webapi/subadmin/login',
    '/api//webapi/subadmin/login',
    '/api/webapi/./subadmin/login',
    '/api/webapi/x/../subadmin/login',
    '/API/webapi/subadmin/login',
    '/api/webapi/subadmin/login/',
    '/api/webapi/subadmin/login?x=1',
    '/api/webapi/subadmin/login;x',
  ];
  const TRPC_PATHS = ['/trpc/auth.signInSubadmin', '/%74rpc/auth.signInSubadmin', '/trpc/auth.signInSubadmin?batch=0'];

  it.each([['https://evil.example'], ['null']])('never signs in from another site (Origin %s), however the path is spelled', async (origin) => {
    const company = await insertCompany(t.deps.db);
    for (const url of [...LOGIN_PATHS, ...TRPC_PATHS]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: company.email, password: PASSWORD }),
      });
      expect([403, 404], `${origin} ${url}`).toContain(res.statusCode);
      expect(String(res.headers['set-cookie'] ?? ''), url).not.toMatch(/sid=/);
    }
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const signOut = await t.app.inject({ method: 'POST', url: '/trpc/auth.signOut', headers: { cookie: s.cookie, origin } });
    expect(signOut.statusCode).toBe(403);
    expect((await query(t.app, 'auth.me', undefined, s)).data?.kind).toBe('subadmin');
  });

  it('still serves same-origin and token requests, however the path is spelled', async () => {
    const company = await insertCompany(t.deps.db);
    const sameOrigin = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
    for (const url of ['/api/webapi/subadmin/login', '/%61pi/webapi/subadmin/login', '/%74rpc/auth.signInSubadmin']) {
      const res = await t.app.inject({ method: 'POST', url, headers: sameOrigin, payload: JSON.stringify({ email: company.email, password: PASSWORD }) });
      expect(res.statusCode, url).toBe(200);
    }
    // No Origin and no Sec-Fetch-Site: a client that is not a browser.
    const plain = await t.app.inject({ method: 'POST', url: '/api/webapi/subadmin/login', payload: { email: company.email, password: PASSWORD } });
    expect(plain.statusCode).toBe(200);
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    // A token is not sent by a browser on its own: Origin null does not matter then.
    const viaToken = await t.app.inject({ method: 'GET', url: '/%61pi/webapi/users', headers: { authorization: `Bearer ${s.token}`, origin: 'null' } });
    expect(viaToken.statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/webapi/logout', headers: { authorization: `Bearer ${s.token}`, origin: 'null' } });
    expect(logout.statusCode).toBe(200);
    const cookieSession = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const viaCookie = await t.app.inject({ method: 'GET', url: '/%61pi/webapi/users', headers: { cookie: cookieSession.cookie } });
    expect(viaCookie.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/%74rpc/auth.signOut', headers: { cookie: cookieSession.cookie, ...sameOrigin } });
    expect(out.statusCode).toBe(200);
  });

  it('refuses cookie-borne state changes from another site', async () => {
    const company = await insertCompany(t.deps.db);
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.signOut', headers: { cookie: s.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    const formPost = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signOut',
      payload: 'a=1',
      headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formPost.statusCode).toBe(403);
    expect((await query(t.app, 'auth.me', undefined, s)).data?.kind).toBe('subadmin');
  });
});
