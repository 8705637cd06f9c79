import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import type { QueueKey } from './queues.repository.js';

/** How far back a phone's own time of a submission is believed (an outbox sent the next morning). */
const MADE_AT_TRUSTED_MS = 24 * 3600_000;
/** A phone's clock a little ahead of the server's is still believed. */
const CLOCK_SKEW_MS = 60_000;

/**
 * When the telecaller made a submission: the phone's time of it when it is within the last day
 * (it waited in the outbox), else the server's now.
 */
export function madeAt(phoneTime: string | undefined, now = new Date()): Date {
  if (!phoneTime) return now;
  const t = Date.parse(phoneTime);
  if (Number.isNaN(t) || t > now.getTime() + CLOCK_SKEW_MS || t < now.getTime() - MADE_AT_TRUSTED_MS) return now;
  return new Date(Math.min(t, now.getTime()));
}

/** What a stored submission answered, and where its lead stood in its queue (for the next lead). */
export interface StoredSubmission<R> {
  result: R;
  key: QueueKey;
}

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
