import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Each telecaller's leads counted by what decides their queue, kept by triggers on every write of
 * leads (as lead_counts is, 0013): the dashboard's tiles, a queue's total and the leads a telecaller
 * has not touched are sums over a few of these rows instead of a count over every lead the telecaller
 * holds (thousands, and growing with every distribution).
 *   lead_tallies: per company, telecaller, status, whether the lead is rated yet (lead_quality set)
 *   and its day key, the number of visible leads.
 * The day key is what a queue splits a status by in time: for a new lead ('0') the quarter hour (UTC)
 * of its send time, so "sent today" in any zone is a range of keys; for a follow-up ('4') its
 * callback date; '' otherwise (and when that date is not set).
 * Rows that fall to 0 stay until the hourly maintenance removes them.
 */
const QUARTER_SQLITE = (row: string) => `substr(${row}.telicaller_send_date, 1, 14) || (cast(substr(${row}.telicaller_send_date, 15, 2) as integer) / 15)`;
const QUARTER_PG = `substr(telicaller_send_date, 1, 14) || (substr(telicaller_send_date, 15, 2)::int / 15)::text`;

const dayKey = (quarter: string, row: string) =>
  `case ${row}status when '0' then coalesce(${quarter}, '') when '4' then coalesce(${row}callback_date, '') else '' end`;

/** The columns a lead's tally key is made of: an update touching none of them leaves the tallies alone. */
const KEY_COLUMNS = ['subadmin_id', 'telicaller_id', 'status', 'lead_quality', 'telicaller_send_date', 'callback_date', 'visible'];

async function sqliteTriggers(db: Kysely<any>) {
  // Each trigger runs only for a lead its side counts (its WHEN), so the row goes in unconditionally.
  const apply = (row: 'new' | 'old', sign: '' | '-') => `
    insert into lead_tallies (subadmin_id, telicaller_id, status, unrated, day_key, n)
      values (${row}.subadmin_id, ${row}.telicaller_id, ${row}.status, ${row}.lead_quality is null, ${dayKey(QUARTER_SQLITE(row), `${row}.`)}, ${sign}1)
      on conflict (subadmin_id, telicaller_id, status, unrated, day_key) do update set n = n + excluded.n;`;
  const qualifies = (row: 'new' | 'old') => `${row}.visible = 1 and ${row}.telicaller_id is not null`;
  await sql.raw(`create trigger leads_tallies_insert after insert on leads when ${qualifies('new')} begin ${apply('new', '')} end`).execute(db);
  await sql.raw(`create trigger leads_tallies_delete after delete on leads when ${qualifies('old')} begin ${apply('old', '-')} end`).execute(db);
  // An update's two sides in two triggers, each run only when its side counts: a distribution
  // (from the pool, which is not counted) pays for one write a lead, not two.
  const changed = `(${KEY_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ')})`;
  await sql
    .raw(`create trigger leads_tallies_update_old after update of ${KEY_COLUMNS.join(', ')} on leads
    when ${qualifies('old')} and ${changed} begin ${apply('old', '-')} end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_tallies_update_new after update of ${KEY_COLUMNS.join(', ')} on leads
    when ${qualifies('new')} and ${changed} begin ${apply('new', '')} end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<any>) {
  // Statement-level over the transition tables, as 0013: one aggregated write per statement, rows in
  // key order (two statements at once lock them in the same order).
  const side = (table: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select subadmin_id, telicaller_id, status, (lead_quality is null)::int as unrated, ${dayKey(QUARTER_PG, '')} as day_key, ${sign}1 as n
     from ${table} where visible = 1 and telicaller_id is not null`;
  const write = (parts: string[]) => `
    insert into lead_tallies (subadmin_id, telicaller_id, status, unrated, day_key, n)
      select subadmin_id, telicaller_id, status, unrated, day_key, sum(n) from (${parts.join(' union all ')}) d
      group by subadmin_id, telicaller_id, status, unrated, day_key having sum(n) <> 0
      order by subadmin_id, telicaller_id, status, unrated, day_key
      on conflict (subadmin_id, telicaller_id, status, unrated, day_key) do update set n = lead_tallies.n + excluded.n;`;
  await sql
    .raw(`
    create function leads_tallies_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${write([side('new_rows', '')])}
      elsif tg_op = 'DELETE' then ${write([side('old_rows', '-')])}
      else ${write([side('new_rows', ''), side('old_rows', '-')])}
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger leads_tallies_insert after insert on leads referencing new table as new_rows
    for each statement execute function leads_tallies_apply()`)
    .execute(db);
  await sql
    .raw(`create trigger leads_tallies_update after update on leads referencing old table as old_rows new table as new_rows
    for each statement execute function leads_tallies_apply()`)
    .execute(db);
  await sql
    .raw(`create trigger leads_tallies_delete after delete on leads referencing old table as old_rows
    for each statement execute function leads_tallies_apply()`)
    .execute(db);
}

async function up(db: Kysely<any>, { dialect }: { dialect: 'sqlite' | 'postgres' }) {
  const table = db.schema
    .createTable('lead_tallies')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('telicaller_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('unrated', 'integer', (c) => c.notNull())
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_tallies_pk', ['subadmin_id', 'telicaller_id', 'status', 'unrated', 'day_key']);
  await table.execute();
  // The leads waiting out a retry delay, which every queue leaves out until then: a short range.
  await db.schema
    .createIndex('leads_waiting')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'retry_at'])
    .where(sql.ref('retry_at'), 'is not', null)
    .execute();

  const quarter = dialect === 'sqlite' ? QUARTER_SQLITE('leads') : QUARTER_PG;
  const unrated = dialect === 'sqlite' ? 'lead_quality is null' : '(lead_quality is null)::int';
  await sql
    .raw(`insert into lead_tallies (subadmin_id, telicaller_id, status, unrated, day_key, n)
    select subadmin_id, telicaller_id, status, unrated, day_key, count(*) from (
      select subadmin_id, telicaller_id, status, ${unrated} as unrated, ${dayKey(quarter, '')} as day_key from leads
      where visible = 1 and telicaller_id is not null) s
    group by subadmin_id, telicaller_id, status, unrated, day_key`)
    .execute(db);
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
}

export const leadTallies: Migration = { name: '0017_lead_tallies', up };
