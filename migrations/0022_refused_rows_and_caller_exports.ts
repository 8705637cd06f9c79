import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * upload_refused_rows: every row a CSV upload refused (no or a bad mobile), with its file line, the
 * reason and its cells as read (a JSON array), so the company can download all of them, fix them
 * and upload them again; the upload's report keeps only the first few. Kept with its batch.
 * subadmins.caller_exports_allowed: whether the company's telecallers and heads may export their
 * leads (with the mobiles) as a CSV file; 1 (allowed) as before the setting existed.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .createTable('upload_refused_rows')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('upload_batches.id'))
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_refused_rows_pk', ['batch_id', 'line'])
    .execute();
  await db.schema
    .alterTable('subadmins')
    .addColumn('caller_exports_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export const refusedRowsAndCallerExports: Migration = { name: '0022_refused_rows_and_caller_exports', up };
