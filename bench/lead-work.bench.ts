// The telecaller's day under load (issue 23): 1,000,000 leads across 100 companies and 200
// telecallers, 50 telecallers at once, each sending its next request the moment the last one
// answers, on real loopback HTTP to a server in a child process:
//   - the session read alone (auth.me)                          goal: >= 85% of its reference's throughput
//   - a queue page (work.queue new/pending/callback/followUp, 20 a page)                  >= 85%
//   - the dashboard counts (dashboard.tiles)                                              >= 80%
//   - a lead-form submit (work.open untimed, then work.submit timed)                      >= 75%
// Each measure's reference is measured in the same run, on the same data, by the same client: the
// statements the app ran for the same requests, recorded (statement-recorder.ts) and replayed behind
// a bare Fastify route on the raw driver (replay-server.ts: better-sqlite3, or a pg pool). App and
// reference take turns, each measured in two halves, so that drift on a shared machine meets both.
// SQLite, and Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh schema, dropped
// afterwards). BENCH_LEADS=100000 for a smaller database, BENCH_SECONDS per measure and side
// (default 6), BENCH_ONLY=floor,queue,tiles,submit for some measures, BENCH_SUBMITS recorded per
// reader (default 120), BENCH_CPU_PROF=<dir> for the app's CPU profile (where the time beyond the
// reference goes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { COMPANIES, TELECALLERS_PER_COMPANY, insertCompanies, loadPostgres, loadSqlite, type BenchUser, type Loaded } from './lead-work-data.js';
import { HttpClient, closedLoop, inTurns, summarize, timed, type Summary } from './load.js';
import { maskedUrl, withBenchSchema } from './pg-schema.js';
import { startChild } from './lead-work-child.js';
import { recordReferences } from './lead-work-record.js';
import { summarizeProfile } from './cpu-profile.js';
import { CONCURRENCY, MEASURES, appSteps, replaySteps, signInAll, type Measure } from './lead-work-steps.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 1;
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 120);
const ONLY = new Set((process.env.BENCH_ONLY ?? MEASURES.join(',')).split(',') as Measure[]);

const MEASURE_LABEL: Record<Measure, string> = {
  floor: 'session read (auth.me)',
  queue: 'queue page (4 queues x 2 pages, 20 a page)',
  tiles: 'dashboard counts (dashboard.tiles)',
  submit: 'lead-form submit (work.submit)',
};
/** The least share of its reference's throughput each measure should reach (issue 23). */
const GOAL: Record<Measure, number> = { floor: 0.85, queue: 0.85, tiles: 0.8, submit: 0.75 };

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function line(label: string, s: Summary, note = '') {
  console.log(`    ${label.padEnd(10)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  ${fmt(s.perSecond).padStart(6)}/s  (${fmt(s.count)})${note}`);
}

export interface Ratio {
  measure: Measure;
  ratio: number;
}

async function measureDatabase(databaseUrl: string, pgSchema: string | undefined, users: BenchUser[], dir: string): Promise<Ratio[]> {
  // 1. The recording pass (untimed).
  const recorder = await startChild({ kind: 'app', databaseUrl, pgSchema, record: true });
  const recordClient = new HttpClient(recorder.url, 4);
  const access = createDatabase(databaseUrl, { pgSchema });
  let recorded: Awaited<ReturnType<typeof recordReferences>>;
  let sessions: Awaited<ReturnType<typeof signInAll>>;
  try {
    const t0 = performance.now();
    sessions = await signInAll(recordClient, users);
    recorded = await recordReferences({ client: recordClient, db: access.db, users, sessions, measures: ONLY, submitRounds: SUBMITS, dir });
    const least = Math.min(...recorded.submitRounds);
    console.log(
      `  signed in ${sessions.size} telecallers; recorded the references' ${fmt(recorded.statements)} statements` +
        (ONLY.has('submit') ? ` (${least === SUBMITS ? SUBMITS : `${least} to ${Math.max(...recorded.submitRounds)}`} submits a reader)` : '') +
        ` in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    recordClient.close();
    await access.close();
    await recorder.stop();
  }

  // 2. App and reference side by side, taking turns.
  const started = Date.now();
  const [app, replay] = await Promise.all([
    startChild({ kind: 'app', databaseUrl, pgSchema }),
    startChild({ kind: 'replay', databaseUrl, pgSchema, recordingsFile: recorded.file }),
  ]);
  const appClient = new HttpClient(app.url, CONCURRENCY);
  const replayClient = new HttpClient(replay.url, CONCURRENCY);
  const ratios: Ratio[] = [];
  try {
    // The app's sessions are its own (signing in again here would add sessions to the readers' reads).
    const appOn = await appSteps(appClient, users, sessions);
    const replayOn = replaySteps(replayClient, users, sessions, recorded.submitRounds);
    for (const measure of MEASURES) {
      if (!ONLY.has(measure)) continue;
      const [appSide, referenceSide] = await inTurns([appOn[measure], replayOn[measure]], {
        workers: CONCURRENCY,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
      });
      const mine = appSide!.summary;
      const reference = referenceSide!.summary;
      const goal = `(goal >= ${Math.round(GOAL[measure] * 100)}%)`;
      if (!(reference.perSecond > 0)) {
        // With few leads a reader has few submits to record, and the replay can use them all up in its warm-up.
        console.log(`  ${MEASURE_LABEL[measure]}: no ratio ${goal}: the reference ran out of recorded submits before it was timed (more leads: BENCH_LEADS)`);
      } else {
        const ratio = mine.perSecond / reference.perSecond;
        ratios.push({ measure, ratio });
        console.log(
          `  ${MEASURE_LABEL[measure]}: ${Math.round(ratio * 100)}% of its reference's throughput ${goal}: ${ratio >= GOAL[measure] ? 'MET' : 'MISSED'}`,
        );
      }
      line('app', mine);
      line('reference', reference, referenceSide!.ranOut ? '  (ran out of recorded submits: its rate is understated)' : '');
    }
    console.log(`  load average (1/5/15 min): ${loadAverage()}`);
  } finally {
    appClient.close();
    replayClient.close();
    await Promise.all([app.stop(), replay.stop()]);
  }
  const profiles = process.env.BENCH_CPU_PROF;
  if (profiles)
    for (const f of fs.readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'))) {
      const file = path.join(profiles, f);
      if (fs.statSync(file).mtimeMs >= started) console.log(summarizeProfile(file));
    }
  return ratios;
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
    console.log(`the machine: a bare Fastify route (GET /ping answering {"ok":true}), ${CONCURRENCY} concurrent, same client`);
    line('bare', summarize(r));
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

/** A fresh SQLite database of `leads` leads, in its own folder; removed after `use`. */
export async function withSqliteBench<T>(leads: number, use: (url: string, users: BenchUser[], dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lead-work-'));
  const file = path.join(dir, 'bench.db');
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
    describeLoad(loadSqlite(file, { total: leads, users, now: new Date() }), (performance.now() - t0) / 1000);
    return await use(`sqlite:${file}`, users, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(url: string) {
  await withBenchSchema(url, async (schema) => {
    console.log(`Postgres (${maskedUrl(url)}, schema ${schema})`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lead-work-pg-'));
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
      await measureDatabase(url, schema, users, dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

export async function run(): Promise<void> {
  console.log(
    `${fmt(LEADS)} leads, ${CONCURRENCY} telecallers at once, ${SECONDS} s a measure and side after ${WARMUP_SECONDS} s of warm-up; ` +
      `${os.cpus().length} CPUs (server, load and database share them); load average ${loadAverage()}`,
  );
  await measureBare();
  console.log('SQLite');
  await withSqliteBench(LEADS, (url, users, dir) => measureDatabase(url, undefined, users, dir));
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) await runPostgres(pgUrl);
  else console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');
}
