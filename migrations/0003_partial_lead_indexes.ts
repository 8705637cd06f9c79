import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Partial indexes hold only the rows their queries look for. Besides being smaller, a row that
 * leaves the predicate (a lead being distributed, a batch made visible) adds no entry to them:
 * on Postgres every update of a lead writes an entry into every index whose predicate the new
 * row version matches, and distributing 10,000 leads was spending most of its time there.
 */
async function up(db: Kysely<any>) {
  for (const name of ['leads_pool', 'leads_callbacks', 'leads_handler', 'leads_batch']) {
    await db.schema.dropIndex(name).execute();
  }
  // The unassigned pool, oldest first per category (distribution and its category counts).
  await db.schema
    .createIndex('leads_pool_unassigned')
    .on('leads')
    .columns(['subadmin_id', 'category', 'id'])
    .where(sql.ref('telicaller_id'), 'is', null)
    .where(sql.ref('visible'), '=', 1)
    .execute();
  await db.schema
    .createIndex('leads_callbacks')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'callback_date'])
    .where(sql.ref('callback_date'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('leads_handler')
    .on('leads')
    .columns(['subadmin_id', 'handler_id', 'submit_status'])
    .where(sql.ref('handler_id'), 'is not', null)
    .execute();
  // Only an upload still being written (or being discarded) is looked up by its batch.
  await db.schema.createIndex('leads_batch_pending').on('leads').column('batch_id').where(sql.ref('visible'), '=', 0).execute();
}

export const partialLeadIndexes: Migration = { name: '0003_partial_lead_indexes', up };
