import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Each repeat enquiry keeps its source's reference (the capture API's externalId, IndiaMART's query id,
 * a CSV row's content fingerprint), unique in the company: the same enquiry sent again is found and
 * changes nothing (docs/routing.md#repeat-enquiries). An upload's repeat enquiries keep their file line,
 * so that several of one mobile in a file are each applied once, in order.
 */
async function up(db: Kysely<any>) {
  await db.schema.alterTable('lead_events').addColumn('source_ref', 'text').execute();
  await db.schema
    .createIndex('lead_events_source_ref')
    .on('lead_events')
    .columns(['subadmin_id', 'source_ref'])
    .unique()
    .where(sql.ref('source_ref'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('upload_repeats')
    .addColumn('line', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('upload_repeats_batch').execute();
  await db.schema.createIndex('upload_repeats_batch').on('upload_repeats').columns(['batch_id', 'mobile', 'line']).execute();
}

export const enquiryRefs: Migration = { name: '0028_enquiry_refs', up };
