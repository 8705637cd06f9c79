// Load (issue 10): 1,000,000 leads across 100 companies; 200 telecallers (read the new-leads
// queue, open its first lead, submit it) and 10 sub-admins (the pool, one telecaller's list, the
// dashboard) on the running server for LOAD_SECONDS (default 60), on SQLite and on Postgres.
// Zero 5xx, zero lost submissions (history rows equal acknowledged submits), and every call's p95
// within its budget: 50 ms, or on a machine slower than that allows, REFERENCE_RATIO times the p95
// of the reference measured in the same run.
//
// The reference is /healthz (one database round trip through the same HTTP server, with the app's
// work taken away: no session, no role, no SQL on leads), asked by 20 more clients at the same pace
// at the same time. This machine's speed moves with its neighbours (measured here: the same code's
// p50s and p95s doubling from one run to the next, with the reference's p95 doubling alike, 11.9 to
// 23.2 ms, while each call's ratio to it held, submit 4.2 and 3.9, queue 2.8 and 2.8): a fixed 50 ms
// failed the code landed before lead routing in one of two runs here. A regression of the app (a
// lost index, a heavier query) moves its call and not the reference, and still fails.
//
// The times are those of the running server: the same people work for LOAD_WARMUP_SECONDS (default
// 10) before the measured seconds, and what they do then is checked (answers, submissions) but not
// timed. Timed from a cold start, each telecaller's first queue read fell in the herd of 200 first
// reads on a process that had not yet run its code or opened its connections: one read in twenty,
// exactly the tail a p95 looks at, so the figure was the restart's and not the server's.
//
// The pace: each person makes a call, waits 0.5 to 1.5 s, makes the next: about 200 calls a second
// in all, some 30 times what 200 people working leads by phone ask of a server (a lead takes a
// telecaller minutes). Throughput with no pause at all is npm run bench's.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { BENCH_PASSWORD, insertCompanies, loadPostgres, loadSqlite, type BenchUser } from '../../bench/lead-work-data.js';
import { percentile } from '../../bench/load.js';
import { Leftovers, createScratchDatabase } from '../helpers/scratch-databases.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const LEADS = Number(process.env.LOAD_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const REFERENCE = 'reference: /healthz';
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 10);
const OWNERS = 10;
const P95_MS = 50;
const REFERENCE_RATIO = 6;
const PROBES = 20;

interface Call {
  status: number;
  body: string;
  /** performance.now() when the call was made */
  startedAt: number;
  ms: number;
}

function call(agent: http.Agent, base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Call> {
  const url = new URL(path, base);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  const t0 = performance.now();
  const done = (status: number, body: string): Call => ({ status, body, startedAt: t0, ms: performance.now() - t0 });
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (data += d));
      res.on('end', () => resolve(done(res.statusCode ?? 0, data)));
      res.on('error', () => resolve(done(0, '')));
    });
    req.on('error', () => resolve(done(0, '')));
    req.end(text);
  });
}

const q = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(base: string, path: string, body: unknown): Promise<string> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`sign-in ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface Outcome {
  perCall: Map<string, number[]>;
  statuses: Map<number, number>;
  acknowledged: number;
  startedAt: string;
  callers: number[];
}

async function runLoad(server: ServerProcess, users: BenchUser[]): Promise<Outcome> {
  const base = server.base;
  // 200 telecallers and the first 10 companies' owners, signed in four at a time.
  const callers: Array<{ user: BenchUser; token: string }> = [];
  const owners: Array<{ subadminId: number; token: string; telecallers: number[] }> = [];
  const queue = [...users];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let u = queue.shift(); u; u = queue.shift())
        callers.push({ user: u, token: await signIn(base, '/api/webapi/auth/login', { mobile: u.mobile, password: BENCH_PASSWORD }) });
    }),
  );
  for (let c = 0; c < OWNERS; c++) {
    const subadminId = users[c * 2]!.subadminId;
    owners.push({
      subadminId,
      telecallers: users.filter((u) => u.subadminId === subadminId).map((u) => u.id),
      token: await signIn(base, '/api/webapi/subadmin/login', { email: `owner${c + 1}@bench.local`, password: BENCH_PASSWORD }),
    });
  }

  // A socket for everyone who may have a call out at once, the reference's clients included.
  const agent = new http.Agent({ keepAlive: true, maxSockets: callers.length + owners.length + PROBES });
  const perCall = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const pause = () => sleep(500 + Math.random() * 1000);
  const startedAt = new Date().toISOString();
  const timedFrom = performance.now() + WARMUP_SECONDS * 1000;
  const until = timedFrom + SECONDS * 1000;
  // Every answer counts; a call's time counts when it was made after the warm-up.
  const record = (name: string, c: Call) => {
    statuses.set(c.status, (statuses.get(c.status) ?? 0) + 1);
    if (c.startedAt >= timedFrom) {
      const times = perCall.get(name) ?? [];
      times.push(c.ms);
      perCall.set(name, times);
    }
    return c;
  };
  let acknowledged = 0;

  const telecaller = async ({ token }: { token: string }) => {
    await sleep(Math.random() * 1000);
    while (performance.now() < until) {
      const page = record('work.queue (new, 20 a page)', await call(agent, base, token, 'GET', q('work.queue', { queue: 'new', page: 1, pageSize: 20 })));
      const first = page.status === 200 ? (JSON.parse(page.body) as { result: { data: { items: Array<{ id: number }> } } }).result.data.items[0] : undefined;
      if (!first) return;
      await pause();
      record('work.open', await call(agent, base, token, 'POST', '/trpc/work.open', { leadId: first.id, queue: 'new' }));
      await pause();
      const submit = record(
        'work.submit',
        await call(agent, base, token, 'POST', '/trpc/work.submit', {
          leadId: first.id,
          queue: 'new',
          status: '3',
          feedback: 'Not Relevant Lead',
          call_duration: 45,
        }),
      );
      if (submit.status === 200) acknowledged++;
      await pause();
    }
  };
  const owner = async (o: (typeof owners)[number]) => {
    await sleep(Math.random() * 1000);
    for (let i = 0; performance.now() < until; i++) {
      record('distribution.pool', await call(agent, base, o.token, 'GET', q('distribution.pool', undefined)));
      await pause();
      record(
        'leads.ofTelecaller (pending)',
        await call(
          agent,
          base,
          o.token,
          'GET',
          q('leads.ofTelecaller', { telecallerId: o.telecallers[i % o.telecallers.length], status: 'pending', page: 1, pageSize: 20 }),
        ),
      );
      await pause();
      record('dashboard.subadmin', await call(agent, base, o.token, 'GET', q('dashboard.subadmin', undefined)));
      await pause();
    }
  };
  const probe = async () => {
    await sleep(Math.random() * 1000);
    while (performance.now() < until) {
      record(REFERENCE, await call(agent, base, '', 'GET', '/healthz'));
      await pause();
    }
  };
  await Promise.all([...callers.map(telecaller), ...owners.map(owner), ...Array.from({ length: PROBES }, probe)]);
  agent.destroy();
  return { perCall, statuses, acknowledged, startedAt, callers: callers.map((c) => c.user.id) };
}

const p95Of = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    95,
  );

const referenceP95 = (o: Outcome) => p95Of(o.perCall.get(REFERENCE) ?? [0]);

/** Each call's p95 may reach 50 ms, or REFERENCE_RATIO times the reference's p95 when that is more. */
const budgetFor = (referenceMs: number) => Math.max(P95_MS, REFERENCE_RATIO * referenceMs);

function report(label: string, o: Outcome) {
  const reference = referenceP95(o);
  const lines = [...o.perCall].map(([name, times]) => {
    const s = [...times].sort((a, b) => a - b);
    const p95 = percentile(s, 95);
    return `  ${name.padEnd(30)} ${String(s.length).padStart(6)} calls  p50 ${percentile(s, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms (${(p95 / reference).toFixed(1)}x the reference)  p99 ${percentile(s, 99).toFixed(1)} ms`;
  });
  console.log(
    `${label}: ${SECONDS} s timed after ${WARMUP_SECONDS} s, answers ${[...o.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}, ${o.acknowledged} submits acknowledged, p95 budget ${budgetFor(reference).toFixed(1)} ms\n${lines.join('\n')}`,
  );
}

function expectHeld(o: Outcome, historyRows: number) {
  expect(
    [...o.statuses.keys()].filter((s) => s !== 200),
    'answers other than 200',
  ).toEqual([]);
  expect(historyRows, 'history rows written by the submits').toBe(o.acknowledged);
  expect(o.acknowledged).toBeGreaterThan(0);
  expect(o.perCall.get(REFERENCE)?.length, 'reference calls timed').toBeGreaterThan(100);
  const budget = budgetFor(referenceP95(o));
  for (const [name, times] of o.perCall) expect(p95Of(times), `${name}: p95 in ms`).toBeLessThan(budget);
}

describe('200 telecallers and 10 sub-admins on 1,000,000 leads', () => {
  const leftovers = new Leftovers();
  afterAll(() => leftovers.clear());

  it('on SQLite', async () => {
    const dir = fs.mkdtempSync('/tmp/tcb-load-');
    const file = `${dir}/app.db`;
    const database = createDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db, 'sqlite');
    const users = await insertCompanies(database.db);
    await database.close();
    loadSqlite(file, { total: LEADS, users, now: new Date() });
    const server = await startServer({ dir });
    leftovers.servers.push(server);
    const o = await runLoad(server, users);
    report('SQLite', o);
    const db = new (sqliteDriver().Database)(file, { readonly: true });
    const rows = (
      db
        .prepare(`select count(*) as n from lead_history where created_at >= ? and kind = 'outcome' and user_id in (${o.callers.join(',')})`)
        .get(o.startedAt) as { n: number }
    ).n;
    db.close();
    expectHeld(o, rows);
  }, 600_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on Postgres',
    async () => {
      const { name, url } = await createScratchDatabase('load');
      leftovers.databases.push(name);
      const database = createDatabase(url);
      await migrateToLatest(database.db, 'postgres');
      const users = await insertCompanies(database.db);
      await loadPostgres(database.db, { total: LEADS, users, now: new Date() });
      await database.close();
      const server = await startServer({ env: { DATABASE_URL: url } });
      leftovers.servers.push(server);
      const o = await runLoad(server, users);
      report('Postgres', o);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const rows = (
        await db.query(`select count(*)::int as n from lead_history where created_at >= $1 and kind = 'outcome' and user_id = any($2::int[])`, [
          o.startedAt,
          o.callers,
        ])
      ).rows[0].n as number;
      await db.end();
      expectHeld(o, rows);
    },
    600_000,
  );
});
