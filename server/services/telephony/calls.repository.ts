import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { CallsTable, DB, LeadHistoryTable } from '../../db/schema.js';

export type CallRow = Selectable<CallsTable>;

export async function insertCall(db: Kysely<DB>, row: Insertable<CallsTable>): Promise<number> {
  const { id } = await db.insertInto('calls').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCall(db: Kysely<DB>, subadminId: number, id: number, values: Updateable<CallsTable>): Promise<void> {
  await db.updateTable('calls').set(values).where('id', '=', id).where('subadmin_id', '=', subadminId).execute();
}

export function findCall(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('calls').selectAll().where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** The company's call with this provider id, locked for the transaction on Postgres (SQLite's writes are one at a time). */
const callByProviderId = (db: Kysely<DB>, subadminId: number, provider: string, providerCallId: string) =>
  db.selectFrom('calls').selectAll().where('provider', '=', provider).where('provider_call_id', '=', providerCallId).where('subadmin_id', '=', subadminId);

/** The company's call with this provider id (an inbound call the provider announces again). */
export function findCallByProviderId(db: Kysely<DB>, subadminId: number, provider: string, providerCallId: string) {
  return callByProviderId(db, subadminId, provider, providerCallId).executeTakeFirst();
}

export function lockCallByProviderId(trx: Kysely<DB>, dialect: Dialect, subadminId: number, provider: string, providerCallId: string) {
  const q = callByProviderId(trx, subadminId, provider, providerCallId);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** A call on the lead that has not ended, placed since `since` (an older one lost its last callback). */
export function openCallOnLead(db: Kysely<DB>, subadminId: number, leadId: number, since: string) {
  return db
    .selectFrom('calls as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'u.name as user_name'])
    .where('c.subadmin_id', '=', subadminId)
    .where('c.lead_id', '=', leadId)
    .where('c.ended_at', 'is', null)
    .where('c.placed_at', '>=', since)
    .orderBy('c.id', 'desc')
    .executeTakeFirst();
}

/**
 * Calls a provider said had ended (ended_at) before `before` without saying how: still placing,
 * ringing or on (calls_unsettled keeps only these). Locked on Postgres, and skipped when another
 * instance holds them.
 */
export function lockUnsettledCalls(trx: Kysely<DB>, dialect: Dialect, before: string, limit: number) {
  let q = trx
    .selectFrom('calls')
    .selectAll()
    .where('ended_at', 'is not', null)
    .where('status', 'in', ['placing', 'ringing', 'in_progress'])
    .where('ended_at', '<', before)
    .orderBy('ended_at')
    .limit(limit);
  if (dialect === 'postgres') q = q.forUpdate().skipLocked();
  return q.execute();
}

/** The phone a call rings for this person: theirs to ring, else their mobile; null for anyone not a live user of the company. */
export async function phoneToRing(db: Kysely<DB>, subadminId: number, userId: number): Promise<string | null> {
  const u = await db
    .selectFrom('users')
    .select(['mobile', 'call_phone'])
    .where('id', '=', userId)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return u ? u.call_phone || u.mobile : null;
}

/** The history rows made with this call (an outcome submitted with it, or its attempt). */
export function historyOfCall(db: Kysely<DB>, subadminId: number, callId: number) {
  return db
    .selectFrom('lead_history')
    .select(['id', 'kind', 'status', 'outcome'])
    .where('call_id', '=', callId)
    .where('subadmin_id', '=', subadminId)
    .orderBy('id')
    .execute();
}

/** The call's talk time on the outcomes submitted with it (an outcome may be submitted before the call's end is reported). */
export async function setTalkOnHistory(db: Kysely<DB>, subadminId: number, callId: number, talkSeconds: number): Promise<void> {
  await db
    .updateTable('lead_history')
    .set({ call_duration: talkSeconds })
    .where('call_id', '=', callId)
    .where('subadmin_id', '=', subadminId)
    .where('kind', '=', 'outcome')
    .execute();
}

/** The person a call was placed for, as an actor: the attempt an unanswered call makes is theirs. */
export function callUser(db: Kysely<DB>, subadminId: number, userId: number) {
  return db.selectFrom('users').select(['id', 'user_type']).where('id', '=', userId).where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** The actor's own provider call on this lead, locked for the transaction that records an outcome with it. */
export function lockOwnCall(trx: Kysely<DB>, dialect: Dialect, subadminId: number, userId: number, leadId: number, callId: number) {
  let q = trx
    .selectFrom('calls')
    .select(['id', 'talk_seconds'])
    .where('id', '=', callId)
    .where('subadmin_id', '=', subadminId)
    .where('user_id', '=', userId)
    .where('lead_id', '=', leadId);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

// A batch of provider reports (applyCallReports) reads and writes with these: a few statements for
// the batch instead of a dozen per report. Rows are read in id order so two batches lock alike.

/** The calls these reports name by the provider's id, locked on Postgres; other companies' rows are the caller's to refuse. */
export function lockCallsByProviderIds(trx: Kysely<DB>, dialect: Dialect, subadminIds: number[], byProvider: Map<string, string[]>) {
  let q = trx
    .selectFrom('calls')
    .selectAll()
    .where('subadmin_id', 'in', subadminIds)
    .where((eb) => eb.or([...byProvider].map(([provider, ids]) => eb.and([eb('provider', '=', provider), eb('provider_call_id', 'in', ids)]))))
    .orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  return q.execute();
}

/** Calls by our ids (a callback address names one), locked on Postgres. */
export function lockCallsById(trx: Kysely<DB>, dialect: Dialect, subadminIds: number[], ids: number[]) {
  let q = trx.selectFrom('calls').selectAll().where('id', 'in', ids).where('subadmin_id', 'in', subadminIds).orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  return q.execute();
}

type SqlType = 'int' | 'text';

/**
 * Rows given with the statement, as a table `v` with these columns, to update many rows at once
 * (update ... from): Postgres names a VALUES list's columns and needs their types; SQLite calls them
 * column1, column2, ...
 */
function valuesTable(dialect: Dialect, columns: Record<string, SqlType>, rows: unknown[][]) {
  const names = Object.keys(columns);
  const types = Object.values(columns);
  if (dialect === 'postgres') {
    const list = rows.map((r) => sql`(${sql.join(r.map((v, i) => sql`${v}::${sql.raw(types[i]!)}`))})`);
    return sql`(values ${sql.join(list)}) as v(${sql.join(names.map((n) => sql.ref(n)))})`;
  }
  const list = rows.map((r) => sql`(${sql.join(r)})`);
  return sql`(select ${sql.join(names.map((n, i) => sql`${sql.ref(`column${i + 1}`)} as ${sql.ref(n)}`))} from (values ${sql.join(list)})) as v`;
}

/** Writes calls' facts as they now are, in one statement. */
export async function writeCalls(trx: Kysely<DB>, dialect: Dialect, rows: CallRow[]): Promise<void> {
  if (!rows.length) return;
  const v = valuesTable(
    dialect,
    {
      id: 'int',
      subadmin_id: 'int',
      provider_call_id: 'text',
      status: 'text',
      answered_at: 'text',
      ended_at: 'text',
      talk_seconds: 'int',
      recording_ref: 'text',
      cost: 'text',
      cost_currency: 'text',
      updated_at: 'text',
    },
    rows.map((r) => [
      r.id,
      r.subadmin_id,
      r.provider_call_id,
      r.status,
      r.answered_at,
      r.ended_at,
      r.talk_seconds,
      r.recording_ref,
      r.cost,
      r.cost_currency,
      r.updated_at,
    ]),
  );
  await sql`update calls as c set provider_call_id = v.provider_call_id, status = v.status, answered_at = v.answered_at, ended_at = v.ended_at,
      talk_seconds = v.talk_seconds, recording_ref = v.recording_ref, cost = v.cost, cost_currency = v.cost_currency, updated_at = v.updated_at
    from ${v} where c.id = v.id and c.subadmin_id = v.subadmin_id`.execute(trx);
}

/** setTalkOnHistory for several calls, in one statement. */
export async function setTalksOnHistory(
  trx: Kysely<DB>,
  dialect: Dialect,
  talks: { subadminId: number; callId: number; talkSeconds: number }[],
): Promise<void> {
  if (!talks.length) return;
  const v = valuesTable(
    dialect,
    { call_id: 'int', subadmin_id: 'int', talk: 'int' },
    talks.map((t) => [t.callId, t.subadminId, t.talkSeconds]),
  );
  await sql`update lead_history as h set call_duration = v.talk from ${v}
    where h.call_id = v.call_id and h.subadmin_id = v.subadmin_id and h.kind = 'outcome'`.execute(trx);
}

/** Which of these calls have a history row made with them already. */
export async function callsWithHistory(trx: Kysely<DB>, subadminIds: number[], callIds: number[]): Promise<Set<number>> {
  if (!callIds.length) return new Set();
  const rows = await trx
    .selectFrom('lead_history')
    .select('call_id')
    .distinct()
    .where('call_id', 'in', callIds)
    .where('subadmin_id', 'in', subadminIds)
    .execute();
  return new Set(rows.map((r) => r.call_id!));
}

/** callUser for several people: each with their company, for the caller to match. */
export function callUsers(trx: Kysely<DB>, subadminIds: number[], userIds: number[]) {
  return trx.selectFrom('users').select(['id', 'subadmin_id', 'user_type']).where('id', 'in', userIds).where('subadmin_id', 'in', subadminIds).execute();
}

/** Visible leads by id, locked on Postgres (lockWorkableLead for several; who may work each is the caller's to check). */
export function lockVisibleLeads(trx: Kysely<DB>, dialect: Dialect, subadminIds: number[], leadIds: number[]) {
  let q = trx.selectFrom('leads').selectAll().where('id', 'in', leadIds).where('subadmin_id', 'in', subadminIds).where('visible', '=', 1).orderBy('id');
  if (dialect === 'postgres') q = q.forUpdate();
  return q.execute();
}

export interface LeadAttempts {
  subadminId: number;
  id: number;
  status: string;
  attempts: number;
  retry_at: string | null;
  updated_at: string;
  /** the earliest call among this batch's attempts on the lead: first_call_at moves to it if it is earlier */
  firstCallAt: string;
}

/** Leads' values after a batch's not-connected attempts (opened_from_status cleared), in one statement. */
export async function writeLeadAttempts(trx: Kysely<DB>, dialect: Dialect, leads: LeadAttempts[]): Promise<void> {
  if (!leads.length) return;
  const v = valuesTable(
    dialect,
    { id: 'int', subadmin_id: 'int', status: 'text', attempts: 'int', retry_at: 'text', updated_at: 'text', first_at: 'text' },
    leads.map((l) => [l.id, l.subadminId, l.status, l.attempts, l.retry_at, l.updated_at, l.firstCallAt]),
  );
  // first_call_at as firstCallAfter keeps it (submission.repository.ts)
  await sql`update leads as l set status = v.status, attempts = v.attempts, retry_at = v.retry_at, opened_from_status = null, updated_at = v.updated_at,
      first_call_at = case when l.first_call_at is null or l.first_call_at > v.first_at then v.first_at else l.first_call_at end
    from ${v} where l.id = v.id and l.subadmin_id = v.subadmin_id`.execute(trx);
}

/** History rows, in one statement. */
export async function insertHistories(trx: Kysely<DB>, rows: Insertable<LeadHistoryTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('lead_history').values(rows).execute();
}

/**
 * Ended calls whose cost the provider may be asked for now: no cost yet, asked fewer than `maxChecks`
 * times (calls_unpriced keeps only these: the predicate is the index's, word for word), ended between
 * `endedAfter` and `endedBefore`, and not waiting for their next ask. Locked on Postgres, and skipped
 * when another instance holds them.
 */
export function lockCallsToPrice(
  trx: Kysely<DB>,
  dialect: Dialect,
  o: { endedAfter: string; endedBefore: string; now: string; maxChecks: number; limit: number },
) {
  let q = trx
    .selectFrom('calls')
    .select(['id', 'subadmin_id', 'provider', 'provider_call_id', 'cost_checks'])
    .where(unpriced(o.maxChecks))
    .where('ended_at', '>', o.endedAfter)
    .where('ended_at', '<', o.endedBefore)
    .where((eb) => eb.or([eb('cost_check_after', 'is', null), eb('cost_check_after', '<=', o.now)]))
    .orderBy('ended_at')
    .limit(o.limit);
  if (dialect === 'postgres') q = q.forUpdate().skipLocked();
  return q.execute();
}

/** calls_unpriced's predicate (migrations/0031_call_costs.ts), for its planner to match. */
function unpriced(maxChecks: number) {
  return sql<boolean>`cost is null and provider_call_id is not null and ended_at is not null and cost_checks < ${sql.lit(maxChecks)}`;
}

/** Counts one ask of the provider for each call, and when it may be asked next (several calls, one statement). */
export async function countCostChecks(trx: Kysely<DB>, dialect: Dialect, checks: { id: number; checks: number; after: string }[]): Promise<void> {
  if (!checks.length) return;
  const v = valuesTable(
    dialect,
    { id: 'int', checks: 'int', after: 'text' },
    checks.map((c) => [c.id, c.checks, c.after]),
  );
  await sql`update calls as c set cost_checks = v.checks, cost_check_after = v.after from ${v} where c.id = v.id`.execute(trx);
}

/** Calls that ended before `before` and were never priced leave the index: they are not asked again. */
export async function giveUpPricing(db: Kysely<DB>, before: string, maxChecks: number): Promise<number> {
  const res = await db.updateTable('calls').set({ cost_checks: maxChecks }).where(unpriced(maxChecks)).where('ended_at', '<=', before).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The call's cost, unless it has one already (a callback may have brought it meanwhile). */
export async function setCallCost(db: Kysely<DB>, subadminId: number, id: number, cost: { cost: string; currency: string }, now: string): Promise<void> {
  await db
    .updateTable('calls')
    .set({ cost: cost.cost, cost_currency: cost.currency, updated_at: now })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('cost', 'is', null)
    .execute();
}
