import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testAppFor, type TestApp } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertCompany, insertLead, insertUser, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn } from './helpers/http.js';
import { openEventStream, type EventStream } from './helpers/event-stream.js';
import { buildApp, type BuiltApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { nowIso } from '../server/db/dialect.js';
import { raiseAlerts, type LeadAlert } from '../server/services/alerts/alerts.js';
import { upsertSubscription } from '../server/services/alerts/push.repository.js';
import { PUSH_SUBSCRIPTIONS_PER_USER, pushAlert } from '../server/services/alerts/push.service.js';
import { PUSH_CONCURRENCY, PushSender } from '../server/services/alerts/push-sender.js';
import { STREAMS_PER_SESSION } from '../server/services/alerts/hub.js';
import { alertDueCallbacks } from '../server/services/alerts/callback-alerts.service.js';
import { timeIn, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const alert = (over: Partial<LeadAlert> & Pick<LeadAlert, 'subadminId' | 'userId'>): LeadAlert => ({
  kind: 'lead_routed',
  leadId: 1,
  leadName: 'Asha Enquiry',
  at: new Date().toISOString(),
  ...over,
});

/**
 * The app posts Web Push to https on port 443 only: in these tests every push host is reached through
 * this agent, which connects to the receiver last started (plain HTTP on a port of this machine).
 */
const pushRoute = { port: 0 };
class ReceiverAgent extends https.Agent {
  override createConnection(): net.Socket {
    return net.connect(pushRoute.port, '127.0.0.1');
  }
}
const pushAgent = new ReceiverAgent();
/** The push service's address as the subscriptions name it (any listed host would do: the agent decides where it goes). */
const PUSH_ORIGIN = 'https://fcm.googleapis.com';

/** A plain HTTP server that records what reaches it (where a redirect points). */
async function recorder() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(201).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { hits, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A Web Push receiver on this machine: checks the VAPID token and decrypts each message with the browser keys it made. */
async function pushReceiver() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const answers = new Map<string, number>();
  /** where an answer of 3xx points */
  const locations = new Map<string, string>();
  const inFlight = { now: 0, most: 0 };
  const server = http.createServer((req, res) => {
    inFlight.now++;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    res.on('close', () => inFlight.now--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      // 0: a push service that never answers
      const status = answers.get(req.url!) ?? 201;
      const location = locations.get(req.url!);
      if (status) res.writeHead(status, location ? { location } : {}).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  pushRoute.port = (server.address() as { port: number }).port;
  return {
    origin: PUSH_ORIGIN,
    received,
    answers,
    locations,
    inFlight,
    keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
    /** The VAPID header's claims after checking its signature with `publicKey` (base64url); throws if it does not verify. */
    vapid(headers: http.IncomingHttpHeaders, publicKey: string) {
      const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
      if (!m) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
      const [, h, c, s, k] = m as unknown as [string, string, string, string, string];
      expect(k).toBe(publicKey);
      const point = Buffer.from(k, 'base64url');
      const key = createPublicKey({
        format: 'jwk',
        key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      });
      const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
      if (!ok) throw new Error('VAPID signature does not verify');
      expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
      return JSON.parse(Buffer.from(c, 'base64url').toString()) as { aud: string; exp: number; sub: string };
    },
    /** RFC 8291 from the browser's side: the payload of an aes128gcm message. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const rs = body.readUInt32BE(16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      expect(rs).toBeGreaterThanOrEqual(record.length);
      const shared = ua.computeSecret(asPublic);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, info, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      expect(plain[end]).toBe(2); // the last record's delimiter
      return JSON.parse(plain.subarray(0, end).toString());
    },
  };
}

const until = async (cond: () => boolean | Promise<boolean>, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(dialects)('alerts on %s', (dialect) => {
  const t = testAppFor(dialect, {}, { pushAgent });
  let base: string;
  const streams: EventStream[] = [];
  const open = async (cookie?: string) => {
    const s = await openEventStream(`${base}/api/events`, cookie);
    streams.push(s);
    return s;
  };

  const signedInAgain = (mobile: string) => signIn(t.app, { kind: 'user', mobile, password: PASSWORD });

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of streams) s.close();
  });

  it('answers 401 to a request without a telecaller session', async () => {
    const none = await open();
    expect(none.status).toBe(401);
    const { owner } = await team(t);
    expect((await open(owner.cookie)).status).toBe(401);
    expect((await open('sid=not-a-session')).status).toBe(401);
  });

  it("streams the signed-in telecaller's alerts and nobody else's", async () => {
    const { company, caller, colleague, head } = await team(t);
    const other = await insertCompany(t.deps.db);
    const stream = await open(caller.session.cookie);
    expect(stream.status).toBe(200);
    const headStream = await open(head.session.cookie);
    expect(headStream.status).toBe(200);
    await stream.next(() => true, 200).catch(() => undefined);
    // A colleague's alert, and one for the same user id in another company, are raised first: had
    // either been sent, it would arrive before the caller's own.
    raiseAlerts([
      alert({ subadminId: company.id, userId: colleague.id, leadName: 'For the colleague' }),
      alert({ subadminId: other.id, userId: caller.id, leadName: 'Another company' }),
      alert({ subadminId: company.id, userId: caller.id, leadId: 42, leadName: 'Asha Enquiry', kind: 'repeat_enquiry' }),
      alert({ subadminId: company.id, userId: head.id, leadId: 43, leadName: 'For the head', kind: 'callback_due' }),
    ]);
    const got = await stream.next((e) => e.event === 'alert');
    expect(JSON.parse(got.data)).toEqual({
      kind: 'repeat_enquiry',
      leadId: 42,
      leadName: 'Asha Enquiry',
      at: expect.any(String),
      url: '/leadspage/lead/42?queue=new',
    });
    const forHead = await headStream.next((e) => e.event === 'alert');
    expect(JSON.parse(forHead.data)).toMatchObject({ leadName: 'For the head', url: '/leadspage/lead/43?queue=callback' });
    await new Promise((r) => setTimeout(r, 150));
    expect(stream.events.filter((e) => e.event === 'alert')).toHaveLength(1);
    expect(headStream.events.filter((e) => e.event === 'alert')).toHaveLength(1);
    expect(stream.text()).toMatch(/^retry: \d+\n/);
  });

  it('stops listening for a stream once its connection closes', async () => {
    const { caller } = await team(t);
    const listening = () => t.deps.alerts.openStreams;
    const before = listening();
    const stream = await open(caller.session.cookie);
    await until(() => listening() === before + 1);
    stream.close();
    await until(() => listening() === before);
  });

  it('gives the push key, and keeps and removes a browser subscription', async () => {
    const { caller, colleague } = await team(t);
    const key = await query(t.app, 'alerts.pushKey', undefined, caller.session);
    const publicKey = (key.data as { publicKey: string }).publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const receiver = await pushReceiver();
    try {
      const sub = { endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(4).toString('hex')}`, keys: receiver.keys };
      expect((await mutate(t.app, 'alerts.subscribe', { ...sub, endpoint: 'http://10.0.0.1/internal' }, caller.session)).status).toBe(400);
      // Only the browsers' push services: a subscription cannot make the server post to a host of the user's choosing.
      const elsewhere = await mutate(t.app, 'alerts.subscribe', { ...sub, endpoint: 'https://intranet.example.test/hook' }, caller.session);
      expect(elsewhere.status).toBe(400);
      expect(await t.deps.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', 'https://intranet.example.test/hook').execute()).toEqual([]);
      expect(
        (
          await mutate(
            t.app,
            'alerts.subscribe',
            { ...sub, endpoint: `https://wns2-par02p.notify.windows.com/w/?token=${randomBytes(4).toString('hex')}` },
            caller.session,
          )
        ).status,
      ).toBe(200);
      expect((await mutate(t.app, 'alerts.subscribe', { ...sub, keys: { ...sub.keys, p256dh: 'abc' } }, caller.session)).status).toBe(400);
      expect((await mutate(t.app, 'alerts.subscribe', sub, caller.session)).status).toBe(200);
      const rows = () => t.deps.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', sub.endpoint).execute();
      expect(await rows()).toEqual([{ user_id: caller.id, p256dh: receiver.keys.p256dh }]);
      // Someone else cannot remove it; its own user can.
      expect((await mutate(t.app, 'alerts.unsubscribe', { endpoint: sub.endpoint }, colleague.session)).data).toEqual({ removed: false });
      expect(await rows()).toHaveLength(1);
      expect((await mutate(t.app, 'alerts.unsubscribe', { endpoint: sub.endpoint }, caller.session)).data).toEqual({ removed: true });
      expect(await rows()).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('pushes every alert to the user’s browsers: encrypted for them, signed with the VAPID key; a gone one is removed', async () => {
    const { company, caller, colleague } = await team(t);
    const receiver = await pushReceiver();
    try {
      const publicKey = t.deps.alerts.vapid.publicKey.toString('base64url');
      const at = nowIso();
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}/live`, ...receiver.keys, at });
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}/gone`, ...receiver.keys, at });
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: colleague.id, endpoint: `${receiver.origin}/colleague`, ...receiver.keys, at });
      receiver.answers.set('/gone', 410);

      const a = alert({ subadminId: company.id, userId: caller.id, leadId: 7, leadName: 'Ravi Pushed' });
      // Through the bus, as the routing engine raises them: the push goes out after, in the background.
      t.deps.alerts.raise([a]);
      await until(() => receiver.received.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/gone', '/live']);
      for (const r of receiver.received) {
        const claims = receiver.vapid(r.headers, publicKey);
        expect(claims.aud).toBe(receiver.origin);
        expect(claims.sub).toMatch(/^mailto:/);
        expect(claims.exp * 1000).toBeGreaterThan(Date.now());
        expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
        expect(r.headers['content-encoding']).toBe('aes128gcm');
        expect(r.headers.urgency).toBe('high');
        expect(Number(r.headers.ttl)).toBeGreaterThan(0);
        expect(receiver.decrypt(r.body)).toEqual({
          kind: 'lead_routed',
          leadId: 7,
          leadName: 'Ravi Pushed',
          at: a.at,
          url: '/leadspage/lead/7?queue=new',
          lang: 'en',
        });
      }
      const left = async () =>
        (await t.deps.db.selectFrom('push_subscriptions').select('endpoint').where('subadmin_id', '=', company.id).orderBy('endpoint').execute()).map(
          (r) => r.endpoint,
        );
      await until(async () => (await left()).length === 2);
      expect(await left()).toEqual([`${receiver.origin}/colleague`, `${receiver.origin}/live`]);

      // Awaited directly: what one alert did. A push service that does not answer is given up on and
      // logged; the user's other browser gets the alert all the same.
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}/silent`, ...receiver.keys, at });
      receiver.answers.set('/silent', 0);
      const log: { msg: string }[] = [];
      const logger = { warn: (_o: object, msg: string) => log.push({ msg }) };
      const sender = new PushSender({ keys: t.deps.alerts.vapid, subject: 'mailto:ops@example.test', logger, timeoutMs: 300, agent: pushAgent });
      const started = Date.now();
      const result = await pushAlert(t.deps.db, sender, a);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result).toEqual({ sent: 1, removed: 0 });
      expect(log).toEqual([{ msg: 'push to a browser failed' }]);

      receiver.answers.set('/live', 404);
      receiver.answers.delete('/silent');
      expect(await pushAlert(t.deps.db, sender, a)).toEqual({ sent: 1, removed: 1 });
      expect(await left()).toEqual([`${receiver.origin}/colleague`, `${receiver.origin}/silent`]);

      // Signed out everywhere: the phone is not rung (its subscription stays for the next sign-in).
      await t.deps.db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('principal_kind', '=', 'user')
        .where('principal_id', '=', caller.id)
        .execute();
      const before = receiver.received.length;
      expect(await pushAlert(t.deps.db, sender, a)).toEqual({ sent: 0, removed: 0 });
      expect(receiver.received.length).toBe(before);
    } finally {
      await receiver.close();
    }
  });

  it('refuses an endpoint that is not an https address on port 443 with a clear message, and stores nothing', async () => {
    const { caller } = await team(t);
    const receiver = await pushReceiver();
    try {
      const cases: [string, RegExp][] = [
        ['https://[x]/', /not a valid address/],
        ['https://a:99999/', /not a valid address/],
        ['https://%/', /not a valid address/],
        ['https://[::1/', /not a valid address/],
        ['https://fcm.googleapis.com:8443/fcm/send/x', /port 443 only/],
        ['http://fcm.googleapis.com/fcm/send/x', /https only/],
      ];
      for (const [endpoint, message] of cases) {
        const res = await mutate(t.app, 'alerts.subscribe', { endpoint, keys: receiver.keys }, caller.session);
        expect(res.status, endpoint).toBe(400);
        expect(JSON.stringify(res.error), endpoint).toMatch(message);
      }
      expect(await t.deps.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', caller.id).execute()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it(`keeps a user's newest ${PUSH_SUBSCRIPTIONS_PER_USER} browser subscriptions: one more drops the oldest`, async () => {
    const { caller, colleague } = await team(t);
    const receiver = await pushReceiver();
    try {
      const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 2 }, (_, i) => `${PUSH_ORIGIN}/fcm/send/${caller.id}-${i}`);
      await mutate(t.app, 'alerts.subscribe', { endpoint: `${PUSH_ORIGIN}/fcm/send/other-${colleague.id}`, keys: receiver.keys }, colleague.session);
      for (const endpoint of endpoints) {
        expect((await mutate(t.app, 'alerts.subscribe', { endpoint, keys: receiver.keys }, caller.session)).status).toBe(200);
        // a later subscription is a later moment: the order is the order they came in
        await new Promise((r) => setTimeout(r, 5));
      }
      const kept = async (userId: number) =>
        (await t.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).orderBy('endpoint').execute()).map(
          (r) => r.endpoint,
        );
      expect(await kept(caller.id)).toEqual(endpoints.slice(2).sort());
      // Subscribing an old one again (the app does on every start) makes it the newest: the oldest left goes.
      await mutate(t.app, 'alerts.subscribe', { endpoint: endpoints[2], keys: receiver.keys }, caller.session);
      await mutate(t.app, 'alerts.subscribe', { endpoint: endpoints[0], keys: receiver.keys }, caller.session);
      expect(await kept(caller.id)).toEqual([endpoints[0]!, endpoints[2]!, ...endpoints.slice(4)].sort());
      // Another user's are theirs.
      expect(await kept(colleague.id)).toEqual([`${PUSH_ORIGIN}/fcm/send/other-${colleague.id}`]);
    } finally {
      await receiver.close();
    }
  });

  it(`pushes at most ${PUSH_CONCURRENCY} at once, each within its timeout, and warns once per failing subscription`, async () => {
    const { company, caller } = await team(t);
    const receiver = await pushReceiver();
    try {
      const at = nowIso();
      const silent = Array.from({ length: PUSH_CONCURRENCY * 2 + 1 }, (_, i) => `/silent-${i}`);
      for (const p of silent) {
        await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}${p}`, ...receiver.keys, at });
        receiver.answers.set(p, 0);
      }
      const log: { msg: string; host?: string }[] = [];
      const logger = { warn: (o: { host?: string }, msg: string) => log.push({ msg, host: o.host }) };
      const sender = new PushSender({ keys: t.deps.alerts.vapid, subject: 'mailto:ops@example.test', logger, timeoutMs: 300, agent: pushAgent });
      const a = alert({ subadminId: company.id, userId: caller.id });
      const started = Date.now();
      expect(await pushAlert(t.deps.db, sender, a)).toEqual({ sent: 0, removed: 0 });
      // three rounds of at most PUSH_CONCURRENCY, each given up on after 300 ms
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300 - 50);
      expect(receiver.inFlight.most).toBe(PUSH_CONCURRENCY);
      expect(log).toHaveLength(silent.length);
      // Still failing: nothing more is logged. Answering again, then failing again: logged once more.
      await pushAlert(t.deps.db, sender, a);
      expect(log).toHaveLength(silent.length);
      receiver.answers.delete(silent[0]!);
      await pushAlert(t.deps.db, sender, a);
      receiver.answers.set(silent[0]!, 500);
      await pushAlert(t.deps.db, sender, a);
      expect(log.slice(silent.length)).toEqual([{ msg: 'push service refused an alert', host: 'fcm.googleapis.com' }]);
    } finally {
      await receiver.close();
    }
  });

  it('follows no redirect and posts to port 443 only', async () => {
    const { company, caller } = await team(t);
    const receiver = await pushReceiver();
    const target = await recorder();
    try {
      const at = nowIso();
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}/moved`, ...receiver.keys, at });
      receiver.answers.set('/moved', 307);
      receiver.locations.set('/moved', `${target.url}/stolen`);
      // A row made before the rule (or by hand) naming another port is never posted to.
      await upsertSubscription(t.deps.db, { subadminId: company.id, userId: caller.id, endpoint: `${receiver.origin}:8443/elsewhere`, ...receiver.keys, at });
      const log: string[] = [];
      const sender = new PushSender({
        keys: t.deps.alerts.vapid,
        subject: 'mailto:ops@example.test',
        logger: { warn: (_o, msg) => log.push(msg) },
        agent: pushAgent,
      });
      expect(await pushAlert(t.deps.db, sender, alert({ subadminId: company.id, userId: caller.id }))).toEqual({ sent: 0, removed: 0 });
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
      expect(target.hits).toEqual([]);
      expect(log.sort()).toEqual(['push service refused an alert', 'push to a browser failed']);
    } finally {
      await receiver.close();
      await target.close();
    }
  });

  it(`keeps ${STREAMS_PER_SESSION} event streams per session: one more ends the oldest`, async () => {
    const { company, caller } = await team(t);
    const before = t.deps.alerts.openStreams;
    const mine: EventStream[] = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) mine.push(await open(caller.session.cookie));
    // the same telecaller signed in on another phone: a session of its own
    const other = await open((await signedInAgain(caller.mobile)).cookie);
    await until(() => t.deps.alerts.openStreams === before + STREAMS_PER_SESSION + 1);
    const newest = await open(caller.session.cookie);
    await mine[0]!.ended;
    await until(() => t.deps.alerts.openStreams === before + STREAMS_PER_SESSION + 1);
    t.deps.alerts.raise([alert({ subadminId: company.id, userId: caller.id, leadId: 5, leadName: 'Five' })]);
    for (const s of [...mine.slice(1), newest, other]) expect(JSON.parse((await s.next((e) => e.event === 'alert')).data)).toMatchObject({ leadId: 5 });
    expect(mine[0]!.events.filter((e) => e.event === 'alert')).toEqual([]);
  });

  describe('a stream ends at once when its session does', () => {
    const ends = async (action: (c: Awaited<ReturnType<typeof team>>) => Promise<unknown>) => {
      const c = await team(t);
      const stream = await open(c.caller.session.cookie);
      expect(stream.status).toBe(200);
      const colleague = await open(c.colleague.session.cookie);
      await until(() => t.deps.alerts.openStreams >= 2);
      const started = Date.now();
      await action(c);
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(1_000);
      t.deps.alerts.raise([alert({ subadminId: c.company.id, userId: c.colleague.id, leadId: 8 })]);
      // nobody else's
      expect(JSON.parse((await colleague.next((e) => e.event === 'alert')).data)).toMatchObject({ leadId: 8 });
    };
    it('signing out', () => ends(async (c) => expect((await legacy(t.app, 'POST', '/logout', c.caller.session)).status).toBe(200)));
    it('a block', () => ends(async (c) => expect((await mutate(t.app, 'users.setBlocked', { id: c.caller.id, blocked: true }, c.owner)).status).toBe(200)));
    it('a deletion', () => ends(async (c) => expect((await mutate(t.app, 'users.remove', { id: c.caller.id }, c.owner)).status).toBe(200)));
    it('a password change', () =>
      ends(async (c) => {
        const input = {
          id: c.caller.id,
          name: c.caller.name,
          email: c.caller.email,
          mobile: c.caller.mobile,
          user_type: 'Telicaller',
          password: 'a-new-password-1',
        };
        expect((await mutate(t.app, 'users.update', input, c.owner)).status).toBe(200);
      }));
  });

  it('keeps the VAPID key across restarts: made once, read back from the database', async () => {
    const row = await t.deps.db.selectFrom('app_secrets').select('value').where('name', '=', 'vapid_key').execute();
    expect(row).toHaveLength(1);
    const { loadVapidKeys } = await import('../server/services/alerts/push.service.js');
    expect((await loadVapidKeys(t.deps.db)).publicKey.equals(t.deps.alerts.vapid.publicKey)).toBe(true);
  });

  describe('due callbacks', () => {
    const NY = 'America/New_York';
    /** The wall-clock date and time in `zone`, `minutes` from now. */
    const wallClock = (zone: string, minutes: number) => {
      const at = new Date(Date.now() + minutes * 60_000);
      return { callback_date: todayIn(zone, at), callback_time: timeIn(zone, at) };
    };

    it('raises one callback_due alert per due callback, in the company’s zone, and again once rescheduled', async () => {
      const company = await insertCompany(t.deps.db);
      await t.deps.db.updateTable('subadmins').set({ time_zone: NY }).where('id', '=', company.id).execute();
      const caller = await insertUser(t.deps.db, company.id);
      const blocked = await insertUser(t.deps.db, company.id, 'Telicaller', { is_blocked: 1 });
      const lead = (name: string, over: LeadFixture) =>
        insertLead(t.deps.db, company.id, { name, telicaller_id: caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.followUp, ...over });

      const due = await lead('Due 2 minutes ago', wallClock(NY, -2));
      await lead('Due in 5 minutes', wallClock(NY, 5));
      await lead('Due 2 hours ago', wallClock(NY, -120));
      // Now-ish on an Indian clock is not now in New York.
      await lead('Indian wall clock', wallClock('Asia/Kolkata', -2));
      await lead('Not a follow-up', { ...wallClock(NY, -2), status: LEAD_STATUS.interested });
      await lead('No time', { callback_date: wallClock(NY, 0).callback_date, callback_time: null });
      await lead('Blocked caller', { ...wallClock(NY, -2), telicaller_id: blocked.id });

      const seen: LeadAlert[] = [];
      const unsubscribe = t.deps.alerts.subscribe((a) => a.subadminId === company.id && seen.push(a));
      try {
        const ours = (alerts: LeadAlert[]) => alerts.filter((a) => a.subadminId === company.id);
        // Two runs at once (two instances): the callback is alerted once.
        const [first, second] = await Promise.all([alertDueCallbacks(t.deps), alertDueCallbacks(t.deps)]);
        expect([...ours(first), ...ours(second)]).toEqual([
          { kind: 'callback_due', subadminId: company.id, userId: caller.id, leadId: due, leadName: 'Due 2 minutes ago', at: expect.any(String) },
        ]);
        expect(ours(await alertDueCallbacks(t.deps))).toEqual([]);
        expect(seen.map((a) => a.leadId)).toEqual([due]);

        // Moved to another time that has come: alerted again.
        await t.deps.db.updateTable('leads').set(wallClock(NY, -1)).where('id', '=', due).execute();
        expect(ours(await alertDueCallbacks(t.deps)).map((a) => a.leadId)).toEqual([due]);
        expect(seen.map((a) => a.leadId)).toEqual([due, due]);
      } finally {
        unsubscribe();
      }
    });
  });

  it('ends open streams when the app shuts down', async () => {
    const other = await buildTestApp(dialect);
    try {
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { caller } = await team(other);
      const stream = await openEventStream(`${address}/api/events`, caller.session.cookie);
      expect(stream.status).toBe(200);
      const started = Date.now();
      other.drain();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('alerts across instances on postgres', () => {
  const a = testAppFor('postgres');
  let b: BuiltApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-second-'));
    const url = process.env.TEST_DATABASE_URL!;
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, UPLOADS_DIR: path.join(dir, 'uploads'), LOG_LEVEL: 'silent' });
    // The second instance: the same database and schema, its own process-like app.
    b = await buildApp(config, { database: createDatabase(url, { pgSchema: a.database.pgSchema }), logger: false });
    await b.app.ready();
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Each instance's address, listening from the first test that asks. */
  const addresses = new Map<BuiltApp, Promise<string>>();
  const baseOf = (app: BuiltApp) => {
    if (!addresses.has(app)) addresses.set(app, app.app.listen({ port: 0, host: '127.0.0.1' }));
    return addresses.get(app)!;
  };

  it('ends a stream on the other instance at once when its session ends on this one', async () => {
    const { caller, colleague } = await team(a as TestApp);
    const baseB = await baseOf(b);
    const onB = await openEventStream(`${baseB}/api/events`, caller.session.cookie);
    const other = await openEventStream(`${baseB}/api/events`, colleague.session.cookie);
    try {
      expect([onB.status, other.status]).toEqual([200, 200]);
      // B has read (and kept) the session: only the notice from A tells it the session ended.
      await until(() => b.deps.alerts.openStreams === 2);
      const started = Date.now();
      expect((await legacy(a.app, 'POST', '/logout', caller.session)).status).toBe(200);
      await onB.ended;
      expect(Date.now() - started).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(b.deps.alerts.openStreams).toBe(1);
    } finally {
      onB.close();
      other.close();
    }
  });

  it('delivers an alert raised on one instance to a stream on the other, once, and once on its own', async () => {
    expect(b.deps.alerts.vapid.publicKey.equals(a.deps.alerts.vapid.publicKey)).toBe(true);
    const { company, caller } = await team(a as TestApp);
    const onA = await openEventStream(`${await baseOf(a)}/api/events`, caller.session.cookie);
    const onB = await openEventStream(`${await baseOf(b)}/api/events`, caller.session.cookie);
    try {
      expect([onA.status, onB.status]).toEqual([200, 200]);
      const started = Date.now();
      a.deps.alerts.raise([alert({ subadminId: company.id, userId: caller.id, leadId: 99, leadName: 'Across' })]);
      const got = await onB.next((e) => e.event === 'alert');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(JSON.parse(got.data)).toMatchObject({ leadId: 99, leadName: 'Across' });
      await onA.next((e) => e.event === 'alert');
      await new Promise((r) => setTimeout(r, 300));
      expect(onA.events.filter((e) => e.event === 'alert')).toHaveLength(1);
      expect(onB.events.filter((e) => e.event === 'alert')).toHaveLength(1);
    } finally {
      onA.close();
      onB.close();
    }
  });
});
