// Lead routing on arrival (issue: lead routing): 10,000 leads posted to the capture API by 50
// concurrent senders, each routed in the transaction that inserts it, beside the reference measured
// in the same run: the same posts to a company that does not route (the same inserts, no routing).
// Goal: routed throughput at least 60% of the reference, on SQLite and on Postgres (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Then the time from a post to the alert reaching an
// open app's event stream (goal: within 2 s). The server runs in a child process (routing-server.ts).
import http from 'node:http';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE } from '../shared/constants.js';
import { type BenchDatabase, onEachDatabase } from './databases.js';
import { HttpClient, percentile } from './load.js';
import type { RoutingFixture, RoutingStats } from './routing-server.js';

const LEADS = 10_000;
const SENDERS = 50;
/** Each mode runs in halves, alternating (reference, routed, reference, routed): drift on a shared machine hits both. */
const HALVES = 2;
const GOAL_RATIO = 0.6;
const ALERTS = 20;
const ALERT_GOAL_MS = 2000;

let mobileSeq = 0;
const nextMobile = () => `9${String(100_000_000 + mobileSeq++).slice(-9)}`;

interface Server {
  fixture: RoutingFixture;
  ask<T>(m: string): Promise<T>;
  stop(): Promise<void>;
}

async function startServer(db: { databaseUrl: string; pgSchema?: string }): Promise<Server> {
  const child: ChildProcess = fork(new URL('./routing-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_ROUTING_DB: JSON.stringify(db) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bench server exited (${code}) before it listened`);
  });
  const [fixture] = (await Promise.race([once(child, 'message'), exited])) as [RoutingFixture];
  return {
    fixture,
    async ask<T>(m: string) {
      child.send(m);
      const [answer] = (await once(child, 'message')) as [T];
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      await once(child, 'exit');
    },
  };
}

/** Posts `count` leads with `SENDERS` closed-loop senders; leads per second. */
async function post(client: HttpClient, key: string, count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) {
        next++;
        const body = JSON.stringify({ name: 'Bench Lead', mobile: nextMobile(), requirement: 'Wants a quote', area: 'Pune', source: 'Website' });
        const reply = await client.request('POST', '/api/capture/leads', { 'content-type': 'application/json', 'x-api-key': key }, body);
        if (reply.status !== 201) throw new Error(`capture answered ${reply.status}: ${reply.body.slice(0, 300)}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Opens the alert user's event stream and resolves each alert's lead id as it arrives. */
async function openStream(url: string, cookie: string) {
  const waiters = new Map<number, (at: number) => void>();
  // An alert may come before the post's own answer: its time is kept until it is asked for.
  const arrived = new Map<number, number>();
  const u = new URL(url);
  const req = http.request({ host: u.hostname, port: u.port, path: '/api/events', headers: { cookie, accept: 'text/event-stream' } });
  const responded = once(req, 'response');
  req.end();
  const [res] = (await responded) as [http.IncomingMessage];
  if (res.statusCode !== 200) throw new Error(`event stream answered ${res.statusCode}`);
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const id = (JSON.parse(data.slice(6)) as { leadId?: number }).leadId;
      if (id === undefined) continue;
      const at = performance.now();
      arrived.set(id, at);
      waiters.get(id)?.(at);
    }
  });
  const wait = (leadId: number) =>
    new Promise<number>((resolve) => {
      const at = arrived.get(leadId);
      if (at === undefined) waiters.set(leadId, resolve);
      else resolve(at);
    });
  return { wait, close: () => req.destroy() };
}

async function alertTimes(server: Server): Promise<number[]> {
  const { fixture } = server;
  const client = new HttpClient(fixture.url, 2);
  const login = await client.request('POST', '/api/webapi/auth/login', { 'content-type': 'application/json' }, JSON.stringify(fixture.alertUser));
  const token = (JSON.parse(login.body) as { token: string }).token;
  const stream = await openStream(fixture.url, `${SESSION_COOKIE}=${token}`);
  const times: number[] = [];
  try {
    for (let i = 0; i < ALERTS; i++) {
      const t0 = performance.now();
      const body = JSON.stringify({ name: 'Alert Lead', mobile: nextMobile(), requirement: 'Call me', area: 'Pune' });
      const reply = await client.request('POST', '/api/capture/leads', { 'content-type': 'application/json', 'x-api-key': fixture.alertKey }, body);
      const { leadId } = JSON.parse(reply.body) as { leadId: number };
      const timeout = new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no alert for lead ${leadId} within 10 s`)), 10_000));
      times.push((await Promise.race([stream.wait(leadId), timeout])) - t0);
    }
  } finally {
    stream.close();
    client.close();
  }
  return times;
}

async function benchOn(label: string, db: BenchDatabase) {
  const server = await startServer(db);
  const client = new HttpClient(server.fixture.url, SENDERS);
  try {
    // Warm both paths (JIT, statement caches, the key cache) before timing.
    await post(client, server.fixture.poolKey, 500);
    await post(client, server.fixture.routedKey, 500);
    const reference: number[] = [];
    const routed: number[] = [];
    for (let h = 0; h < HALVES; h++) {
      reference.push(await post(client, server.fixture.poolKey, LEADS / HALVES));
      routed.push(await post(client, server.fixture.routedKey, LEADS / HALVES));
    }
    const mean = (v: number[]) => v.length / v.reduce((s, x) => s + 1 / x, 0);
    const ref = mean(reference);
    const got = mean(routed);
    const ratio = got / ref;
    const stats = await server.ask<RoutingStats>('stats');
    const spread = Math.max(...stats.perPerson) - Math.min(...stats.perPerson);
    console.log(`  ${label}: ${LEADS.toLocaleString('en')} leads, ${SENDERS} concurrent senders`);
    console.log(`    reference (no routing)   ${ref.toFixed(0).padStart(6)} leads/s`);
    console.log(
      `    routed on arrival        ${got.toFixed(0).padStart(6)} leads/s   ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO}) ${ratio >= GOAL_RATIO ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `    routed ${stats.routedLeads - stats.unassigned} of ${stats.routedLeads}, ${stats.events} routing events, per telecaller ${Math.min(...stats.perPerson)}–${Math.max(...stats.perPerson)} (spread ${spread}, goal ≤ 1) ${spread <= 1 && stats.unassigned === 0 ? 'OK' : 'MISSED'}`,
    );
    const times = (await alertTimes(server)).sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const max = times[times.length - 1]!;
    console.log(
      `    post to alert on an open app: p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms over ${ALERTS} (goal ≤ ${ALERT_GOAL_MS} ms) ${max <= ALERT_GOAL_MS ? 'OK' : 'MISSED'}`,
    );
  } finally {
    client.close();
    await server.stop();
  }
}

export async function run() {
  await onEachDatabase('routing', benchOn);
}
