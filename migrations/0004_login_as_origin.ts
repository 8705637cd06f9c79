import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A login-as session remembers the sub-admin session it was opened from: it lives only as long as
 * that one does, and the way back needs it. Open login-as sessions from before cannot say where
 * they came from, so they end here (their sub-admin signs in again).
 */
async function up(db: Kysely<any>) {
  await db.schema.alterTable('sessions').addColumn('impersonator_session_id', 'integer').execute();
  await db.schema.createIndex('sessions_impersonator_session').on('sessions').column('impersonator_session_id').execute();
  await db.schema.createIndex('sessions_impersonated_by').on('sessions').column('impersonated_by').execute();
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('impersonated_by', 'is not', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export const loginAsOrigin: Migration = { name: '0004_login_as_origin', up };
