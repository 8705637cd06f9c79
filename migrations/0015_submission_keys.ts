import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A lead-form submission or a not-connected attempt made on a phone carries a key the phone made
 * for it; the server stores each key once, with its answer. A phone that sends it again (it was
 * offline, or the answer was lost on the way back) gets that answer and changes nothing.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .createTable('submission_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_keys_pk', ['user_id', 'client_key'])
    .execute();
}

export const submissionKeys: Migration = { name: '0015_submission_keys', up };
