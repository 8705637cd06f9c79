// CSV import through the real HTTP upload (issue 3): rows/s on SQLite against a bare
// better-sqlite3 prepared insert of the same rows, the server's memory growth on a 1,000,000-row
// file (server in a child process, its RSS sampled from /proc), the longest event-loop block during
// the import, and the rate on Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import pg from 'pg';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { benchLead, writeBenchCsv } from './import-data.js';
import { startImportServer, uploadCsvFile } from './import-server.js';

const ROWS = 100_000;
const BIG_ROWS = 1_000_000;
const WARM_UP_ROWS = 5_000;
const TARGET_RATE = 50_000;
const TARGET_SHARE = 0.25;
const TARGET_PG_RATE = 20_000;
const TARGET_RSS_MB = 150;
const TARGET_BLOCK_MS = 100;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** One transaction, one prepared statement, the same rows and columns, a fresh table with the app's indexes. */
async function bareInsertRate(dir: string, rows: number): Promise<number> {
  const file = path.join(dir, 'bare.db');
  const database = createDatabase(`sqlite:${file}`);
  await migrateToLatest(database.db, 'sqlite');
  await database.close();
  const raw = new (sqliteDriver().Database)(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const now = new Date().toISOString();
  const company = raw
    .prepare(`insert into subadmins (name, email, password_hash, telecaller_creat_limit, company_name, mobile, expiry_date,
    gst, company_bio, address, is_blocked, time_zone, created_at, updated_at) values ('B', 'b@b', 'x', 1, 'B', '9000000000', '2099-12-31', '', '', '', 0, 'Asia/Kolkata', ?, ?)`)
    .run(now, now).lastInsertRowid;
  const leads = Array.from({ length: rows }, (_, i) => benchLead(i));
  const insert = raw.prepare(`insert into leads (subadmin_id, batch_id, visible, source_ref, name, mobile, requirement, area, category,
    upload_date, telicaller_id, telicaller_send_date, status, created_at, updated_at) values (?, 1, 0, null, ?, ?, ?, ?, 'JustDial', ?, null, null, '0', ?, ?)`);
  const t0 = performance.now();
  raw.transaction(() => {
    for (const l of leads) insert.run(company, l.name, l.mobile, l.requirement, l.area, now, now, now);
  })();
  const ms = performance.now() - t0;
  raw.close();
  return rows / (ms / 1000);
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

async function postgresRate(url: string, file: string, warm: string) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const server = await startImportServer({ databaseUrl: url, pgSchema: schema });
    try {
      await uploadCsvFile(server, warm);
      const t0 = performance.now();
      const result = await uploadCsvFile(server, file);
      const seconds = (performance.now() - t0) / 1000;
      return { rate: ROWS / seconds, seconds, inserted: result.inserted };
    } finally {
      await server.close();
    }
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
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
    const server = await startImportServer({ databaseUrl: `sqlite:${path.join(dir, 'app.db')}` });
    let rate: number;
    let blockMs: number;
    try {
      await uploadCsvFile(server, warm);
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const t0 = performance.now();
      const result = await uploadCsvFile(server, file);
      const seconds = (performance.now() - t0) / 1000;
      loop.disable();
      if (result.inserted !== ROWS) throw new Error(`expected ${ROWS} inserted, got ${JSON.stringify(result)}`);
      rate = ROWS / seconds;
      blockMs = loop.max / 1e6;
      console.log(
        `SQLite upload (HTTP, end to end): ${fmt(rate)} rows/s (${seconds.toFixed(2)} s)   target >= ${fmt(TARGET_RATE)}: ${verdict(rate >= TARGET_RATE)}`,
      );
    } finally {
      await server.close();
    }

    const bare = await bareInsertRate(dir, ROWS);
    const share = rate / bare;
    console.log(`bare better-sqlite3 prepared insert, one transaction: ${fmt(bare)} rows/s`);
    console.log(`ratio upload / bare: ${(share * 100).toFixed(1)}%   target >= ${TARGET_SHARE * 100}%: ${verdict(share >= TARGET_SHARE)}`);
    console.log(
      `longest event-loop block during the upload (in-process monitorEventLoopDelay max): ${blockMs.toFixed(1)} ms   target < ${TARGET_BLOCK_MS} ms: ${verdict(blockMs < TARGET_BLOCK_MS)}`,
    );

    const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      const p = await postgresRate(pgUrl, file, warm);
      console.log(
        `Postgres upload (HTTP, end to end): ${fmt(p.rate)} rows/s (${p.seconds.toFixed(2)} s)   target >= ${fmt(TARGET_PG_RATE)}: ${verdict(p.rate >= TARGET_PG_RATE)}`,
      );
    } else {
      console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }

    const m = await bigImportMemory(dir);
    console.log(
      `1,000,000-row file (${(m.bytes / 1048576).toFixed(0)} MB), server in a child process, RSS from /proc: ` +
        `${(m.baseline / 1048576).toFixed(0)} MB -> peak ${(m.peak / 1048576).toFixed(0)} MB, growth ${m.growthMb.toFixed(0)} MB   ` +
        `target < ${TARGET_RSS_MB} MB: ${verdict(m.growthMb < TARGET_RSS_MB)}   (${fmt(m.rate)} rows/s, ${fmt(m.inserted)} inserted)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
