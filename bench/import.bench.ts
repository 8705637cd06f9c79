// CSV import through the real HTTP upload (issues 3 and 23): rows/s on SQLite and Postgres, each
// as a share of its reference in the same run (bench/import-references.ts: a bare multi-row INSERT
// on SQLite, COPY on Postgres, of the same rows into a fresh database with the app's indexes), app
// and reference in turns (app, reference, reference, app) so a drift of the machine falls on both;
// the server's memory growth on a 1,000,000-row file (server in a child process, its RSS sampled
// from /proc), and the longest event-loop block during an import. Postgres runs when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set. BENCH_CPU_PROF=<dir> profiles the first SQLite
// upload (the server runs in this process) and prints where its time went.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { writeBenchCsv } from './import-data.js';
import { startImportServer, uploadCsvFile } from './import-server.js';
import { postgresCopyRate, sqliteMultiRowRate } from './import-references.js';
import { summarizeProfile } from './cpu-profile.js';
import { withBenchSchema } from './pg-schema.js';

const ROWS = 100_000;
const BIG_ROWS = 1_000_000;
const WARM_UP_ROWS = 5_000;
/** the app's upload as a share of its reference (issue 23) */
const TARGET_SHARE = 0.5;
const TARGET_RSS_MB = 150;
const TARGET_BLOCK_MS = 100;

const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * One-shot runs in the order app, reference, reference, app (an upload cannot be looped like load.ts's
 * inTurns): each side's rate over its two runs, the same rows each time.
 */
async function appAroundReference(app: () => Promise<number>, reference: () => Promise<number>) {
  const a1 = await app();
  const r1 = await reference();
  const r2 = await reference();
  const a2 = await app();
  const overBoth = (x: number, y: number) => 2 / (1 / x + 1 / y);
  return { app: overBoth(a1, a2), reference: overBoth(r1, r2), runs: [a1, r1, r2, a2] };
}

function printShare(db: string, reference: string, r: { app: number; reference: number; runs: number[] }) {
  const share = r.app / r.reference;
  console.log(
    `${db}: upload (HTTP, end to end) ${fmt(r.app)} rows/s, ${reference} ${fmt(r.reference)} rows/s: ` +
      `${(share * 100).toFixed(1)}%   goal >= ${TARGET_SHARE * 100}%: ${verdict(share >= TARGET_SHARE)}   (runs in turn: ${r.runs.map(fmt).join(' / ')})`,
  );
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The server in a child process; its RSS sampled every 25 ms while a 1,000,000-row file goes in. */
async function bigImportMemory(dir: string) {
  const big = path.join(dir, 'leads-1m.csv');
  const bytes = await writeBenchCsv(big, BIG_ROWS);
  const warm = path.join(dir, 'warm-child.csv');
  await writeBenchCsv(warm, WARM_UP_ROWS, 20_000_000);
  const child = fork(new URL('./import-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SQLITE_URL: `sqlite:${path.join(dir, 'child.db')}` },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const [server] = (await once(child, 'message')) as [{ url: string; email: string; password: string }];
    await uploadCsvFile(server, warm);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = rssOf(child.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid!));
    }, 25);
    const t0 = performance.now();
    const result = await uploadCsvFile(server, big);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(child.pid!));
    child.send('stop');
    await once(child, 'exit');
    return { bytes, baseline, peak, growthMb: (peak - baseline) / (1024 * 1024), rate: BIG_ROWS / seconds, inserted: result.inserted };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

/** One upload of the file into a fresh schema; its rows/s. */
async function postgresUploadRate(url: string, file: string, warm: string): Promise<number> {
  return withBenchSchema(url, async (schema) => {
    const server = await startImportServer({ databaseUrl: url, pgSchema: schema });
    try {
      await uploadCsvFile(server, warm);
      const t0 = performance.now();
      const result = await uploadCsvFile(server, file);
      const seconds = (performance.now() - t0) / 1000;
      if (result.inserted !== ROWS) throw new Error(`expected ${ROWS} inserted, got ${JSON.stringify(result)}`);
      return ROWS / seconds;
    } finally {
      await server.close();
    }
  });
}

/** The CPU profile of `work` written to `file` (this process: the in-process server and the client). */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/** One upload of the file into a fresh SQLite file, server in this process: its rows/s and the longest event-loop block. */
async function sqliteUpload(dir: string, file: string, warm: string, profileTo?: string): Promise<{ rate: number; blockMs: number }> {
  const server = await startImportServer({ databaseUrl: `sqlite:${path.join(dir, `app-${randomBytes(4).toString('hex')}.db`)}` });
  try {
    await uploadCsvFile(server, warm);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    const upload = () => uploadCsvFile(server, file);
    const result = profileTo ? await profiled(profileTo, upload) : await upload();
    const seconds = (performance.now() - t0) / 1000;
    loop.disable();
    if (result.inserted !== ROWS) throw new Error(`expected ${ROWS} inserted, got ${JSON.stringify(result)}`);
    return { rate: ROWS / seconds, blockMs: loop.max / 1e6 };
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
  try {
    const file = path.join(dir, 'leads-100k.csv');
    const bytes = await writeBenchCsv(file, ROWS);
    const warm = path.join(dir, 'warm.csv');
    await writeBenchCsv(warm, WARM_UP_ROWS, 10_000_000);
    console.log(`file: ${fmt(ROWS)} rows, ${(bytes / 1048576).toFixed(1)} MB (quoted commas, line breaks, +91/0/dash mobiles)`);

    // SQLite, server in this process: the event-loop monitor sees the import's every block.
    let blockMs = 0;
    const profiles = process.env.BENCH_CPU_PROF;
    let profileTo = profiles ? path.join(profiles, `import-sqlite-${Date.now()}.cpuprofile`) : undefined;
    const profileFile = profileTo;
    const lite = await appAroundReference(
      async () => {
        const one = await sqliteUpload(dir, file, warm, profileTo);
        profileTo = undefined;
        blockMs = Math.max(blockMs, one.blockMs);
        return one.rate;
      },
      () => sqliteMultiRowRate(dir, ROWS),
    );
    printShare('SQLite', 'bare multi-row INSERT (better-sqlite3, one transaction)', lite);
    if (profileFile) console.log(`the first SQLite upload's profile (server and client in this process):\n${summarizeProfile(profileFile)}`);
    console.log(
      `longest event-loop block during the SQLite uploads (in-process monitorEventLoopDelay max): ${blockMs.toFixed(1)} ms   goal < ${TARGET_BLOCK_MS} ms: ${verdict(blockMs < TARGET_BLOCK_MS)}`,
    );

    const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      const p = await appAroundReference(
        () => postgresUploadRate(pgUrl, file, warm),
        () => postgresCopyRate(pgUrl, ROWS),
      );
      printShare('Postgres', 'COPY FROM STDIN (raw pg, one transaction)', p);
    } else {
      console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }

    const m = await bigImportMemory(dir);
    console.log(
      `1,000,000-row file (${(m.bytes / 1048576).toFixed(0)} MB), server in a child process, RSS from /proc: ` +
        `${(m.baseline / 1048576).toFixed(0)} MB -> peak ${(m.peak / 1048576).toFixed(0)} MB, growth ${m.growthMb.toFixed(0)} MB   ` +
        `goal < ${TARGET_RSS_MB} MB: ${verdict(m.growthMb < TARGET_RSS_MB)}   (${fmt(m.rate)} rows/s, ${fmt(m.inserted)} inserted)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
