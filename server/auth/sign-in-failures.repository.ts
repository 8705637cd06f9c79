import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Adds one to the key's count unless it has reached `limit` in a window still running (a window
 * that ended starts again at one, until `resetAt`), in one statement. False when refused.
 */
export async function takeFailure(db: Kysely<DB>, key: string, limit: number, now: number, resetAt: number): Promise<boolean> {
  const { rows } = await sql<{ failures: number }>`
    insert into sign_in_failures (key, failures, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      failures = case when sign_in_failures.reset_at <= ${now} then 1 else sign_in_failures.failures + 1 end,
      reset_at = case when sign_in_failures.reset_at <= ${now} then excluded.reset_at else sign_in_failures.reset_at end
    where sign_in_failures.reset_at <= ${now} or sign_in_failures.failures < ${limit}
    returning failures
  `.execute(db);
  return rows.length > 0;
}

/** When the key's window ends (ms), if it has one. */
export async function failureWindowEnd(db: Kysely<DB>, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('sign_in_failures').select('reset_at').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.reset_at) : undefined;
}

/** Takes one back off the key's count; a count back at nothing leaves no row. */
export async function giveBackFailure(db: Kysely<DB>, key: string): Promise<void> {
  const gone = await db.deleteFrom('sign_in_failures').where('key', '=', key).where('failures', '<=', 1).executeTakeFirst();
  if (Number(gone.numDeletedRows) > 0) return;
  await db
    .updateTable('sign_in_failures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 1)
    .execute();
}

export async function clearFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}

/** Forgets the windows that ended by `now` (ms). */
export async function deleteEndedFailures(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('reset_at', '<=', now).execute();
}
