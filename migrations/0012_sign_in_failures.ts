import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Failed sign-ins counted in the database instead of one process's memory, so that instances
 * sharing a Postgres share the limits: one row per counted key (an address, or an account seen
 * from unknown or known browsers) with its failures in the current window and when it ends (ms).
 */
async function up(db: Kysely<any>) {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_reset').on('sign_in_failures').column('reset_at').execute();
}

export const signInFailures: Migration = { name: '0012_sign_in_failures', up };
