import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Alerts on a telecaller's phone (docs/alerts.md): the browsers that asked for Web Push, one row per
 * subscription endpoint; and, on a lead, the callback (date and time) its due alert was raised for,
 * so that a callback moved to another time alerts again.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const table = db.schema.createTable('push_subscriptions');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_ok_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id']).execute();

  await db.schema.alterTable('leads').addColumn('callback_alerted_for', 'text').execute();
  // The callbacks falling due around now, across companies: what the alert job looks at every minute.
  await db.schema
    .createIndex('leads_callback_due')
    .on('leads')
    .columns(['callback_date', 'callback_time'])
    .where(sql.ref('callback_date'), 'is not', null)
    .execute();
}

export const pushSubscriptions: Migration = { name: '0026_push_subscriptions', up };
