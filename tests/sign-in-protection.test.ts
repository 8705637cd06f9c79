import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';

type Kind = 'admin' | 'subadmin' | 'user';
const LOGIN = { admin: '/api/webapi/admin/login', subadmin: '/api/webapi/subadmin/login', user: '/api/webapi/auth/login' };
const TRPC_LOGIN = { admin: '/trpc/auth.signInAdmin', subadmin: '/trpc/auth.signInSubadmin', user: '/trpc/auth.signInUser' };

/** The known-device cookie a response sets, as a Cookie header value ('' if none). */
function knownDeviceCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const c = all.find((h) => h.startsWith('kd='));
  return c ? c.split(';')[0]! : '';
}

let addressSeq = 0;
const freshAddress = () => `198.18.${Math.floor(++addressSeq / 250) % 250}.${addressSeq % 250}`;

function attempt(app: FastifyInstance, kind: Kind, login: string, password: string, opts: { cookie?: string; ip?: string; trpc?: boolean } = {}) {
  const body = kind === 'user' ? { mobile: login, password } : { email: login, password };
  return app.inject({
    method: 'POST',
    url: opts.trpc ? TRPC_LOGIN[kind] : LOGIN[kind],
    remoteAddress: opts.ip ?? freshAddress(),
    headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

describe.each(dialects)('sign-in protection on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  async function account(kind: Kind): Promise<string> {
    if (kind === 'admin') return (await insertAdmin(t.deps.db)).email;
    const company = await insertCompany(t.deps.db);
    if (kind === 'subadmin') return company.email;
    return (await insertUser(t.deps.db, company.id)).mobile;
  }

  it.each(['admin', 'subadmin', 'user'] as Kind[])(
    'an attacker failing 50 times cannot keep the %s out of the browser it signed in with before',
    async (kind) => {
      const login = await account(kind);
      const first = await attempt(t.app, kind, login, PASSWORD);
      expect(first.statusCode).toBe(200);
      const device = knownDeviceCookie(first.headers['set-cookie']);
      expect(device).toMatch(/^kd=.+/);

      for (let i = 0; i < 50; i++) {
        const res = await attempt(t.app, kind, login, `wrong-${i}`);
        expect([401, 429]).toContain(res.statusCode);
      }
      // The guesser, even with the right password, is stopped, and told so.
      const guesser = await attempt(t.app, kind, login, PASSWORD);
      expect(guesser.statusCode).toBe(429);
      expect(guesser.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
      expect(guesser.json().message).toMatch(/browser you have signed in with before/);

      // The owner, from its browser, is not.
      const owner = await attempt(t.app, kind, login, PASSWORD, { cookie: device });
      expect(owner.statusCode).toBe(200);
      const viaTrpc = await attempt(t.app, kind, login, PASSWORD, { cookie: device, trpc: true });
      expect(viaTrpc.statusCode).toBe(200);
      // A wrong password from that browser is still just a wrong password.
      expect((await attempt(t.app, kind, login, 'typo', { cookie: device })).statusCode).toBe(401);
    },
  );

  it('a forged cookie, or one earned on another account, does not lift the lock', async () => {
    const victim = await account('subadmin');
    const other = await account('subadmin');
    const otherDevice = knownDeviceCookie((await attempt(t.app, 'subadmin', other, PASSWORD)).headers['set-cookie']);
    const victimDevice = knownDeviceCookie((await attempt(t.app, 'subadmin', victim, PASSWORD)).headers['set-cookie']);
    for (let i = 0; i < 5; i++) await attempt(t.app, 'subadmin', victim, 'wrong');
    const forged = `kd=${victimDevice.slice(3, -2)}AA`;
    for (const cookie of [otherDevice, forged, 'kd=', 'kd=garbage~more']) {
      const res = await attempt(t.app, 'subadmin', victim, PASSWORD, { cookie });
      expect(res.statusCode, cookie).toBe(429);
    }
    expect((await attempt(t.app, 'subadmin', victim, PASSWORD, { cookie: victimDevice })).statusCode).toBe(200);
  });

  it('one browser remembers several accounts, and a known browser that keeps failing is stopped too', async () => {
    const a = await account('subadmin');
    const b = await account('user');
    const first = knownDeviceCookie((await attempt(t.app, 'subadmin', a, PASSWORD)).headers['set-cookie']);
    const both = knownDeviceCookie((await attempt(t.app, 'user', b, PASSWORD, { cookie: first })).headers['set-cookie']);
    for (let i = 0; i < 5; i++) {
      await attempt(t.app, 'subadmin', a, 'wrong');
      await attempt(t.app, 'user', b, 'wrong');
    }
    expect((await attempt(t.app, 'subadmin', a, PASSWORD, { cookie: both })).statusCode).toBe(200);
    expect((await attempt(t.app, 'user', b, PASSWORD, { cookie: both })).statusCode).toBe(200);

    const device = both;
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, 'subadmin', a, 'wrong', { cookie: device })).statusCode).toBe(401);
    const stopped = await attempt(t.app, 'subadmin', a, PASSWORD, { cookie: device });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('keeps the per-address limit for every browser', async () => {
    const ip = '203.0.113.201';
    const login = await account('subadmin');
    const device = knownDeviceCookie((await attempt(t.app, 'subadmin', login, PASSWORD)).headers['set-cookie']);
    for (let i = 0; i < 30; i++) await attempt(t.app, 'subadmin', `nobody-kd${i}@test.local`, 'wrong', { ip });
    expect((await attempt(t.app, 'subadmin', login, PASSWORD, { ip, cookie: device })).statusCode).toBe(429);
  });

  it('sets the cookie httpOnly and SameSite=Strict, naming no account, and keeps its key across restarts', async () => {
    const login = await account('admin');
    const res = await attempt(t.app, 'admin', login, PASSWORD);
    const header = [res.headers['set-cookie']].flat().find((h) => h?.startsWith('kd='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toContain(login);
    const keys = await t.deps.db.selectFrom('app_secrets').select(['name', 'value']).execute();
    expect(keys).toHaveLength(1);
    const { loadKnownDevices } = await import('../server/auth/known-devices.js');
    const again = await loadKnownDevices(t.deps.db);
    const admin = await t.deps.db.selectFrom('admins').select('id').where('email', '=', login).executeTakeFirstOrThrow();
    expect(again.isKnown(knownDeviceCookie(res.headers['set-cookie']).slice(3), { kind: 'admin', id: admin.id })).toBe(true);
  });
});
