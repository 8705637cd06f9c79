import { sql, type Kysely, type Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { DB, LeadEventsTable } from '../../db/schema.js';
import { insertStatement, type LeadBatchContext, type LeadTuple } from '../leads/leads.repository.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import type { RoutablePerson, RoutingRule } from './pick.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The people routing may give leads to now, whatever the clock: live, not blocked, not on a break.
 * `lock` (Postgres): their rows are locked for the rest of the transaction, in id order, and read as
 * they are once locked: concurrent rounds of the company, on any instance, run one after another,
 * each reading the counts the one before wrote (docs/routing.md#atomic).
 */
export async function findRoutablePeople(db: Db, subadminId: number, includeHeads: boolean, today: string, lock = false): Promise<RoutablePerson[]> {
  let q = db
    .selectFrom('users')
    .select(['id', 'name', 'daily_lead_cap', 'routed_day', 'routed_count', 'last_routed_at'])
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .where('on_break', '=', 0)
    .where('user_type', 'in', includeHeads ? ['Telicaller', 'Telicaller-hade'] : ['Telicaller'])
    .orderBy('id');
  if (lock) q = q.forNoKeyUpdate();
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    dailyCap: r.daily_lead_cap,
    routedToday: r.routed_day === today ? Number(r.routed_count) : 0,
    lastRoutedAt: r.last_routed_at,
  }));
}

/** The company's rules in order, each with the people it names. */
export async function findRules(db: Db, subadminId: number): Promise<RoutingRule[]> {
  const [rules, members] = await Promise.all([
    // A rule on a retired field matches nothing: it is not read (docs/routing.md#rules).
    db
      .selectFrom('routing_rules as r')
      .leftJoin('lead_fields as f', (j) => j.onRef('f.id', '=', 'r.field_id').on('f.subadmin_id', '=', subadminId))
      .select(['r.id', 'r.field', 'r.match', 'r.value', 'r.field_id as fieldId'])
      .where('r.subadmin_id', '=', subadminId)
      .where((eb) => eb.or([eb('r.field', '!=', 'field'), eb.and([eb('f.id', 'is not', null), eb('f.retired_at', 'is', null)])]))
      .orderBy('r.position')
      .orderBy('r.id')
      .execute(),
    db.selectFrom('routing_rule_members').select(['rule_id', 'user_id']).where('subadmin_id', '=', subadminId).execute(),
  ]);
  const byRule = new Map<number, Set<number>>();
  for (const m of members) {
    const set = byRule.get(m.rule_id) ?? new Set<number>();
    byRule.set(m.rule_id, set);
    set.add(m.user_id);
  }
  return rules.map((r) => ({ ...r, memberIds: byRule.get(r.id) ?? new Set() }));
}

/** Which of these leads are marked do-not-call: routing never gives them to anyone. */
export async function findDoNotCall(db: Db, subadminId: number, leadIds: readonly number[]): Promise<Set<number>> {
  const marked = new Set<number>();
  // in slices: a large upload routes thousands of leads at once, and each id is a parameter
  for (let i = 0; i < leadIds.length; i += 1000) {
    const rows = await db
      .selectFrom('leads')
      .select('id')
      .where('subadmin_id', '=', subadminId)
      .where('id', 'in', leadIds.slice(i, i + 1000))
      .where('dnc', '=', 1)
      .execute();
    for (const r of rows) marked.add(r.id);
  }
  return marked;
}

/** Gives leads to one person: in their queue as new, sent now, no longer waiting. */
export async function assignRoutedLeads(db: Db, subadminId: number, userId: number, leadIds: number[], now: string) {
  await db
    .updateTable('leads')
    .set({ telicaller_id: userId, telicaller_send_date: now, status: LEAD_STATUS.new, route_waiting: 0, updated_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('id', 'in', leadIds)
    .execute();
}

/** Counts leads routed to a person on the company's day `today` (a new day starts again from these). */
export async function addRoutedToday(db: Db, userId: number, today: string, count: number, now: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      routed_count: eb
        .case()
        .when('routed_day', '=', today)
        .then(eb('routed_count', '+', count))
        .else(count)
        .end(),
      routed_day: today,
      last_routed_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

/** Leads nobody could take: they wait in the pool for the first eligible person. */
export async function markWaiting(db: Db, subadminId: number, leadIds: number[], source: string, now: string) {
  await db
    .updateTable('leads')
    .set({ route_waiting: 1, route_source: source, telicaller_id: null, telicaller_send_date: null, updated_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('id', 'in', leadIds)
    .execute();
}

export async function insertLeadEvents(db: Db, rows: Insertable<LeadEventsTable>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('lead_events')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * Repeat enquiries' events; one whose reference the company already holds is not written. Answers
 * the references written.
 */
export async function insertRepeatEvents(db: Db, rows: Insertable<LeadEventsTable>[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insertInto('lead_events')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.doNothing())
      .returning('source_ref')
      .execute();
    for (const r of out) if (r.source_ref) written.add(r.source_ref);
  }
  return written;
}

/** What routing and a repeat enquiry need of a lead already in the company. */
export function findExistingLeads(db: Db, subadminId: number, by: { mobiles?: string[]; sourceRefs?: string[] }) {
  let q = db
    .selectFrom('leads as l')
    .leftJoin('users as u', 'u.id', 'l.telicaller_id')
    .select([
      'l.id',
      'l.mobile',
      'l.source_ref',
      'l.name',
      'l.visible',
      'l.batch_id',
      'l.status',
      'l.category',
      'l.area',
      'l.language',
      'l.telicaller_id',
      'l.route_waiting',
      'l.updated_at',
      'u.name as owner_name',
      'u.is_blocked as owner_blocked',
      'u.deleted_at as owner_deleted_at',
    ])
    .where('l.subadmin_id', '=', subadminId);
  if (by.mobiles) q = q.where('l.mobile', 'in', by.mobiles.length ? by.mobiles : ['']);
  if (by.sourceRefs) q = q.where('l.source_ref', 'in', by.sourceRefs.length ? by.sourceRefs : ['']);
  return q.execute();
}
export type ExistingLead = Awaited<ReturnType<typeof findExistingLeads>>[number];

/**
 * A repeat enquiry takes a lead back to new: out of any retry wait, with no callback pending, its
 * attempts counted afresh; either still its owner's (sent now: the top of their New queue) or
 * nobody's yet (routed next, or the pool).
 */
export async function reopenLead(db: Db, subadminId: number, leadId: number, ownerId: number | null, now: string, source: string) {
  await db
    .updateTable('leads')
    .set({
      status: LEAD_STATUS.new,
      telicaller_id: ownerId,
      telicaller_send_date: ownerId === null ? null : now,
      retry_at: null,
      attempts: 0,
      callback_date: null,
      callback_time: null,
      opened_from_status: null,
      route_waiting: 0,
      route_source: source,
      updated_at: now,
    })
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', leadId)
    .execute();
}

/** The company's leads waiting for routing after `afterId`, oldest first. */
export function findWaitingLeads(db: Db, subadminId: number, limit: number, afterId = 0) {
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'category', 'area', 'language', 'route_source'])
    .where('subadmin_id', '=', subadminId)
    .where('route_waiting', '=', 1)
    .where('id', '>', afterId)
    .where('telicaller_id', 'is', null)
    .where('visible', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Companies with leads waiting for routing. */
export async function companiesWithWaitingLeads(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('leads').select('subadmin_id').distinct().where('route_waiting', '=', 1).execute();
  return rows.map((r) => r.subadmin_id);
}

/** A waiting lead that someone distributed by hand (or took from the pool) waits no more. */
export async function clearStaleWaiting(db: Db, subadminId: number) {
  await db
    .updateTable('leads')
    .set({ route_waiting: 0 })
    .where('subadmin_id', '=', subadminId)
    .where('route_waiting', '=', 1)
    .where('telicaller_id', 'is not', null)
    .execute();
}

/** Waiting leads of a source the company no longer routes: back to the plain pool. */
export async function clearWaiting(db: Db, subadminId: number, leadIds: number[]) {
  if (!leadIds.length) return;
  await db.updateTable('leads').set({ route_waiting: 0 }).where('subadmin_id', '=', subadminId).where('id', 'in', leadIds).execute();
}

/** Companies that recycle untouched leads, with their zone. */
export function companiesThatRecycle(db: Db) {
  return db
    .selectFrom('routing_settings as r')
    .innerJoin('subadmins as s', 's.id', 'r.subadmin_id')
    .select(['r.subadmin_id'])
    .where('r.recycle_after_hours', 'is not', null)
    .where('s.deleted_at', 'is', null)
    .execute();
}

/** Leads sent to someone before `sentBefore` and never called nor opened since: what recycling moves. */
export function findUntouchedLeads(db: Db, subadminId: number, sentBefore: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'category', 'area', 'language', 'telicaller_id', 'recycle_count', 'route_source'])
    .where('subadmin_id', '=', subadminId)
    .where('status', '=', LEAD_STATUS.new)
    .where('telicaller_send_date', '<', sentBefore)
    .where('telicaller_id', 'is not', null)
    .where('first_call_at', 'is', null)
    .where('visible', '=', 1)
    .orderBy('telicaller_send_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countRecycled(db: Db, subadminId: number, leadIds: number[]) {
  if (!leadIds.length) return;
  await db
    .updateTable('leads')
    .set((eb) => ({ recycle_count: eb('recycle_count', '+', 1) }))
    .where('subadmin_id', '=', subadminId)
    .where('id', 'in', leadIds)
    .execute();
}

/** Leads recycled as often as the company allows: back to the pool, for a person to decide. */
export async function returnToPool(db: Db, subadminId: number, leadIds: number[], now: string) {
  if (!leadIds.length) return;
  await db
    .updateTable('leads')
    .set({ telicaller_id: null, telicaller_send_date: null, route_waiting: 0, updated_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('id', 'in', leadIds)
    .execute();
}

/**
 * Postgres, one lead routing chose a person for: inserted already theirs, counted in their day and
 * recorded as a routing event, in one statement (data-modifying CTEs), so the people's locks are held
 * for as few round trips as can be. Nothing is counted when the company already had the mobile (the
 * insert is skipped, and so is what depends on it). Answers the new lead's id, or null.
 */
export async function insertRoutedLead(
  trx: Transaction<DB>,
  ctx: LeadBatchContext & { assignTo: number },
  row: LeadTuple,
  routed: { today: string; source: string },
): Promise<number | null> {
  const result = await sql<{ id: number }>`
    with ins as (${insertStatement(trx, ctx, [row], true)}),
    counted as (
      update users set routed_count = case when routed_day = ${routed.today} then routed_count + 1 else 1 end,
                       routed_day = ${routed.today}, last_routed_at = ${ctx.now}
      where id = ${ctx.assignTo} and exists (select 1 from ins)
    ),
    recorded as (
      insert into lead_events (subadmin_id, lead_id, kind, user_id, from_user_id, source, detail, created_at)
      select ${ctx.subadminId}, ins.id, 'routed', ${ctx.assignTo}, null, ${routed.source}, null, ${ctx.now} from ins
    )
    select id from ins`.execute(trx);
  return result.rows[0] ? Number(result.rows[0].id) : null;
}
