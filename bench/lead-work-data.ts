// The lead-work bench's database: COMPANIES companies with TELECALLERS_PER_COMPANY telecallers each,
// `total` leads between them as uploads and distributions leave them (uploads of a company
// interleaved with the other companies', 80% distributed, the newest upload sent today), statuses
// spread as a working team leaves them (new today, pending, callbacks due today / missed / later,
// attempts waiting out their retry delay) and a history row for every worked lead. One generator
// feeds both dialects; rows go in with one prepared statement (SQLite) or 10,000 rows a statement
// through unnest (Postgres), never through the services.
import type { Kysely } from 'kysely';
import { insertDefaultFeedback } from '../server/services/lead-fields/fields.repository.js';
import { sql } from 'kysely';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import type { DB } from '../server/db/schema.js';
import { hashPassword } from '../server/auth/passwords.js';
import { todayBounds, todayIn, addDays, startOfDayUtc } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { benchLead } from './import-data.js';

export const COMPANIES = 100;
export const TELECALLERS_PER_COMPANY = 2;
export const BENCH_PASSWORD = 'bench-password-1';
const TIME_ZONE = 'Asia/Kolkata';
/** Each company's leads arrive in this many uploads, three days apart; the newest is sent today. */
const UPLOADS = 20;
const DAYS_BETWEEN_UPLOADS = 3;
const ASSIGNED_SHARE = 0.8;
const CATEGORIES = ['IndiaMART', 'JustDial', 'Local Leads'];

export interface BenchUser {
  id: number;
  subadminId: number;
  mobile: string;
}

export interface LeadRow {
  id: number;
  subadmin_id: number;
  name: string;
  mobile: string;
  requirement: string;
  area: string;
  category: string;
  upload_date: string;
  telicaller_id: number | null;
  telicaller_send_date: string | null;
  status: string;
  lead_quality: string | null;
  callback_date: string | null;
  callback_time: string | null;
  attempts: number;
  retry_at: string | null;
}

export interface HistoryRow {
  subadmin_id: number;
  lead_id: number;
  user_id: number;
  kind: 'outcome' | 'attempt';
  outcome: string | null;
  status: string;
  feedback: string | null;
  call_duration: number;
  callback: number;
  callback_date: string | null;
  callback_time: string | null;
  invalid_reason: string | null;
  lead_quality: string | null;
  created_at: string;
}

/** A fixed pseudo-random number in [0, 1) for lead i and purpose `salt` (same data every run). */
function rand(i: number, salt: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

const pick = <T>(xs: readonly T[], r: number): T => xs[Math.floor(r * xs.length)]!;
const FEEDBACK: Record<string, readonly string[]> = {
  '2': ['Running', 'Price Negotiation', 'Deal Close'],
  '3': ['Demo Not Working', 'Price Issue', 'Another Side Convert', 'Not Relevant Lead'],
  '4': ['Follow-up Option'],
  '5': ['Wrong Lead'],
};
/** What a worked lead became: interested, not interested, follow-up, invalid, opened and left. */
const WORKED: Array<[string, number]> = [
  ['2', 0.15],
  ['3', 0.4],
  ['4', 0.25],
  ['5', 0.12],
  ['6', 0.08],
];
function workedStatus(r: number): string {
  let acc = 0;
  for (const [s, share] of WORKED) {
    acc += share;
    if (r < acc) return s;
  }
  return '3';
}
const callbackTime = (r: number) => {
  const quarter = Math.floor(r * 44); // 09:00 .. 19:45
  return `${String(9 + Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
};

export interface BenchLayout {
  total: number;
  users: BenchUser[];
  now: Date;
}

/**
 * Lead i: uploads of each company in turn (upload u of company 0, of company 1, ...), the first
 * 80% of an upload split in two halves between the company's two telecallers.
 */
export function* leadRows(layout: BenchLayout): Generator<{ lead: LeadRow; history: HistoryRow[] }> {
  const { total, users, now } = layout;
  const perCompany = Math.floor(total / COMPANIES);
  const uploadSize = Math.max(1, Math.floor(perCompany / UPLOADS));
  const nowMs = now.getTime();
  const today = todayIn(TIME_ZONE, now);
  const dayFrom = Date.parse(todayBounds(TIME_ZONE, now).from);
  const dayStarts = new Map<number, number>();
  const dayStart = (daysAgo: number) => {
    let ms = dayStarts.get(daysAgo);
    if (ms === undefined) {
      ms = Date.parse(startOfDayUtc(addDays(today, -daysAgo), TIME_ZONE));
      dayStarts.set(daysAgo, ms);
    }
    return ms;
  };
  const iso = (ms: number) => new Date(Math.min(ms, nowMs - 1000)).toISOString();
  const uploadsTotal = Math.ceil(perCompany / uploadSize);

  for (let i = 0; i < perCompany * COMPANIES; i++) {
    const round = Math.floor(i / (COMPANIES * uploadSize));
    const company = Math.floor((i % (COMPANIES * uploadSize)) / uploadSize);
    const k = i % uploadSize;
    const daysAgo = (uploadsTotal - 1 - round) * DAYS_BETWEEN_UPLOADS;
    const id = i + 1;
    const seed = benchLead(i);
    // Uploaded at 09:00-10:00 that day (today: between midnight and now).
    const uploadedMs = daysAgo === 0 ? dayFrom + rand(i, 1) * Math.max(1, (nowMs - dayFrom) / 2) : dayStart(daysAgo) + (3.5 + rand(i, 1)) * 3600_000;
    const assignedUpTo = Math.floor(uploadSize * ASSIGNED_SHARE);
    const assigned = k < assignedUpTo;
    const user = assigned ? users[company * TELECALLERS_PER_COMPANY + (k < assignedUpTo / 2 ? 0 : 1)]! : null;
    const sentMs = uploadedMs + rand(i, 2) * (daysAgo === 0 ? Math.max(1, nowMs - uploadedMs) / 2 : 3600_000);
    const lead: LeadRow = {
      id,
      subadmin_id: users[company * TELECALLERS_PER_COMPANY]!.subadminId,
      name: seed.name,
      mobile: String(7_000_000_000 + i),
      requirement: seed.requirement,
      area: seed.area,
      category: CATEGORIES[round % CATEGORIES.length]!,
      upload_date: iso(uploadedMs),
      telicaller_id: user?.id ?? null,
      telicaller_send_date: user ? iso(sentMs) : null,
      status: LEAD_STATUS.new,
      lead_quality: null,
      callback_date: null,
      callback_time: null,
      attempts: 0,
      retry_at: null,
    };
    const history: HistoryRow[] = [];
    if (user) {
      // Today 30% are worked already; of older uploads 12% are still untouched (pending).
      const untouched = daysAgo === 0 ? rand(i, 3) < 0.7 : rand(i, 3) < 0.12;
      const workedMs = daysAgo === 0 ? sentMs + rand(i, 4) * Math.max(1, nowMs - sentMs) : sentMs + rand(i, 4) * 2 * 86_400_000;
      if (!untouched) lead.status = workedStatus(rand(i, 5));
      const outcome = (status: string, extra: Partial<HistoryRow> = {}): HistoryRow => ({
        subadmin_id: lead.subadmin_id,
        lead_id: id,
        user_id: user.id,
        kind: 'outcome',
        outcome: null,
        status,
        feedback: FEEDBACK[status] ? pick(FEEDBACK[status]!, rand(i, 6)) : null,
        call_duration: 10 + Math.floor(rand(i, 7) * 590),
        callback: 0,
        callback_date: null,
        callback_time: null,
        invalid_reason: null,
        lead_quality: null,
        created_at: iso(workedMs),
        ...extra,
      });
      switch (lead.status) {
        case '0':
          // Some untouched leads had unanswered calls: a few still wait out the retry delay.
          if (rand(i, 8) < 0.08) {
            lead.attempts = 1 + Math.floor(rand(i, 9) * 3);
            lead.retry_at = new Date(nowMs + (rand(i, 10) - 0.5) * 4 * 3600_000).toISOString();
            for (let a = 0; a < lead.attempts; a++) {
              history.push({
                ...outcome('0'),
                kind: 'attempt',
                outcome: pick(['busy', 'switched_off', 'no_answer', 'not_reachable'], rand(i, 11 + a)),
                feedback: null,
                call_duration: Math.floor(rand(i, 14 + a) * 40),
                created_at: iso(Date.parse(lead.retry_at) - (lead.attempts - a) * 2 * 3600_000),
              });
            }
          }
          break;
        case '2': {
          const q = rand(i, 12);
          lead.lead_quality = q < 0.5 ? null : q < 0.65 ? 'excellent' : q < 0.85 ? 'good' : 'poor';
          history.push(outcome('2', { lead_quality: lead.lead_quality }));
          break;
        }
        case '4': {
          // Callbacks: some due today, some missed, some later; a few follow-ups without one.
          const c = rand(i, 13);
          if (c < 0.8) {
            lead.callback_date =
              c < 0.25 ? today : c < 0.45 ? addDays(today, -1 - Math.floor(rand(i, 14) * 10)) : addDays(today, 1 + Math.floor(rand(i, 14) * 14));
            lead.callback_time = callbackTime(rand(i, 15));
          }
          history.push(outcome('4', { callback: lead.callback_date ? 1 : 0, callback_date: lead.callback_date, callback_time: lead.callback_time }));
          break;
        }
        case '5':
          history.push(outcome('5', { invalid_reason: 'Wrong number' }));
          break;
        case '3':
          history.push(outcome('3'));
          break;
        // '6': opened and never submitted: no outcome yet.
      }
    }
    yield { lead, history };
  }
}

const now = () => new Date().toISOString();

export interface Company {
  id: number;
  users: BenchUser[];
}

/** The companies and their telecallers, through Kysely (300 rows); one argon2 hash for all. */
export async function insertCompanies(db: Kysely<DB>): Promise<BenchUser[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const at = now();
  const users: BenchUser[] = [];
  for (let c = 0; c < COMPANIES; c++) {
    const company = await db
      .insertInto('subadmins')
      .values({
        name: `Owner ${c + 1}`,
        email: `owner${c + 1}@bench.local`,
        password_hash: hash,
        telecaller_creat_limit: 10,
        company_name: `Bench Company ${c + 1}`,
        mobile: String(9_100_000_000 + c),
        expiry_date: '2099-12-31',
        gst: '',
        company_bio: '',
        address: '',
        is_blocked: 0,
        time_zone: TIME_ZONE,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertDefaultFeedback(db, company.id);
    for (let t = 0; t < TELECALLERS_PER_COMPANY; t++) {
      const n = c * TELECALLERS_PER_COMPANY + t;
      const mobile = String(8_000_000_000 + n);
      const user = await db
        .insertInto('users')
        .values({
          subadmin_id: company.id,
          name: `Telecaller ${n + 1}`,
          email: `caller${n + 1}@bench.local`,
          mobile,
          password_hash: hash,
          user_type: 'Telicaller',
          is_blocked: 0,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push({ id: user.id, subadminId: company.id, mobile });
    }
  }
  return users;
}

export interface Loaded {
  leads: number;
  history: number;
}

const LEAD_COLUMNS = [
  'id',
  'subadmin_id',
  'name',
  'mobile',
  'requirement',
  'area',
  'category',
  'upload_date',
  'telicaller_id',
  'telicaller_send_date',
  'status',
  'lead_quality',
  'callback_date',
  'callback_time',
  'attempts',
  'retry_at',
] as const;
const HISTORY_COLUMNS = [
  'subadmin_id',
  'lead_id',
  'user_id',
  'kind',
  'outcome',
  'status',
  'feedback',
  'call_duration',
  'callback',
  'callback_date',
  'callback_time',
  'invalid_reason',
  'lead_quality',
  'created_at',
] as const;

/** One transaction, one prepared statement per table: the fastest way better-sqlite3 loads rows. */
export function loadSqlite(file: string, layout: BenchLayout): Loaded {
  const raw = new (sqliteDriver().Database)(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  const insertLead = raw.prepare(`insert into leads (${LEAD_COLUMNS.join(', ')}, batch_id, visible, source_ref, created_at, updated_at)
    values (${LEAD_COLUMNS.map(() => '?').join(', ')}, null, 1, null, ?, ?)`);
  const insertHistory = raw.prepare(`insert into lead_history (${HISTORY_COLUMNS.join(', ')}, demo) values (${HISTORY_COLUMNS.map(() => '?').join(', ')}, 0)`);
  const loaded: Loaded = { leads: 0, history: 0 };
  // The app's indexes on both tables, dropped for the load and built again after it: building an
  // index from sorted rows is many times faster than keeping it up to date row by row.
  const indexes = raw
    .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name in ('leads', 'lead_history') and sql is not null`)
    .all() as Array<{ name: string; sql: string }>;
  for (const ix of indexes) raw.exec(`drop index ${ix.name}`);
  raw.transaction(() => {
    for (const { lead, history } of leadRows(layout)) {
      insertLead.run(...LEAD_COLUMNS.map((c) => lead[c]), lead.upload_date, lead.upload_date);
      loaded.leads++;
      for (const h of history) {
        insertHistory.run(...HISTORY_COLUMNS.map((c) => h[c]));
        loaded.history++;
      }
    }
  })();
  for (const ix of indexes) raw.exec(ix.sql);
  raw.exec('analyze');
  // A running server checkpoints as it goes; a write-ahead log of hundreds of MB left over would slow every read.
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  return loaded;
}

const PG_TYPES: Record<string, string> = {
  id: 'int',
  subadmin_id: 'int',
  telicaller_id: 'int',
  attempts: 'int',
  lead_id: 'int',
  user_id: 'int',
  call_duration: 'int',
  callback: 'int',
};
const PG_BATCH = 10_000;

/** 10,000 rows a statement: each column as one array, unnest turns them back into rows. */
async function insertPg<R>(db: Kysely<DB>, table: string, columns: readonly (keyof R & string)[], constants: Record<string, string>, rows: R[]) {
  const arrays = sql.join(columns.map((c) => sql`${rows.map((r) => r[c])}::${sql.raw(PG_TYPES[c] ?? 'text')}[]`));
  const names = [...columns, ...Object.keys(constants)].join(', ');
  const values = [...columns, ...Object.values(constants)].join(', ');
  await sql`insert into ${sql.table(table)} (${sql.raw(names)})
    select ${sql.raw(values)} from unnest(${arrays}) as t(${sql.raw(columns.join(', '))})`.execute(db);
}

export async function loadPostgres(db: Kysely<DB>, layout: BenchLayout): Promise<Loaded> {
  const loaded: Loaded = { leads: 0, history: 0 };
  // As on SQLite: the secondary indexes go for the load and come back after it (primary keys stay).
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('leads', 'lead_history')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
  for (const ix of indexes) await sql`drop index ${sql.id(ix.indexname)}`.execute(db);
  let leads: LeadRow[] = [];
  let history: HistoryRow[] = [];
  const flush = async () => {
    if (leads.length) {
      await insertPg(
        db,
        'leads',
        LEAD_COLUMNS,
        { batch_id: 'null::int', visible: '1', source_ref: 'null::text', created_at: 'upload_date', updated_at: 'upload_date' },
        leads,
      );
    }
    if (history.length) await insertPg(db, 'lead_history', HISTORY_COLUMNS, { demo: '0' }, history);
    leads = [];
    history = [];
  };
  for (const row of leadRows(layout)) {
    leads.push(row.lead);
    history.push(...row.history);
    loaded.leads++;
    loaded.history += row.history.length;
    if (leads.length >= PG_BATCH) await flush();
  }
  await flush();
  for (const ix of indexes) await sql.raw(ix.indexdef).execute(db);
  // Explicit ids: the sequence must continue after them.
  await sql`select setval(pg_get_serial_sequence('leads', 'id'), (select max(id) from leads))`.execute(db);
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans need.
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze lead_history`.execute(db);
  return loaded;
}
