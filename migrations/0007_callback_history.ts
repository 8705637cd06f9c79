import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Productivity counts the callbacks each telecaller scheduled for a date in a range, whenever they
 * were scheduled: the history's time index cannot find them, so a small index holds only the rows
 * that set a callback, by the date they set it for.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .createIndex('lead_history_callbacks')
    .on('lead_history')
    .columns(['subadmin_id', 'callback_date'])
    .where(sql.ref('callback'), '=', 1)
    .execute();
}

export const callbackHistory: Migration = { name: '0007_callback_history', up };
