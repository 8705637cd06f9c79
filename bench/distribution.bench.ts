// Distributing 10,000 leads with 1,000,000 leads in the table, through the service function, against
// the reference measured in the same run: the update alone of 10,000 rows, ids known, rolled back
// (issue 23: at most 1.2 times its time). On a temporary SQLite file, and on Postgres when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh schema, dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Database, type Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { loadConfig } from '../server/config.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { SignInLimiter } from '../server/auth/sign-in-limiter.js';
import { AlertHub } from '../server/services/alerts/hub.js';
import { KnownDevices } from '../server/auth/known-devices.js';
import type { Deps } from '../server/deps.js';
import type { DB } from '../server/db/schema.js';
import type { SubadminActor } from '../server/auth/actor.js';
import { maskedUrl, withBenchSchema } from './pg-schema.js';
import { insertCompanyAndUsers, type Fixture } from './company-fixture.js';
import { distributeLeads, getPool, listAssignees, takeBackLeads } from '../server/services/distribution/distribution.service.js';
import { assignOldest } from '../server/services/distribution/distribution.repository.js';

const TOTAL_LEADS = 1_000_000;
const DISTRIBUTE = 10_000;
const RUNS = 7;
/** A distribution of 10,000 leads at most this many times the update alone of the same number of rows (issue 23). */
const GOAL_RATIO = 1.2;
const CATEGORIES = ['IndiaMART', 'JustDial', 'Local Leads'];
/** The oldest 30% are already assigned (older leads go out first), spread over the telecallers. */
const ASSIGNED_SHARE = 0.3;
/**
 * Leads arrive in uploads of UPLOAD_ROWS, each of one category, the categories in turn — as CSV
 * uploads write them. BENCH_LAYOUT=interleaved alternates the category lead by lead instead (the
 * worst case: a category's 10,000 oldest leads then lie on three times as many pages).
 */
const INTERLEAVED = process.env.BENCH_LAYOUT === 'interleaved';
const UPLOAD_ROWS = 5_000;
const categoryIndex = (i: number) => (INTERLEAVED ? i : Math.floor(i / UPLOAD_ROWS)) % CATEGORIES.length;
const TELECALLERS = 10;

/** One transaction, one prepared statement: the fastest way better-sqlite3 loads rows. */
function bulkInsertSqlite(file: string, fx: Fixture) {
  const raw = new (sqliteDriver().Database)(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  const insert = raw.prepare(`insert into leads
    (subadmin_id, batch_id, visible, source_ref, name, mobile, requirement, area, category, upload_date,
     telicaller_id, telicaller_send_date, status, created_at, updated_at)
    values (?, null, 1, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const assignedUpTo = Math.floor(TOTAL_LEADS * ASSIGNED_SHARE);
  const base = Date.parse('2024-01-01T00:00:00Z');
  raw.transaction(() => {
    for (let i = 0; i < TOTAL_LEADS; i++) {
      const at = new Date(base + i * 1000).toISOString();
      const assigned = i < assignedUpTo;
      insert.run(
        fx.subadminId,
        `Lead ${i}`,
        String(7_000_000_000 + i),
        'Needs a website',
        'Pune',
        CATEGORIES[categoryIndex(i)],
        at,
        assigned ? fx.userIds[i % TELECALLERS] : null,
        assigned ? at : null,
        assigned ? (i % 5 === 0 ? '0' : '2') : '0',
        at,
        at,
      );
    }
  })();
  // A running server checkpoints as it goes; a 250 MB write-ahead log left over would slow every read.
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
}

/** generate_series in one statement: Postgres builds the rows itself. */
async function bulkInsertPostgres(db: Kysely<DB>, fx: Fixture) {
  const assignedUpTo = Math.floor(TOTAL_LEADS * ASSIGNED_SHARE);
  const ids = `array[${fx.userIds.join(',')}]::int[]`;
  await sql`
    insert into leads (subadmin_id, batch_id, visible, source_ref, name, mobile, requirement, area, category, upload_date,
      telicaller_id, telicaller_send_date, status, created_at, updated_at)
    select ${fx.subadminId}, null, 1, null, 'Lead ' || g, (7000000000 + g)::text, 'Needs a website', 'Pune',
      (array['IndiaMART','JustDial','Local Leads'])[${sql.raw(INTERLEAVED ? 'g' : `g / ${UPLOAD_ROWS}`)} % 3 + 1], ts,
      case when g < ${assignedUpTo} then (${sql.raw(ids)})[g % ${TELECALLERS} + 1] end,
      case when g < ${assignedUpTo} then ts end,
      case when g < ${assignedUpTo} and g % 5 <> 0 then '2' else '0' end, ts, ts
    from (select g, to_char(timestamp '2024-01-01' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as ts
          from generate_series(0, ${TOTAL_LEADS - 1}) g) s`.execute(db);
  await sql`analyze leads`.execute(db);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** With `reference` (a median, ms): the ratio to it, judged against GOAL_RATIO, on the median (one slow run on a shared machine is noise). */
async function time(label: string, runs: number, fn: () => Promise<unknown>, reference?: number, judged = true) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const ratio = reference === undefined ? 0 : median(times) / reference;
  const verdict =
    reference === undefined
      ? ''
      : `  ${ratio.toFixed(2)}x the update alone${judged ? ` (goal <= ${GOAL_RATIO}x): ${ratio <= GOAL_RATIO ? 'MET' : 'MISSED'}` : ''}`;
  console.log(`  ${label.padEnd(58)} median ${ms(median(times)).padStart(9)}  max ${ms(Math.max(...times)).padStart(9)}${verdict}`);
  return times;
}

async function measure(dialect: Dialect, database: Database, load: (fx: Fixture) => Promise<void>, pgSchema?: string) {
  // Postgres: the bench's own schema is named, or another schema's migration tables (a test run at
  // the same time) would be taken for ours.
  await migrateToLatest(database.db, dialect, pgSchema);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const deps: Deps = {
    db: database.db,
    dialect,
    config,
    signInLimiter: new SignInLimiter(database.db),
    knownDevices: new KnownDevices(database.db),
    // Distribution raises no alerts: the hub only has to exist, so it does not listen on Postgres.
    alerts: await AlertHub.start(database.db, 'sqlite', { databaseUrl: config.databaseUrl, pushContact: config.pushContact, logger: console }),
  };
  const fx = await insertCompanyAndUsers(database.db, TELECALLERS);
  const t0 = performance.now();
  await load(fx);
  const pool = await getPool(deps, { kind: 'subadmin', id: fx.subadminId, subadminId: fx.subadminId, sessionId: 0 });
  console.log(
    `  loaded ${TOTAL_LEADS.toLocaleString('en-IN')} leads (${INTERLEAVED ? 'categories interleaved lead by lead' : `uploads of ${UPLOAD_ROWS.toLocaleString('en-IN')}, categories in turn`}) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `unassigned ${pool.total.toLocaleString('en-IN')} (${pool.categories.map((c) => `${c.category} ${c.count.toLocaleString('en-IN')}`).join(', ')})`,
  );

  const actor: SubadminActor = { kind: 'subadmin', id: fx.subadminId, subadminId: fx.subadminId, sessionId: 0 };
  const [first, ...rest] = fx.userIds;
  // Measured first: rolled back, it leaves the pool as it was.
  const reference = median(await updateAlone(database.db, fx));
  // Where a distribution's time goes beyond the reference: the app's own choosing and update, rolled
  // back too (so the rest is the commit, the checks and the audit row).
  const chooseAndUpdate = (category: string | null) => (trx: Kysely<DB>) =>
    assignOldest(trx, dialect, { subadminId: fx.subadminId, category, limit: DISTRIBUTE, userIds: [first!], now: new Date().toISOString() });
  await rolledBack(
    `the app's choosing and update of ${DISTRIBUTE.toLocaleString('en-IN')} of one category, rolled back`,
    database.db,
    chooseAndUpdate('Local Leads'),
    reference,
  );
  await rolledBack('the same of any category, rolled back', database.db, chooseAndUpdate(null), reference);
  let assigned = 0;
  const check = (r: { assigned: number }) => {
    if (r.assigned !== DISTRIBUTE) throw new Error(`assigned ${r.assigned}, expected ${DISTRIBUTE}`);
    assigned += r.assigned;
  };
  await time(
    `distribute ${DISTRIBUTE.toLocaleString('en-IN')} of one category to one telecaller`,
    RUNS,
    async () => check(await distributeLeads(deps, actor, { userIds: [first!], count: DISTRIBUTE, category: 'IndiaMART' })),
    reference,
  );
  await time(
    `distribute ${DISTRIBUTE.toLocaleString('en-IN')} of any category to one telecaller`,
    RUNS,
    async () => check(await distributeLeads(deps, actor, { userIds: [rest[0]!], count: DISTRIBUTE, category: null })),
    reference,
  );
  await time(
    `distribute ${DISTRIBUTE.toLocaleString('en-IN')} of one category split over ${rest.length} people`,
    RUNS,
    async () => check(await distributeLeads(deps, actor, { userIds: rest, count: DISTRIBUTE, category: 'JustDial' })),
    reference,
  );
  await time("pool counts (the form's category list)", RUNS, () => getPool(deps, actor));
  await time("assignees with untouched and today's counts", RUNS, () => listAssignees(deps, actor));
  await time(`take back ${(RUNS * DISTRIBUTE).toLocaleString('en-IN')} untouched leads from one person`, 1, () =>
    takeBackLeads(deps, actor, { userId: first!, category: 'IndiaMART' }),
  );
  console.log(`  (${assigned.toLocaleString('en-IN')} leads assigned in all; every run assigned exactly ${DISTRIBUTE.toLocaleString('en-IN')})`);
  await deps.alerts.close();
}

class RolledBack extends Error {}

/** `work` in a transaction that is then rolled back, timed RUNS times; beside the reference when given, not judged. */
function rolledBack(label: string, db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<unknown>, reference?: number) {
  return time(
    label,
    RUNS,
    () =>
      db
        .transaction()
        .execute(async (trx) => {
          await work(trx);
          throw new RolledBack();
        })
        .catch((err: unknown) => {
          if (!(err instanceof RolledBack)) throw err;
        }),
    reference,
    false,
  );
}

/**
 * The reference under the distributions: the same write to 10,000 unassigned leads whose ids are
 * known in advance (no choosing, no locking), in a transaction rolled back. What writing the rows,
 * their index entries and the kept counts costs here; a distribution can only add to it.
 */
async function updateAlone(db: Kysely<DB>, fx: Fixture): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('subadmin_id', '=', fx.subadminId)
    .where('telicaller_id', 'is', null)
    .where('visible', '=', 1)
    .where('category', '=', 'Local Leads')
    .orderBy('id')
    .limit(DISTRIBUTE)
    .execute();
  const ids = rows.map((r) => r.id);
  const now = new Date().toISOString();
  return rolledBack(`reference: the update alone of ${DISTRIBUTE.toLocaleString('en-IN')} leads (ids known, rolled back)`, db, (trx) =>
    trx
      .updateTable('leads')
      .set({ telicaller_id: fx.userIds[0]!, telicaller_send_date: now, status: LEAD_STATUS.new, updated_at: now })
      .where('id', 'in', ids)
      .execute(),
  );
}

async function runSqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-distribution-'));
  const file = path.join(dir, 'bench.db');
  console.log(`SQLite (${file})`);
  const database = createDatabase(`sqlite:${file}`);
  try {
    await measure('sqlite', database, async (fx) => bulkInsertSqlite(file, fx));
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(url: string) {
  await withBenchSchema(url, async (schema) => {
    console.log(`Postgres (${maskedUrl(url)}, schema ${schema})`);
    const database = createDatabase(url, { pgSchema: schema });
    try {
      await measure('postgres', database, (fx) => bulkInsertPostgres(database.db, fx), schema);
    } finally {
      await database.close();
    }
  });
}

export async function run(): Promise<void> {
  await runSqlite();
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) await runPostgres(pgUrl);
  else console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');
}
