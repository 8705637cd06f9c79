// The import bench's references (issue 23): the same rows the CSV holds, already parsed and
// normalised, written straight into a fresh database with the app's schema and indexes, by the
// fastest bulk path each driver offers: a multi-row INSERT in one transaction on better-sqlite3, COPY
// FROM STDIN in one transaction on Postgres. No parsing, checking, de-duplication or HTTP. The rows
// go in as the upload leaves them, visible (the app writes them hidden and shows the batch at once
// when it is complete, so the table and its indexes end the same).
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { benchLead } from './import-data.js';
import { withBenchSchema } from './pg-schema.js';

const COLUMNS = [
  'subadmin_id',
  'batch_id',
  'visible',
  'name',
  'mobile',
  'requirement',
  'area',
  'category',
  'upload_date',
  'status',
  'created_at',
  'updated_at',
] as const;
/** 12 columns a row: 500 rows stay far under SQLite's 32,766 bound parameters a statement. */
const ROWS_PER_INSERT = 500;

const COMPANY = `insert into subadmins (name, email, password_hash, telecaller_creat_limit, company_name, mobile, expiry_date,
  gst, company_bio, address, is_blocked, time_zone, created_at, updated_at)
  values ('B', 'b@b', 'x', 1, 'B', '9000000000', '2099-12-31', '', '', '', 0, 'Asia/Kolkata', $1, $2)`;

function rowValues(company: number, i: number, now: string): (string | number)[] {
  const l = benchLead(i);
  return [company, 1, 1, l.name, l.mobile, l.requirement, l.area, 'JustDial', now, '0', now, now];
}

/** Rows per second of a multi-row INSERT (ROWS_PER_INSERT a statement, one transaction) into a fresh SQLite file. */
export async function sqliteMultiRowRate(dir: string, rows: number): Promise<number> {
  const file = path.join(dir, `reference-${randomBytes(4).toString('hex')}.db`);
  const database = createDatabase(`sqlite:${file}`);
  await migrateToLatest(database.db, 'sqlite');
  await database.close();
  const raw = new (sqliteDriver().Database)(file);
  try {
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const now = new Date().toISOString();
    const company = Number(raw.prepare(COMPANY.replace('$1', '?').replace('$2', '?')).run(now, now).lastInsertRowid);
    const values = (n: number) => Array.from({ length: n }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ');
    const sqlFor = (n: number) => `insert into leads (${COLUMNS.join(', ')}) values ${values(n)}`;
    const full = raw.prepare(sqlFor(ROWS_PER_INSERT));
    // The rows are built before the clock starts: the reference is the writing alone.
    const chunks: (string | number)[][] = [];
    for (let start = 0; start < rows; start += ROWS_PER_INSERT) {
      const params: (string | number)[] = [];
      for (let i = start; i < Math.min(rows, start + ROWS_PER_INSERT); i++) params.push(...rowValues(company, i, now));
      chunks.push(params);
    }
    const t0 = performance.now();
    raw.transaction(() => {
      for (const params of chunks)
        (params.length === ROWS_PER_INSERT * COLUMNS.length ? full : raw.prepare(sqlFor(params.length / COLUMNS.length))).run(params);
    })();
    const ms = performance.now() - t0;
    const count = raw.prepare('select count(*) as n from leads').get() as { n: number };
    if (count.n !== rows) throw new Error(`reference inserted ${count.n} of ${rows}`);
    return rows / (ms / 1000);
  } finally {
    raw.close();
  }
}

const csvCell = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

/** The rows as COPY's CSV text, in pieces of about 64 kB. */
function* copyText(company: number, rows: number, now: string): Generator<string> {
  let buf = '';
  for (let i = 0; i < rows; i++) {
    buf += `${rowValues(company, i, now).map(csvCell).join(',')}\n`;
    if (buf.length > 1 << 16) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/** Rows per second of COPY FROM STDIN (CSV, one transaction) into a fresh schema with the app's tables. */
export async function postgresCopyRate(url: string, rows: number): Promise<number> {
  return withBenchSchema(url, async (schema) => {
    const database = createDatabase(url, { pgSchema: schema });
    await migrateToLatest(database.db, 'postgres', schema);
    await database.close();
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      const now = new Date().toISOString();
      const company = Number((await client.query(`${COMPANY} returning id`, [now, now])).rows[0].id);
      const text = [...copyText(company, rows, now)];
      const t0 = performance.now();
      await client.query('begin');
      await pipeline(Readable.from(text), client.query(copyFrom(`copy leads (${COLUMNS.join(', ')}) from stdin (format csv)`)));
      await client.query('commit');
      const ms = performance.now() - t0;
      const count = await client.query('select count(*)::int as n from leads');
      if (count.rows[0].n !== rows) throw new Error(`reference inserted ${count.rows[0].n} of ${rows}`);
      return rows / (ms / 1000);
    } finally {
      await client.end();
    }
  });
}
