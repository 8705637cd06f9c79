// Issue 31, items 4 and 5: what one client may hold is bounded. Under a low open-file limit, idle
// connections past the limit (and failures to accept once files run out) never end the server, and
// /healthz answers; one session's thousands of event streams and one telecaller's thousands of push
// subscriptions (to a push service that never answers) leave a few of each, and /healthz is judged
// as in the fuzz test while alerts go to them.
import net from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { DEMO } from '../../seed/demo.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { timeIn, todayIn } from '../../shared/dates.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';
import { STREAMS_PER_SESSION } from '../../server/services/alerts/hub.js';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../server/services/alerts/push.service.js';
import { PUSH_CONCURRENCY } from '../../server/services/alerts/push-sender.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { startServer, watchHealth, type HealthWatch, type LatencyReport, type ServerProcess } from '../helpers/server-process.js';

/** The open-file limit the server runs under (ulimit -n). */
const OPEN_FILES = 256;
/** the longest /healthz may take beyond a bare server asked at the same moment (as the fuzz test judges it) */
const HEALTH_MS = 100;
const STREAMS = 2_000;
const SUBSCRIPTIONS = 2_000;
const ALERTS = 50;

let server: ServerProcess | undefined;
let health: HealthWatch | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  health?.kill();
  health = undefined;
  for (const s of sockets.splice(0)) s.destroy();
  await server?.kill();
  server = undefined;
});

const healthz = async (base: string) => (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).status;

/** Opens `n` connections that never send a byte, all at once; answers once each has connected or failed. */
async function idleConnections(port: number, n: number): Promise<{ refused: number }> {
  let refused = 0;
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => resolve());
          s.on('error', () => {
            refused++;
            resolve();
          });
          sockets.push(s);
        }),
    ),
  );
  return { refused };
}

const judge = (h: LatencyReport, what: string) => {
  console.log(
    `${what}: /healthz ${h.count} times, max ${h.max.toFixed(1)} ms (beyond a bare server ${h.maxBeyondReference!.toFixed(1)} ms), ` +
      `p99 ${h.p99.toFixed(1)} ms, slowest ${h.slowestAt.join(', ')}, failures ${h.failures}`,
  );
  expect(h.count).toBeGreaterThan(10);
  expect(h.failures).toBe(0);
  expect(h.maxBeyondReference).toBeLessThan(HEALTH_MS);
};

const outOfFilesCrash = (out: string) => /EMFILE[\s\S]*\n\s+at |uncaught|Node\.js v\d/i.test(out);

describe(`a server under an open-file limit of ${OPEN_FILES}`, () => {
  it('holds connections below the limit: idle ones past it are closed, it never exits, and /healthz answers', async () => {
    server = await startServer({ openFiles: OPEN_FILES, env: { SEED_DEMO: '0' } });
    const { refused } = await idleConnections(server.port, OPEN_FILES * 2);
    // The server closes the idle ones near its cap (after a second's grace to send a request): then it answers.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(server.child.exitCode).toBeNull();
    console.log(`${OPEN_FILES * 2} idle connections: ${refused} refused at once, ${sockets.filter((s) => s.destroyed).length} closed by now`);
    expect(sockets.filter((s) => s.destroyed).length).toBeGreaterThan(OPEN_FILES);
    // While the client still holds what it opened:
    health = watchHealth(server.base);
    await new Promise((r) => setTimeout(r, 3_000));
    judge(await health.stop(), 'idle connections held');
    health = undefined;
    for (const s of sockets.splice(0)) s.destroy();
    expect(await healthz(server.base)).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(outOfFilesCrash(server.output())).toBe(false);
  });

  it('survives running out of files to accept with: a cap set above the limit is only refused connections', async () => {
    server = await startServer({ openFiles: OPEN_FILES, env: { SEED_DEMO: '0', MAX_CONNECTIONS: String(OPEN_FILES * 10) } });
    await idleConnections(server.port, OPEN_FILES * 2);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(server.child.exitCode).toBeNull();
    for (const s of sockets.splice(0)) s.destroy();
    // As soon as they close, it answers again.
    const until = Date.now() + 2_000;
    let status = 0;
    while (status !== 200 && Date.now() < until) status = await healthz(server.base).catch(() => 0);
    expect(status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(outOfFilesCrash(server.output())).toBe(false);
  });
});

/** The demo telecaller's ids, from the server's SQLite file. */
function demoTelecaller(dbFile: string): { id: number; subadminId: number } {
  const db = new (sqliteDriver().Database)(dbFile, { readonly: true });
  try {
    const row = db.prepare('select id, subadmin_id as subadminId from users where mobile = ?').get(DEMO.telecaller.mobile) as {
      id: number;
      subadminId: number;
    };
    return row;
  } finally {
    db.close();
  }
}

/** `n` follow-up leads of the telecaller whose callback came a minute ago: the callback job alerts each. */
function dueCallbacks(dbFile: string, owner: { id: number; subadminId: number }, n: number): void {
  const db = new (sqliteDriver().Database)(dbFile);
  try {
    const zone = (db.prepare('select time_zone from subadmins where id = ?').get(owner.subadminId) as { time_zone: string }).time_zone;
    const at = new Date(Date.now() - 60_000);
    const now = new Date().toISOString();
    const insert = db.prepare(`insert into leads (subadmin_id, visible, name, mobile, requirement, area, category, upload_date, telicaller_id,
      telicaller_send_date, status, callback_date, callback_time, created_at, updated_at) values (?, 1, ?, ?, 'x', 'Pune', 'Local Leads', ?, ?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < n; i++)
        insert.run(
          owner.subadminId,
          `Due ${i}`,
          `81${String(i).padStart(8, '0')}`,
          now,
          owner.id,
          now,
          LEAD_STATUS.followUp,
          todayIn(zone, at),
          timeIn(zone, at),
          now,
          now,
        );
    })();
  } finally {
    db.close();
  }
}

async function signInTelecaller(base: string): Promise<string> {
  const res = await fetch(`${base}/api/webapi/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: DEMO.telecaller.mobile, password: DEMO.telecaller.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('one client of many event streams and push subscriptions', () => {
  it(`keeps ${STREAMS_PER_SESSION} of one session's ${STREAMS} event streams, and ${ALERTS} alerts to it leave /healthz as it was`, async () => {
    server = await startServer({ openFiles: OPEN_FILES, env: { CALLBACK_ALERT_CHECK_SECONDS: '1' } });
    const cookie = `${SESSION_COOKIE}=${await signInTelecaller(server.base)}`;
    const streams: EventStream[] = [];
    // Twenty at a time; the last few one by one, so that which are newest is known.
    const last = 2 * STREAMS_PER_SESSION;
    for (let i = 0; i < STREAMS - last; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, STREAMS - last - i) }, () => openEventStream(`${server!.base}/api/events`, cookie)));
      streams.push(...batch);
    }
    for (let i = 0; i < last; i++) streams.push(await openEventStream(`${server.base}/api/events`, cookie));
    for (const s of streams) expect(s.status).toBe(200);
    // The oldest were ended as the newer came.
    const ended = new Set<number>();
    streams.forEach((s, i) => void s.ended.then(() => ended.add(i)));
    await new Promise((r) => setTimeout(r, 300));
    expect(STREAMS - ended.size).toBe(STREAMS_PER_SESSION);
    expect(streams.slice(-STREAMS_PER_SESSION).every((_, i) => !ended.has(STREAMS - STREAMS_PER_SESSION + i))).toBe(true);

    // Judged from the alerts on: what the streams cost their delivery (opening them is ordinary requests).
    health = watchHealth(server.base);
    await new Promise((r) => setTimeout(r, 500));
    dueCallbacks(server.dbFile, demoTelecaller(server.dbFile), ALERTS);
    const newest = streams.slice(-STREAMS_PER_SESSION);
    for (const s of newest) {
      const until = Date.now() + 10_000;
      while (s.events.filter((e) => e.event === 'alert').length < ALERTS && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(s.events.filter((e) => e.event === 'alert')).toHaveLength(ALERTS);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    judge(await health.stop(), `${STREAMS} streams, then ${ALERTS} alerts`);
    health = undefined;
    for (const s of streams) s.close();
    expect(server.child.exitCode).toBeNull();
  });

  it(`keeps ${PUSH_SUBSCRIPTIONS_PER_USER} of one telecaller's ${SUBSCRIPTIONS} push subscriptions, pushed to a few at a time however slow the push service`, async (ctx) => {
    // A push service that accepts and never answers, on port 443 (the only one the server posts to) of
    // a loopback address of its own: binding it needs the privilege to use port 443.
    const address = `127.${1 + (process.pid % 200)}.${randomBytes(1)[0]! % 250}.${1 + (randomBytes(1)[0]! % 250)}`;
    const held: net.Socket[] = [];
    let connections = 0;
    const silent = net.createServer((s) => {
      connections++;
      held.push(s);
      s.on('error', () => undefined);
    });
    const bound = await new Promise<boolean>((resolve) => {
      silent.once('error', () => resolve(false));
      silent.listen(443, address, () => resolve(true));
    });
    if (!bound) ctx.skip();
    try {
      server = await startServer({ openFiles: OPEN_FILES, env: { CALLBACK_ALERT_CHECK_SECONDS: '1', PUSH_SERVICE_HOSTS: address } });
      const token = await signInTelecaller(server.base);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      const subscribe = (i: number) =>
        fetch(`${server!.base}/trpc/alerts.subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ endpoint: `https://${address}/push/${i}`, keys }),
        }).then((r) => r.status);
      // Twenty at a time; the last few one by one, so that which are newest is known.
      const last = 2 * PUSH_SUBSCRIPTIONS_PER_USER;
      for (let i = 0; i < SUBSCRIPTIONS - last; i += 20) {
        const statuses = await Promise.all(Array.from({ length: Math.min(20, SUBSCRIPTIONS - last - i) }, (_, j) => subscribe(i + j)));
        expect(new Set(statuses)).toEqual(new Set([200]));
      }
      for (let i = SUBSCRIPTIONS - last; i < SUBSCRIPTIONS; i++) expect(await subscribe(i)).toBe(200);
      const db = new (sqliteDriver().Database)(server.dbFile, { readonly: true });
      const kept = db.prepare('select endpoint from push_subscriptions order by id').all() as { endpoint: string }[];
      db.close();
      expect(kept.map((r) => r.endpoint)).toEqual(
        Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER }, (_, i) => `https://${address}/push/${SUBSCRIPTIONS - PUSH_SUBSCRIPTIONS_PER_USER + i}`),
      );

      // Judged from the alert on: what the subscriptions cost the push (the subscribing is ordinary writes).
      health = watchHealth(server.base);
      await new Promise((r) => setTimeout(r, 500));
      dueCallbacks(server.dbFile, demoTelecaller(server.dbFile), 1);
      await new Promise((r) => setTimeout(r, 4_000));
      expect(connections).toBeGreaterThan(0);
      expect(connections).toBeLessThanOrEqual(Math.min(PUSH_CONCURRENCY, PUSH_SUBSCRIPTIONS_PER_USER));
      judge(await health.stop(), `${SUBSCRIPTIONS} subscriptions, then an alert to a push service that never answers`);
      health = undefined;
      expect(server.child.exitCode).toBeNull();
    } finally {
      for (const s of held) s.destroy();
      await new Promise((r) => silent.close(() => r(undefined)));
    }
  });
});
