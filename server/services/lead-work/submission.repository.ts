import { sql, type Insertable, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { DB, LeadHistoryTable } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import type { StoredSubmission } from './submission-keys.js';

/** Changes one of the company's leads. */
export async function updateLead(db: Kysely<DB>, subadminId: number, leadId: number, values: UpdateObject<DB, 'leads'>): Promise<void> {
  await db.updateTable('leads').set(values).where('id', '=', leadId).where('subadmin_id', '=', subadminId).execute();
}

/** Adds a row to a lead's history. */
export async function insertHistory(db: Kysely<DB>, row: Insertable<LeadHistoryTable>): Promise<void> {
  await db.insertInto('lead_history').values(row).execute();
}

/**
 * The value that keeps a lead's first call (speed to lead) true after a call made at `at`, for the
 * update that records the call (one statement: on Postgres every update of leads costs its triggers):
 * set when it had none, moved earlier when an outbox delivers a call made before the one already
 * recorded, never later.
 */
export const firstCallAfter = (at: string) => sql<string>`case when first_call_at is null or first_call_at > ${at} then ${at} else first_call_at end`;

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
