import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * The sub-admin's lead counts without reading the leads (a company's pool holds hundreds of
 * thousands): kept by triggers on every insert, update and delete of leads, so no write path can
 * forget them.
 *   lead_counts: per company and category, its visible leads and its pool (visible, unassigned).
 *   lead_sends:  per company and quarter hour (UTC) of telicaller_send_date, its visible assigned
 *                leads, so "assigned today" in any zone (offsets are whole quarter hours) is a sum
 *                over at most 96 rows.
 * The quarter of an ISO time 'YYYY-MM-DDTHH:MM...' is 'YYYY-MM-DDTHH:' and the quarter's digit (0-3).
 */
const QUARTER_SQLITE = (row: string) => `substr(${row}.telicaller_send_date, 1, 14) || (cast(substr(${row}.telicaller_send_date, 15, 2) as integer) / 15)`;

async function sqliteTriggers(db: Kysely<any>) {
  const apply = (row: 'new' | 'old', sign: '' | '-') => `
    insert into lead_counts (subadmin_id, category, visible, pool)
      select ${row}.subadmin_id, ${row}.category, ${sign}1, ${sign}(${row}.telicaller_id is null) where ${row}.visible = 1
      on conflict (subadmin_id, category) do update set visible = visible + excluded.visible, pool = pool + excluded.pool;
    insert into lead_sends (subadmin_id, quarter, n)
      select ${row}.subadmin_id, ${QUARTER_SQLITE(row)}, ${sign}1
      where ${row}.visible = 1 and ${row}.telicaller_id is not null and ${row}.telicaller_send_date is not null
      on conflict (subadmin_id, quarter) do update set n = n + excluded.n;`;
  await sql.raw(`create trigger leads_counts_insert after insert on leads begin ${apply('new', '')} end`).execute(db);
  await sql.raw(`create trigger leads_counts_delete after delete on leads begin ${apply('old', '-')} end`).execute(db);
  await sql
    .raw(`create trigger leads_counts_update after update of subadmin_id, category, visible, telicaller_id, telicaller_send_date on leads
    when old.subadmin_id is not new.subadmin_id or old.category is not new.category or old.visible is not new.visible
      or old.telicaller_id is not new.telicaller_id or old.telicaller_send_date is not new.telicaller_send_date
    begin ${apply('old', '-')} ${apply('new', '')} end`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<any>) {
  const quarter = `substr(telicaller_send_date, 1, 14) || (substr(telicaller_send_date, 15, 2)::int / 15)::text`;
  // Statement-level, over the transition tables: one aggregated write per statement (a 10,000-lead
  // distribution is two), and none when the statement changed no count (a lead-form submit). Rows
  // are written in key order, so that two distributions at once lock them in the same order
  // (they deadlocked taking categories in different orders).
  const side = (table: 'new_rows' | 'old_rows', sign: '' | '-') => ({
    counts: `select subadmin_id, category, ${sign}1 as v, ${sign}(telicaller_id is null)::int as p from ${table} where visible = 1`,
    sends: `select subadmin_id, ${quarter} as q, ${sign}1 as n from ${table}
            where visible = 1 and telicaller_id is not null and telicaller_send_date is not null`,
  });
  const write = (parts: Array<ReturnType<typeof side>>) => `
    insert into lead_counts (subadmin_id, category, visible, pool)
      select subadmin_id, category, sum(v), sum(p) from (${parts.map((x) => x.counts).join(' union all ')}) d
      group by subadmin_id, category having sum(v) <> 0 or sum(p) <> 0 order by subadmin_id, category
      on conflict (subadmin_id, category) do update set visible = lead_counts.visible + excluded.visible, pool = lead_counts.pool + excluded.pool;
    insert into lead_sends (subadmin_id, quarter, n)
      select subadmin_id, q, sum(n) from (${parts.map((x) => x.sends).join(' union all ')}) d
      group by subadmin_id, q having sum(n) <> 0 order by subadmin_id, q
      on conflict (subadmin_id, quarter) do update set n = lead_sends.n + excluded.n;`;
  await sql
    .raw(`
    create function leads_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${write([side('new_rows', '')])}
      elsif tg_op = 'DELETE' then ${write([side('old_rows', '-')])}
      else ${write([side('new_rows', ''), side('old_rows', '-')])}
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger leads_counts_insert after insert on leads referencing new table as new_rows
    for each statement execute function leads_counts_apply()`)
    .execute(db);
  await sql
    .raw(`create trigger leads_counts_update after update on leads referencing old table as old_rows new table as new_rows
    for each statement execute function leads_counts_apply()`)
    .execute(db);
  await sql
    .raw(`create trigger leads_counts_delete after delete on leads referencing old table as old_rows
    for each statement execute function leads_counts_apply()`)
    .execute(db);
}

async function up(db: Kysely<any>, { dialect }: { dialect: 'sqlite' | 'postgres' }) {
  await db.schema
    .createTable('lead_counts')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('visible', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pool', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_counts_pk', ['subadmin_id', 'category'])
    .execute();
  await db.schema
    .createTable('lead_sends')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('lead_sends_pk', ['subadmin_id', 'quarter'])
    .execute();

  const quarter =
    dialect === 'sqlite' ? QUARTER_SQLITE('leads') : `substr(telicaller_send_date, 1, 14) || (substr(telicaller_send_date, 15, 2)::int / 15)::text`;
  await sql
    .raw(`insert into lead_counts (subadmin_id, category, visible, pool)
    select subadmin_id, category, count(*), sum(case when telicaller_id is null then 1 else 0 end) from leads where visible = 1 group by subadmin_id, category`)
    .execute(db);
  await sql
    .raw(`insert into lead_sends (subadmin_id, quarter, n)
    select subadmin_id, q, count(*) from (select subadmin_id, ${quarter} as q from leads
      where visible = 1 and telicaller_id is not null and telicaller_send_date is not null) s group by subadmin_id, q`)
    .execute(db);
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
}

export const leadCounts: Migration = { name: '0013_lead_counts', up };
