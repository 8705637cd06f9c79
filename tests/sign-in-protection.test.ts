import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { attempt, knownDeviceCookie, newAccount, type SignInKind } from './helpers/sign-in-attempts.js';
import { mutate, signIn } from './helpers/http.js';

describe.each(dialects)('sign-in protection on %s', (dialect) => {
  const t = testAppFor(dialect);

  it.each(['admin', 'subadmin', 'user'] as SignInKind[])(
    'an attacker failing 50 times cannot keep the %s out of the browser it signed in with before',
    async (kind) => {
      const login = await newAccount(t.deps.db, kind);
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
    const victim = await newAccount(t.deps.db, 'subadmin');
    const other = await newAccount(t.deps.db, 'subadmin');
    const otherDevice = knownDeviceCookie((await attempt(t.app, 'subadmin', other, PASSWORD)).headers['set-cookie']);
    const victimDevice = knownDeviceCookie((await attempt(t.app, 'subadmin', victim, PASSWORD)).headers['set-cookie']);
    for (let i = 0; i < 5; i++) await attempt(t.app, 'subadmin', victim, 'wrong');
    // The real cookie with its last two characters changed (a real one may itself end in AA).
    const real = victimDevice.slice(3);
    const forged = `kd=${real.slice(0, -2)}${real.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const cookie of [otherDevice, forged, 'kd=', 'kd=garbage~more']) {
      const res = await attempt(t.app, 'subadmin', victim, PASSWORD, { cookie });
      expect(res.statusCode, cookie).toBe(429);
    }
    expect((await attempt(t.app, 'subadmin', victim, PASSWORD, { cookie: victimDevice })).statusCode).toBe(200);
  });

  it('one browser remembers several accounts, and a known browser that keeps failing is stopped too', async () => {
    const a = await newAccount(t.deps.db, 'subadmin');
    const b = await newAccount(t.deps.db, 'user');
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
    const login = await newAccount(t.deps.db, 'subadmin');
    const device = knownDeviceCookie((await attempt(t.app, 'subadmin', login, PASSWORD)).headers['set-cookie']);
    for (let i = 0; i < 30; i++) await attempt(t.app, 'subadmin', `nobody-kd${i}@test.local`, 'wrong', { ip });
    expect((await attempt(t.app, 'subadmin', login, PASSWORD, { ip, cookie: device })).statusCode).toBe(429);
  });

  it('sets the cookie httpOnly and SameSite=Strict, naming no account, and keeps only its hash', async () => {
    const login = await newAccount(t.deps.db, 'admin');
    const res = await attempt(t.app, 'admin', login, PASSWORD);
    const header = [res.headers['set-cookie']].flat().find((h) => h?.startsWith('kd='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toContain(login);
    const token = knownDeviceCookie(res.headers['set-cookie']).slice(3);
    const admin = await t.deps.db.selectFrom('admins').select('id').where('email', '=', login).executeTakeFirstOrThrow();
    const rows = await t.deps.db.selectFrom('known_devices').selectAll().where('principal_kind', '=', 'admin').where('principal_id', '=', admin.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each(['admin', 'subadmin', 'user'] as SignInKind[])('gives each browser of the %s its own value, and keeps it on the next sign-in', async (kind) => {
    const login = await newAccount(t.deps.db, kind);
    const first = knownDeviceCookie((await attempt(t.app, kind, login, PASSWORD)).headers['set-cookie']);
    const second = knownDeviceCookie((await attempt(t.app, kind, login, PASSWORD)).headers['set-cookie']);
    expect(first).toMatch(/^kd=[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^kd=[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const again = knownDeviceCookie((await attempt(t.app, kind, login, PASSWORD, { cookie: first })).headers['set-cookie']);
    expect(again).toBe(first);
  });

  it("a browser that once signed in cannot lock the owner's browser out: each known browser has its own count", async () => {
    const login = await newAccount(t.deps.db, 'user');
    const owner = knownDeviceCookie((await attempt(t.app, 'user', login, PASSWORD)).headers['set-cookie']);
    const formerColleague = knownDeviceCookie((await attempt(t.app, 'user', login, PASSWORD)).headers['set-cookie']);
    for (let i = 0; i < 5; i++) expect((await attempt(t.app, 'user', login, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 10; i++) expect((await attempt(t.app, 'user', login, 'wrong', { cookie: formerColleague })).statusCode).toBe(401);
    expect((await attempt(t.app, 'user', login, PASSWORD, { cookie: formerColleague })).statusCode).toBe(429);
    expect((await attempt(t.app, 'user', login, PASSWORD)).statusCode).toBe(429);
    expect((await attempt(t.app, 'user', login, PASSWORD, { cookie: owner })).statusCode).toBe(200);
  });

  it('a password change forgets every browser known to the account', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const device = knownDeviceCookie((await attempt(t.app, 'user', user.mobile, PASSWORD)).headers['set-cookie']);
    const ownerSession = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const changed = await mutate(
      t.app,
      'users.update',
      { id: user.id, name: user.name, email: user.email, mobile: user.mobile, user_type: 'Telicaller', password: 'N3w-password!' },
      ownerSession,
    );
    expect(changed.status).toBe(200);
    for (let i = 0; i < 5; i++) await attempt(t.app, 'user', user.mobile, 'wrong');
    // The old browser is a stranger now: the lock holds for it, even with the new password.
    const res = await attempt(t.app, 'user', user.mobile, 'N3w-password!', { cookie: device });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/browser you have signed in with before/);
  });
});
