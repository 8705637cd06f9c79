import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { mutate, signIn } from './helpers/http.js';
import { DEMO, seedDemo } from '../seed/demo.js';
import { hashPassword } from '../server/auth/passwords.js';
import { demoAccountsWithPublishedPasswords, isLoopbackHost } from '../server/auth/demo-passwords.js';
import { startServer } from './helpers/server-process.js';

describe('loopback listen hosts', () => {
  it('tells loopback from addresses open to the network', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe.each(dialects)('demo accounts on a server open to the network, on %s', (dialect) => {
  const t = testAppFor(dialect, { HOST: '0.0.0.0', PORT: '3100' });

  it('refuses every demo account its published password with how to set a real one, and a changed password signs in', async () => {
    await seedDemo(t.deps);
    const sign = {
      admin: () => mutate(t.app, 'auth.signInAdmin', DEMO.admin),
      subadmin: () => mutate(t.app, 'auth.signInSubadmin', DEMO.subadmin),
      telecaller: () => mutate(t.app, 'auth.signInUser', DEMO.telecaller),
      head: () => mutate(t.app, 'auth.signInUser', DEMO.head),
    };
    for (const [who, attempt] of Object.entries(sign)) {
      const answer = await attempt();
      expect(answer.status, who).toBe(403);
      expect(answer.error!.message, who).toMatch(
        /^This demo account still has its published password, and this server is open to the network \(HOST=0\.0\.0\.0\)/,
      );
    }
    expect((await sign.subadmin()).error!.message).toContain('sign in at http://localhost:3100/subadminsignin and change it on Profile Update');
    expect((await sign.telecaller()).error!.message).toContain("the company's owner must restart the server with HOST=127.0.0.1");
    expect((await sign.admin()).error!.message).toContain('SEED_DEMO=0, ADMIN_EMAIL and ADMIN_PASSWORD');
    // The original client's sign-in goes through the same rule.
    await expect(signIn(t.app, { kind: 'user', ...DEMO.developer })).rejects.toThrow(/\(403\).*published password/);
    // No session was opened by a refused sign-in.
    expect(await t.deps.db.selectFrom('sessions').select('id').execute()).toEqual([]);

    expect((await demoAccountsWithPublishedPasswords(t.deps)).sort()).toEqual(
      [DEMO.admin.email, DEMO.subadmin.email, DEMO.telecaller.mobile, DEMO.head.mobile, DEMO.developer.mobile, '9876500004'].sort(),
    );
    await t.deps.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-real-password-1') })
      .where('mobile', '=', DEMO.telecaller.mobile)
      .execute();
    await t.deps.db
      .updateTable('subadmins')
      .set({ password_hash: await hashPassword('a-real-password-2') })
      .where('email', '=', DEMO.subadmin.email)
      .execute();
    expect((await mutate(t.app, 'auth.signInUser', { mobile: DEMO.telecaller.mobile, password: 'a-real-password-1' })).status).toBe(200);
    expect((await mutate(t.app, 'auth.signInSubadmin', { email: DEMO.subadmin.email, password: 'a-real-password-2' })).status).toBe(200);
    expect(await demoAccountsWithPublishedPasswords(t.deps)).not.toContain(DEMO.telecaller.mobile);
    expect(await demoAccountsWithPublishedPasswords(t.deps)).not.toContain(DEMO.subadmin.email);
  });
});

describe.each(dialects)('demo accounts on a loopback server, on %s', (dialect) => {
  const t = testAppFor(dialect, { HOST: 'localhost' });

  it('signs them in with their published passwords and has nothing to warn of', async () => {
    await seedDemo(t.deps);
    expect((await mutate(t.app, 'auth.signInAdmin', DEMO.admin)).status).toBe(200);
    expect((await mutate(t.app, 'auth.signInSubadmin', DEMO.subadmin)).status).toBe(200);
    expect((await mutate(t.app, 'auth.signInUser', DEMO.head)).status).toBe(200);
    expect(await demoAccountsWithPublishedPasswords(t.deps)).toEqual([]);
  });
});

describe('the start log of a server open to the network', () => {
  it('says the demo accounts cannot sign in with their published passwords, and how to set real ones', async () => {
    const server = await startServer({ env: { HOST: '0.0.0.0', SEED_DEMO: '1' } });
    try {
      const until = Date.now() + 20_000;
      while (!server.output().includes('opens this server to the network') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const log = server.output();
      expect(log).toContain('HOST=0.0.0.0 opens this server to the network: the demo accounts admin@demo.local, owner@sunrise.demo');
      expect(log).toContain('still have their published passwords and cannot sign in');
      expect(log).toContain(`restart with HOST=127.0.0.1, sign in at http://localhost:${server.port} from this machine and change their passwords`);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
