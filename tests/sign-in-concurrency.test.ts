import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase, type Database } from '../server/db/database.js';
import { dialects, testAppFor } from './helpers/app.js';
import { PASSWORD } from './helpers/fixtures.js';
import { attempt, knownDeviceCookie, newAccount, type SignInKind } from './helpers/sign-in-attempts.js';

const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\./;

function message(res: LightMyRequestResponse): string {
  const body = res.json();
  return body.message ?? body.error?.message;
}

/** The 40 answers: how many were judged on the password (401), the rest refused with the usual message. */
function tally(answers: LightMyRequestResponse[]) {
  const checked = answers.filter((r) => r.statusCode === 401).length;
  const refused = answers.filter((r) => r.statusCode === 429);
  for (const r of refused) expect(message(r)).toMatch(LOCKED);
  expect(checked + refused.length).toBe(answers.length);
  return checked;
}

describe.each(dialects)('sign-in limits under parallel requests on %s', (dialect) => {
  const t = testAppFor(dialect);

  for (const trpc of [false, true]) {
    it.each(['admin', 'subadmin', 'user'] as SignInKind[])(
      `40 parallel wrong passwords for the %s (${trpc ? 'tRPC' : 'REST'}) get at most 5 checks`,
      async (kind) => {
        const login = await newAccount(t.deps.db, kind);
        const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(t.app, kind, login, `wrong-${i}`, { trpc })));
        expect(tally(answers)).toBeLessThanOrEqual(5);
        const right = await attempt(t.app, kind, login, PASSWORD, { trpc });
        expect(right.statusCode).toBe(429);
        expect(message(right)).toMatch(LOCKED);
      },
    );
  }

  it('a known browser failing in parallel gets at most its own 10 checks', async () => {
    const login = await newAccount(t.deps.db, 'user');
    const device = knownDeviceCookie((await attempt(t.app, 'user', login, PASSWORD)).headers['set-cookie']);
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt(t.app, 'user', login, 'wrong', { cookie: device })));
    expect(tally(answers)).toBeLessThanOrEqual(10);
    expect((await attempt(t.app, 'user', login, PASSWORD, { cookie: device })).statusCode).toBe(429);
  });

  it('one address failing on 40 accounts in parallel gets at most 30 checks', async () => {
    const ip = '203.0.113.77';
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(t.app, 'subadmin', `nobody-par${i}@test.local`, 'wrong', { ip })));
    expect(tally(answers)).toBeLessThanOrEqual(30);
    const login = await newAccount(t.deps.db, 'subadmin');
    expect((await attempt(t.app, 'subadmin', login, PASSWORD, { ip })).statusCode).toBe(429);
  });

  it('a success gives its address its attempt back', async () => {
    const ip = '203.0.113.78';
    const logins = await Promise.all(Array.from({ length: 35 }, () => newAccount(t.deps.db, 'admin')));
    for (let i = 0; i < logins.length; i += 5) {
      const answers = await Promise.all(logins.slice(i, i + 5).map((login) => attempt(t.app, 'admin', login, PASSWORD, { ip })));
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    }
    const wrong = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(t.app, 'admin', `nobody-ok${i}@test.local`, 'wrong', { ip })));
    expect(wrong.map((r) => r.statusCode)).toEqual(wrong.map(() => 401));
  });

  it('a refused attempt and a success leave no count behind for their address', async () => {
    const login = await newAccount(t.deps.db, 'subadmin');
    for (let i = 0; i < 5; i++) await attempt(t.app, 'subadmin', login, 'wrong');
    const addressRow = (ip: string) => t.deps.db.selectFrom('sign_in_failures').selectAll().where('key', '=', `ip:${ip}`).execute();
    const refusedFrom = '203.0.113.79';
    expect((await attempt(t.app, 'subadmin', login, PASSWORD, { ip: refusedFrom })).statusCode).toBe(429);
    expect(await addressRow(refusedFrom)).toEqual([]);
    const other = await newAccount(t.deps.db, 'subadmin');
    const signedInFrom = '203.0.113.80';
    expect((await attempt(t.app, 'subadmin', other, PASSWORD, { ip: signedInFrom })).statusCode).toBe(200);
    expect(await addressRow(signedInFrom)).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('two instances on one Postgres share the limit under parallel requests', async () => {
    const database: Database = createDatabase(process.env.TEST_DATABASE_URL!, { pgSchema: t.database.pgSchema });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL!, UPLOADS_DIR: t.uploadsDir, LOG_LEVEL: 'silent' });
    const other: BuiltApp = await buildApp(config, { database, logger: false });
    try {
      await other.app.ready();
      const login = await newAccount(t.deps.db, 'user');
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? other.app : t.app, 'user', login, `wrong-${i}`, { trpc: i % 4 < 2 })),
      );
      expect(tally(answers)).toBeLessThanOrEqual(5);
    } finally {
      await other.app.close();
      await database.close();
    }
  });
});
