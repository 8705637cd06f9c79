import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { Dialect } from './database.js';

/** The first half of each advisory lock key: this app's ("TCB" and a number per kind of work), not another app's. */
export type LockName = 'indiamart-pull' | 'lead-recycling' | 'callback-alerts';
const LOCK_CLASSES: Record<LockName, number> = { 'indiamart-pull': 0x54434201, 'lead-recycling': 0x54434202, 'callback-alerts': 0x54434203 };

/**
 * Runs `fn` while holding a Postgres advisory lock on (name, id), or not at all when another
 * instance holds it: instances sharing a database each do the work once. The lock lives on one
 * connection kept for the duration and goes with it if the process dies. On SQLite (one process
 * owns the file) `fn` simply runs.
 */
export async function withAdvisoryLock<T>(
  db: Kysely<DB>,
  dialect: Dialect,
  name: LockName,
  id: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (dialect === 'sqlite') return { ran: true, value: await fn() };
  const kind = LOCK_CLASSES[name];
  return db.connection().execute(async (conn) => {
    const got = await sql<{ got: boolean }>`select pg_try_advisory_lock(${kind}::int4, ${id}::int4) as got`.execute(conn);
    if (!got.rows[0]?.got) return { ran: false as const };
    try {
      return { ran: true as const, value: await fn() };
    } finally {
      await sql`select pg_advisory_unlock(${kind}::int4, ${id}::int4)`.execute(conn);
    }
  });
}
