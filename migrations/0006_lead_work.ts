import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Lead work on the phone: unanswered-call attempts, the queue a lead was opened from, the
 * company's retry rules and WhatsApp greeting, and the indexes the queues, call logs and
 * summaries read.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('leads')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // While set and in the future, the lead sits out of every queue (a not-connected call's retry delay).
  await db.schema.alterTable('leads').addColumn('retry_at', 'text').execute();
  // The status the lead had when it was last opened: a not-connected call puts it back.
  await db.schema.alterTable('leads').addColumn('opened_from_status', 'text').execute();

  // 'outcome' (a submitted form) or 'attempt' (a call that did not connect, with its outcome).
  await db.schema
    .alterTable('lead_history')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('outcome'))
    .execute();
  await db.schema.alterTable('lead_history').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('lead_history').addColumn('user_type', 'text').execute();

  await db.schema
    .alterTable('subadmins')
    .addColumn('retry_delay_minutes', 'integer', (c) => c.notNull().defaultTo(120))
    .execute();
  await db.schema
    .alterTable('subadmins')
    .addColumn('attempt_limit', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('subadmins').addColumn('whatsapp_template', 'text').execute();

  // The queues read leads_queue (subadmin_id, telicaller_id, status, telicaller_send_date) from 0001: another
  // index on the assignee would be written by every distributed lead.
  // The company's call log and summaries by time.
  await db.schema.createIndex('lead_history_tenant_time').on('lead_history').columns(['subadmin_id', 'created_at']).execute();
  // Rated leads for the quality screen.
  await db.schema
    .createIndex('leads_quality')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_id', 'lead_quality'])
    .where(sql.ref('lead_quality'), 'is not', null)
    .execute();
}

export const leadWork: Migration = { name: '0006_lead_work', up };
