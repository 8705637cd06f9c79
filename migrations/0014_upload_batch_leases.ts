import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Which instance runs an upload, and until when it has promised to show it is alive. A start-up
 * sweep used to discard every 'running' batch, which on a second instance sharing the Postgres
 * discarded the first one's import in progress; now an instance discards its own (what its last run
 * left) and any whose lease has run out (an instance that died).
 */
async function up(db: Kysely<any>) {
  await db.schema.alterTable('upload_batches').addColumn('owner', 'text').execute();
  await db.schema.alterTable('upload_batches').addColumn('lease_until', 'text').execute();
}

export const uploadBatchLeases: Migration = { name: '0014_upload_batch_leases', up };
