import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * The telecaller's queues and dashboard counts, read from the index alone. With 5,000 leads a
 * telecaller, 0001's leads_queue found a queue's leads by status but had to read each lead's
 * row to test visible, retry_at, the send date and the callback: a queue's count, its "next lead"
 * and the dashboard's counts read hundreds to thousands of rows each (npm run bench -- lead-work).
 * These indexes carry those columns, so only the 20 rows of a page are read from the table.
 */
async function up(db: Kysely<any>) {
  // Every queue but the callbacks, in the order it is worked (id), and the dashboard's counts per status.
  await db.schema
    .createIndex('leads_work_cover')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'status', 'id', 'visible', 'retry_at', 'telicaller_send_date', 'callback_date', 'lead_quality'])
    .where(sql.ref('telicaller_id'), 'is not', null)
    .execute();
  // New and pending leads by send date (their counts, and the distribution form's per-assignee
  // counts): the same as 0001's leads_queue, which it replaces, with the columns those counts test.
  await db.schema
    .createIndex('leads_sent_cover')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'status', 'telicaller_send_date', 'visible', 'retry_at'])
    .execute();
  await db.schema.dropIndex('leads_queue').execute();
  // Today's (and missed) callbacks in the order they are due: the queue's order by is this index's.
  await db.schema
    .createIndex('leads_callback_queue')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'status', 'callback_date'])
    .expression(sql`(coalesce(callback_time, ''))`)
    .columns(['id', 'visible', 'retry_at'])
    .where(sql.ref('callback_date'), 'is not', null)
    .execute();
}

export const leadWorkCover: Migration = { name: '0008_lead_work_cover', up };
