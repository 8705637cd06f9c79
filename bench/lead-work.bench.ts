// The telecaller's day under load (issue 7, "Speed"): 1,000,000 leads across 100 companies and
// 200 telecallers, the whole app (buildApp) in a child process on real loopback HTTP, 50
// telecallers at once, each sending its next request the moment the last one answers:
//   - a queue page (work.queue new/pending/callback/followUp, 20 a page)   target p95 < 20 ms
//   - a lead-form submit (work.open, then work.submit timed)                target p95 < 30 ms
//   - the dashboard counts (dashboard.tiles)                                target p95 < 20 ms
//   - and as the floor under them, auth.me: the session read and nothing else (no target)
// on SQLite, and on Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh schema,
// dropped afterwards); and as the references, a bare Fastify route's throughput at the same
// concurrency, and (SQLite) the same queue pages answered by their SQL alone behind a bare route. BENCH_LEADS=100000 for a smaller database, BENCH_SECONDS per measure (default 5),
// BENCH_ONLY=floor,queue,tiles,submit for some measures, BENCH_CPU_PROF=<dir> for the server's CPU profile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { SESSION_COOKIE } from '../shared/constants.js';
import { addDays, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import {
  BENCH_PASSWORD,
  COMPANIES,
  TELECALLERS_PER_COMPANY,
  insertCompanies,
  loadPostgres,
  loadSqlite,
  type BenchUser,
  type Loaded,
} from './lead-work-data.js';
import { HttpClient, closedLoop, summarize, timed, type Summary } from './load.js';
import type { ServerMode } from './lead-work-server.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const ALONE_SECONDS = 2;
const CONCURRENCY = 50;
const PAGE_SIZE = 20;
const QUEUES = ['new', 'pending', 'callback', 'followUp'] as const;
const TARGETS = { queue: 20, submit: 30, tiles: 20 };
/** BENCH_ONLY=floor,queue,tiles,submit: some of the measures (all by default). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'floor,queue,tiles,submit').split(','));

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function line(label: string, s: Summary, target?: number) {
  const verdict = target === undefined ? '' : s.p95 < target ? `  PASS (p95 < ${target} ms)` : `  FAIL (p95 >= ${target} ms)`;
  console.log(
    `  ${label.padEnd(40)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  ${fmt(s.perSecond).padStart(6)}/s  (${fmt(s.count)})${verdict}`,
  );
}

interface Child {
  url: string;
  stop(): Promise<void>;
}

async function startChild(mode: ServerMode): Promise<Child> {
  const child: ChildProcess = fork(new URL('./lead-work-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_SERVER_MODE: JSON.stringify(mode) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bench server exited (${code}) before it listened`);
  });
  const [message] = (await Promise.race([once(child, 'message'), exited])) as [{ url: string }];
  return {
    url: message.url,
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      await once(child, 'exit');
    },
  };
}

const trpcGet = (procedure: string, input?: unknown) => `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

function trpcData<T>(body: string): T {
  const parsed = JSON.parse(body) as { result?: { data: T }; error?: unknown };
  if (!parsed.result) throw new Error(`tRPC error: ${body.slice(0, 300)}`);
  return parsed.result.data;
}

/** Signs every telecaller in through the API (argon2 verifies, four at a time); cookie headers by user id. */
async function signInAll(client: HttpClient, users: BenchUser[]): Promise<Map<number, Record<string, string>>> {
  const sessions = new Map<number, Record<string, string>>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < users.length) {
        const u = users[next++]!;
        const { reply } = await timed(
          client,
          'POST',
          '/api/webapi/auth/login',
          { 'content-type': 'application/json' },
          JSON.stringify({ mobile: u.mobile, password: BENCH_PASSWORD }),
        );
        sessions.set(u.id, { cookie: `${SESSION_COOKIE}=${(JSON.parse(reply.body) as { token: string }).token}` });
      }
    }),
  );
  return sessions;
}

/** 50 telecallers, each of another company (every other company's first, or second, telecaller). */
const pickUsers = (users: BenchUser[], second: boolean) =>
  Array.from({ length: CONCURRENCY }, (_, w) => users[((w * TELECALLERS_PER_COMPANY * 2) % users.length) + (second ? 1 : 0)]!);

interface QueuePage {
  items: Array<{ id: number }>;
  total: number;
}

/** The submits a telecaller makes in turn: not interested, interested, a callback tomorrow, invalid. */
function submission(leadId: number, round: number) {
  const tomorrow = addDays(todayIn('Asia/Kolkata'), 1);
  const base = { leadId, queue: 'new', call_duration: 30 + (round % 200) };
  switch (round % 4) {
    case 0:
      return { ...base, status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead' };
    case 1:
      return { ...base, status: LEAD_STATUS.interested, feedback: 'Running', lead_quality: 'good', remarks: 'Wants a quote by Friday' };
    case 2:
      return { ...base, status: LEAD_STATUS.followUp, feedback: 'Follow-up Option', callback: true, callback_date: tomorrow, callback_time: '11:30' };
    default:
      return { ...base, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead', invalid_reason: 'Wrong number' };
  }
}

async function measureApp(mode: ServerMode, users: BenchUser[]): Promise<Map<number, Record<string, string>>> {
  const server = await startChild(mode);
  const client = new HttpClient(server.url, CONCURRENCY);
  try {
    const t0 = performance.now();
    const sessions = await signInAll(client, users);
    console.log(`  signed in ${sessions.size} telecallers through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const readers = pickUsers(users, false);
    const header = (u: BenchUser) => sessions.get(u.id)!;

    // Each measure twice: 50 telecallers at once (the target), then one at a time (what a request costs alone).
    const both = async (
      label: string,
      target: number | undefined,
      step: (w: number, round: number, recording: boolean) => Promise<number | null>,
      extra?: () => void,
    ) => {
      const loaded = await closedLoop({ workers: CONCURRENCY, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, step });
      line(label, summarize(loaded), target);
      extra?.();
      const alone = await closedLoop({ workers: 1, seconds: ALONE_SECONDS, warmupSeconds: 0, step });
      line('  one telecaller at a time', summarize(alone));
    };

    // The floor under every measure: a procedure that reads the session and nothing else, through
    // the same Fastify, tRPC adapter and session hook.
    if (ONLY.has('floor'))
      await both('the session only (auth.me, no target)', undefined, async (w) => {
        const { ms, reply } = await timed(client, 'GET', trpcGet('auth.me'), header(readers[w]!));
        trpcData<unknown>(reply.body);
        return ms;
      });

    if (ONLY.has('queue'))
      await both(`queue page (${QUEUES.join('/')}, ${PAGE_SIZE} a page)`, TARGETS.queue, async (w, round) => {
        const { ms, reply } = await timed(client, 'GET', trpcGet('work.queue', queueInput(w, round)), header(readers[w]!));
        trpcData<QueuePage>(reply.body);
        return ms;
      });

    if (ONLY.has('tiles'))
      await both('dashboard counts (dashboard.tiles)', TARGETS.tiles, async (w) => {
        const { ms, reply } = await timed(client, 'GET', trpcGet('dashboard.tiles'), header(readers[w]!));
        trpcData<{ counts: Record<string, number> }>(reply.body);
        return ms;
      });

    // Work the queue: open the first new lead, submit, open the next one the submit names.
    if (!ONLY.has('submit')) return sessions;
    const workers = pickUsers(users, true);
    const current: Array<number | null> = await Promise.all(
      workers.map(async (u) => {
        const { reply } = await timed(client, 'GET', trpcGet('work.queue', { queue: 'new', page: 1, pageSize: 1 }), header(u));
        return trpcData<QueuePage>(reply.body).items[0]?.id ?? null;
      }),
    );
    let opens: number[] = [];
    const json = { 'content-type': 'application/json' };
    await both(
      'lead-form submit (work.submit)',
      TARGETS.submit,
      async (w, round, recording) => {
        const leadId = current[w];
        if (!leadId) return null;
        const h = { ...header(workers[w]!), ...json };
        const open = await timed(client, 'POST', '/trpc/work.open', h, JSON.stringify({ leadId, queue: 'new' }));
        if (recording) opens.push(open.ms);
        const { ms, reply } = await timed(client, 'POST', '/trpc/work.submit', h, JSON.stringify(submission(leadId, round)));
        current[w] = trpcData<{ nextId: number | null }>(reply.body).nextId;
        return ms;
      },
      () => {
        line('  work.open before each submit (no target)', summarize({ latencies: opens, seconds: SECONDS }));
        opens = [];
        const ranOut = current.filter((id) => id === null).length;
        if (ranOut) console.log(`  (${ranOut} of ${CONCURRENCY} telecallers ran out of new leads during the submits)`);
      },
    );
    console.log(`  load average (1/5/15 min): ${load()}`);
    return sessions;
  } finally {
    client.close();
    await server.stop();
  }
}

/** The queue pages a reader asks for in turn: each queue, page 1 then 2. */
const queueInput = (w: number, round: number) => ({
  queue: QUEUES[(w + round) % QUEUES.length]!,
  page: 1 + (Math.floor(round / QUEUES.length) % 2),
  pageSize: PAGE_SIZE,
});

/**
 * The second reference (SQLite): the same queue pages, same readers and sessions, answered by their
 * SQL alone behind a bare Fastify route (lead-work-sql-only.ts). The least this machine can answer
 * a queue page in; what the app adds (tRPC, Kysely, the session's rules, headers) is the difference.
 */
async function measureSqlOnly(file: string, users: BenchUser[], sessions: Map<number, Record<string, string>>) {
  const server = await startChild({ kind: 'sqlOnly', file });
  const client = new HttpClient(server.url, CONCURRENCY);
  try {
    const readers = pickUsers(users, false);
    const step = async (w: number, round: number) => {
      const input = queueInput(w, round);
      const path = `/queue?queue=${input.queue}&page=${input.page}&pageSize=${input.pageSize}`;
      const { ms, reply } = await timed(client, 'GET', path, sessions.get(readers[w]!.id)!);
      trpcData<QueuePage>(reply.body);
      return ms;
    };
    const loaded = await closedLoop({ workers: CONCURRENCY, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, step });
    console.log("  reference: the same queue pages' SQL alone behind a bare Fastify route (raw better-sqlite3, no tRPC or Kysely)");
    line('queue page, SQL alone', summarize(loaded), TARGETS.queue);
  } finally {
    client.close();
    await server.stop();
  }
}

async function measureBare() {
  const server = await startChild({ kind: 'bare' });
  const client = new HttpClient(server.url, CONCURRENCY);
  try {
    const r = await closedLoop({
      workers: CONCURRENCY,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      step: async () => (await timed(client, 'GET', '/ping', {})).ms,
    });
    const s = summarize(r);
    console.log(`reference: a bare Fastify route (GET /ping answering {"ok":true}), ${CONCURRENCY} concurrent, same client`);
    line('bare Fastify route', s);
  } finally {
    client.close();
    await server.stop();
  }
}

function describeLoad(loaded: Loaded, seconds: number) {
  console.log(
    `  loaded ${fmt(loaded.leads)} leads and ${fmt(loaded.history)} history rows for ${COMPANIES} companies and ` +
      `${COMPANIES * TELECALLERS_PER_COMPANY} telecallers in ${seconds.toFixed(1)} s`,
  );
}

async function runSqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lead-work-'));
  const file = path.join(dir, 'bench.db');
  console.log(`SQLite (${file})`);
  try {
    const t0 = performance.now();
    const database = createDatabase(`sqlite:${file}`);
    let users: BenchUser[];
    try {
      await migrateToLatest(database.db, 'sqlite');
      users = await insertCompanies(database.db);
    } finally {
      await database.close();
    }
    describeLoad(loadSqlite(file, { total: LEADS, users, now: new Date() }), (performance.now() - t0) / 1000);
    const sessions = await measureApp({ kind: 'app', databaseUrl: `sqlite:${file}` }, users);
    if (ONLY.has('queue')) await measureSqlOnly(file, users, sessions);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(url: string) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  console.log(`Postgres (${url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@')}, schema ${schema})`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const t0 = performance.now();
    const database = createDatabase(url, { pgSchema: schema });
    let users: BenchUser[];
    try {
      await migrateToLatest(database.db, 'postgres', schema);
      users = await insertCompanies(database.db);
      describeLoad(await loadPostgres(database.db, { total: LEADS, users, now: new Date() }), (performance.now() - t0) / 1000);
    } finally {
      await database.close();
    }
    await measureApp({ kind: 'app', databaseUrl: url, pgSchema: schema }, users);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

export async function run(): Promise<void> {
  console.log(
    `${fmt(LEADS)} leads, ${CONCURRENCY} telecallers at once, ${SECONDS} s a measure after ${WARMUP_SECONDS} s of warm-up; ` +
      `${os.cpus().length} CPUs (server, load and database share them); load average ${load()}`,
  );
  await measureBare();
  await runSqlite();
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) await runPostgres(pgUrl);
  else console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');
}
