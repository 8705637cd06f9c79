import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, LeadHistoryTable, LeadsTable } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import type { StoredSubmission } from './submission-keys.js';

/** Changes one of the company's leads. */
export async function updateLead(db: Kysely<DB>, subadminId: number, leadId: number, values: Updateable<LeadsTable>): Promise<void> {
  await db.updateTable('leads').set(values).where('id', '=', leadId).where('subadmin_id', '=', subadminId).execute();
}

/** Adds a row to a lead's history. */
export async function insertHistory(db: Kysely<DB>, row: Insertable<LeadHistoryTable>): Promise<void> {
  await db.insertInto('lead_history').values(row).execute();
}

/**
 * Keeps a lead's first call (speed to lead) true after a call is recorded at `at`: set when it had none,
 * moved earlier when an outbox delivers a call made before the one already recorded, never later.
 */
export async function noteCall(db: Kysely<DB>, subadminId: number, leadId: number, at: string): Promise<void> {
  await db
    .updateTable('leads')
    .set({ first_call_at: at })
    .where('id', '=', leadId)
    .where('subadmin_id', '=', subadminId)
    .where((eb) => eb.or([eb('first_call_at', 'is', null), eb('first_call_at', '>', at)]))
    .execute();
}

/** A submission already stored under the user's key for it, if any. */
export async function findSubmission<R>(db: Kysely<DB>, actor: UserActor, clientKey: string): Promise<StoredSubmission<R> | null> {
  const row = await db
    .selectFrom('submission_keys')
    .select('result')
    .where('user_id', '=', actor.id)
    .where('client_key', '=', clientKey)
    .where('subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.result) as StoredSubmission<R>) : null;
}

/**
 * Stores a submission's key in the transaction that applies it, first: a second request with the
 * same key waits for this one and then fails on the key, and its changes are rolled back.
 */
export async function storeSubmission<R>(
  trx: Transaction<DB>,
  actor: UserActor,
  clientKey: string,
  leadId: number,
  stored: StoredSubmission<R>,
  at: string,
): Promise<void> {
  await trx
    .insertInto('submission_keys')
    .values({ user_id: actor.id, client_key: clientKey, subadmin_id: actor.subadminId, lead_id: leadId, result: JSON.stringify(stored), created_at: at })
    .execute();
}
