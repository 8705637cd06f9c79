import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { CallsTable, DB } from '../../db/schema.js';

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
export function lockCallByProviderId(trx: Kysely<DB>, dialect: Dialect, subadminId: number, provider: string, providerCallId: string) {
  let q = trx
    .selectFrom('calls')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_call_id', '=', providerCallId)
    .where('subadmin_id', '=', subadminId);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
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
