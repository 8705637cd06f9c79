import { sql, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import { untouchedBy } from '../lead-work/tallies.repository.js';

const num = (v: unknown) => Number(v ?? 0);

/** The predicate of leads_pool_unassigned: a query must state it for the index to serve it. */
const unassigned = (subadminId: number) => sql`subadmin_id = ${subadminId} and telicaller_id is null and visible = 1`;

/** Unassigned visible leads of a company by category, most first (leads_pool_unassigned index). */
/** The company's pool per category, from the counts the leads' triggers keep (migration 0013): no lead is read. */
export async function countPool(db: Kysely<DB>, subadminId: number) {
  const rows = await db.selectFrom('lead_counts').select(['category', 'pool']).where('subadmin_id', '=', subadminId).where('pool', '>', 0).execute();
  return rows.map((r) => ({ category: r.category, count: num(r.pool) })).sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
}

/** The company's live users among `ids` (deleted ones and other companies' are absent). */
export async function findCompanyUsers(db: Kysely<DB>, subadminId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'user_type', 'is_blocked'])
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** Live telecallers and heads with how many untouched leads they hold (kept tallies) and how many were sent to them in [from, to). */
export async function findAssignees(db: Kysely<DB>, subadminId: number, day: { from: string; to: string }) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'user_type', 'is_blocked'])
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('user_type', 'in', ['Telicaller', 'Telicaller-hade'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (!users.length) return [];
  const ids = users.map((u) => u.id);
  const [untouched, sentToday] = await Promise.all([
    untouchedBy(db, subadminId, ids),
    // Naming every status lets the leads_queue index range over the send date.
    db
      .selectFrom('leads')
      .where('subadmin_id', '=', subadminId)
      .where('telicaller_id', 'in', ids)
      .where('visible', '=', 1)
      .select((eb) => ['telicaller_id', eb.fn.countAll().as('n')])
      .where('status', 'in', Object.values(LEAD_STATUS))
      .where('telicaller_send_date', '>=', day.from)
      .where('telicaller_send_date', '<', day.to)
      .groupBy('telicaller_id')
      .execute(),
  ]);
  const todayBy = new Map(sentToday.map((r) => [r.telicaller_id, num(r.n)]));
  return users.map((u) => ({ ...u, untouched: untouched.get(u.id) ?? 0, sentToday: todayBy.get(u.id) ?? 0 }));
}

/**
 * Every category that has unassigned leads, by a loose index scan of leads_pool_unassigned: one index
 * seek per category instead of reading every lead.
 */
/** The categories the company's pool has leads in (from the kept counts). */
export async function findCategories(db: Kysely<DB>, subadminId: number): Promise<string[]> {
  const rows = await db.selectFrom('lead_counts').select('category').where('subadmin_id', '=', subadminId).where('pool', '>', 0).orderBy('category').execute();
  return rows.map((r) => r.category);
}

export interface AssignSpec {
  subadminId: number;
  /** null: any category */
  category: string | null;
  /** at most this many leads in all */
  limit: number;
  /** the oldest picked lead goes to userIds[0], the next to userIds[1], ... round and round */
  userIds: number[];
  now: string;
}

/** One category's oldest unassigned leads: a range of leads_pool_unassigned, already in id order; a do-not-call lead is never distributed. */
const oldestOf = (subadminId: number, category: string, limit: number) =>
  sql`select id from leads where ${unassigned(subadminId)} and category = ${category} and dnc = 0 order by id limit ${limit}`;

/**
 * The ids to assign: the oldest `limit` unassigned visible leads of the category, or of any. On
 * Postgres the rows are locked and rows another distribution holds are skipped.
 *
 * Any category: leads_pool_unassigned orders ids within one category only, so each category gives its own
 * oldest `limit` (an index range each) and the oldest `limit` of those are the oldest overall,
 * instead of sorting the company's whole pool.
 */
async function poolQuery(db: Kysely<DB>, dialect: Dialect, spec: AssignSpec) {
  const pg = dialect === 'postgres';
  const categories = spec.category === null ? await findCategories(db, spec.subadminId) : [spec.category];
  if (categories.length === 0) return null;
  if (!pg) {
    if (categories.length === 1) return oldestOf(spec.subadminId, categories[0]!, spec.limit);
    const union = sql.join(
      categories.map((c, i) => sql`select id from (${oldestOf(spec.subadminId, c, spec.limit)}) as ${sql.ref(`c${i}`)}`),
      sql` union all `,
    );
    return sql`select id from (${union}) as candidates order by id limit ${spec.limit}`;
  }
  // Postgres: the candidates come from leads_pool_unassigned alone (an index-only range per category,
  // a few spare for rows another distribution holds), read first, and are then locked by primary key in
  // id order. Selecting with FOR UPDATE directly, the planner walks the primary key from the oldest lead,
  // through every lead already assigned (310,000 rows read for 10,000 in the bench). The ids go back as
  // one array value, whose length the planner sees: as a subquery's array (or a join with it), right
  // after an import, before autovacuum has analysed the table, it expected one row and compared every
  // candidate with every one of the company's leads (23 s for 10,000 of 11,000).
  const spare = Math.ceil(spec.limit * 1.1) + 100;
  const candidates = sql.join(
    categories.map((c, i) => sql`select id from (${oldestOf(spec.subadminId, c, spare)}) as ${sql.ref(`c${i}`)}`),
    sql` union all `,
  );
  const ids = (await sql<{ id: number }>`${candidates}`.execute(db)).rows.map((r) => r.id);
  if (ids.length === 0) return null;
  return sql`select l.id from leads as l where l.id = any(${ids}::int8[])
    and l.subadmin_id = ${spec.subadminId} and l.telicaller_id is null and l.visible = 1
    order by l.id limit ${spec.limit} for update of l skip locked`;
}

/**
 * Assigns the oldest unassigned visible leads in one statement and returns how many it assigned:
 * the i-th picked lead (oldest first) goes to userIds[i % userIds.length], so evenShares() of the
 * number says who got how many. Every picked row is updated: on SQLite the transaction (begin
 * immediate) keeps other writers out; on Postgres the picked rows are locked, and rows another
 * distribution holds are skipped. Two distributions at once never pick the same lead.
 */
export async function assignOldest(db: Kysely<DB>, dialect: Dialect, spec: AssignSpec): Promise<number> {
  const pool = await poolQuery(db, dialect, spec);
  if (!pool) return 0;
  const { userIds } = spec;
  const set = (assignee: RawBuilder<unknown>) =>
    sql`set telicaller_id = ${assignee}, telicaller_send_date = ${spec.now}, status = ${LEAD_STATUS.new}, route_waiting = 0, updated_at = ${spec.now}`;
  // Ids and positions are validated integers: literals keep the CASE typed as integer on Postgres.
  const bySlot = sql`case p.slot ${sql.join(
    userIds.map((id, i) => sql`when ${sql.lit(i)} then ${sql.lit(id)}`),
    sql` `,
  )} end`;
  let result: QueryResult<unknown>;
  if (dialect === 'sqlite' && userIds.length === 1) {
    result = await sql`with pool as (${pool}) update leads ${set(sql.lit(userIds[0]!))} where id in (select id from pool)`.execute(db);
  } else {
    // Postgres: the picked ids join as arrays (a primary-key lookup each); a join with the CTE itself
    // can turn into a hash join over every unassigned lead, or a nested loop over the CTE.
    const picked =
      dialect === 'postgres'
        ? sql`unnest(array(select id from picked order by id), array(select slot from picked order by id)) as p(id, slot)`
        : sql`picked as p`;
    result = await sql`
      with pool as (${pool}), picked as (select id, (row_number() over (order by id) - 1) % ${sql.lit(userIds.length)} as slot from pool)
      update leads ${set(bySlot)}
      from ${picked}
      where leads.id = p.id`.execute(db);
  }
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Returns up to `limit` of a user's untouched (status '0') leads to the pool; the number returned.
 * On Postgres the picked ids are read first and go back as one array value looked up by primary key:
 * as `id in (subquery)`, right after a big import (before autovacuum has analysed the table) the
 * planner expected one row and joined the two index ranges in a nested loop, 3,667 x 1,834
 * comparisons and 5 s for 3,667 leads; as a subquery's array it compared each row with the whole
 * array instead (1.2 s for 11,000).
 */
export async function returnUntouched(
  db: Kysely<DB>,
  dialect: Dialect,
  spec: { subadminId: number; userId: number; category: string | null; now: string; limit: number },
): Promise<number> {
  let pick = db
    .selectFrom('leads')
    .select('id')
    .where('subadmin_id', '=', spec.subadminId)
    .where('telicaller_id', '=', spec.userId)
    .where('status', '=', LEAD_STATUS.new)
    .where('visible', '=', 1);
  if (spec.category !== null) pick = pick.where('category', '=', spec.category);
  const picked = pick.limit(spec.limit);
  const ids = dialect === 'postgres' ? (await picked.execute()).map((r) => r.id) : [];
  if (dialect === 'postgres' && ids.length === 0) return 0;
  const result = await db
    .updateTable('leads')
    .set({ telicaller_id: null, telicaller_send_date: null, taken_back_from: spec.userId, updated_at: spec.now })
    .where((eb) => (dialect === 'postgres' ? eb('id', '=', sql<number>`any(${ids}::int8[])`) : eb('id', 'in', picked)))
    .where('subadmin_id', '=', spec.subadminId)
    .where('telicaller_id', '=', spec.userId)
    .where('status', '=', LEAD_STATUS.new)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
