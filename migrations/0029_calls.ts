import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Calls placed or received through a company's cloud telephony provider, kept as facts: the
 * provider's call id, status, times, talk time and recording reference (docs/telephony.md). A
 * company's provider settings keep their credentials encrypted with the server's key. A history row
 * names the call behind it (call_id) or says it was dialled from the telecaller's own phone.
 */
/** An integer id the database gives: serial on Postgres, autoincrement on SQLite. */
function withId(db: Kysely<any>, dialect: Dialect, name: string) {
  const table = db.schema.createTable(name);
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  await db.schema
    .createTable('telephony_settings')
    .addColumn('subadmin_id', 'integer', (c) => c.primaryKey().references('subadmins.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    /** the provider's settings (account, keys, cluster), JSON encrypted with the server's key */
    .addColumn('credentials', 'text', (c) => c.notNull())
    /** the company numbers shown to leads, JSON array */
    .addColumn('caller_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('record_calls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('heads_hear_team', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('callers_hear_own', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dialer_countdown_seconds', 'integer', (c) => c.notNull().defaultTo(5))
    /** the secret in the company's callback addresses */
    .addColumn('hook_token', 'text', (c) => c.notNull().unique())
    .addColumn('checked_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, dialect, 'calls')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_call_id', 'text')
    .addColumn('lead_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('talk_seconds', 'integer')
    .addColumn('recording_ref', 'text')
    .addColumn('cost', 'text')
    .addColumn('cost_currency', 'text')
    .addColumn('dialer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calls_provider_call')
    .on('calls')
    .columns(['provider', 'provider_call_id'])
    .unique()
    .where(sql.ref('provider_call_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('calls_company_placed').on('calls').columns(['subadmin_id', 'placed_at']).execute();
  await db.schema.createIndex('calls_user_placed').on('calls').columns(['subadmin_id', 'user_id', 'placed_at']).execute();
  await db.schema.createIndex('calls_lead_placed').on('calls').columns(['subadmin_id', 'lead_id', 'placed_at']).execute();
  await db.schema.createIndex('calls_open').on('calls').columns(['subadmin_id', 'lead_id']).where(sql.ref('ended_at'), 'is', null).execute();

  await withId(db, dialect, 'recording_plays')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('call_id', 'integer', (c) => c.notNull())
    .addColumn('principal_kind', 'text', (c) => c.notNull())
    .addColumn('principal_id', 'integer', (c) => c.notNull())
    .addColumn('played_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recording_plays_call').on('recording_plays').columns(['subadmin_id', 'call_id', 'played_at']).execute();

  await db.schema.alterTable('users').addColumn('call_phone', 'text').execute();
  await db.schema.alterTable('lead_history').addColumn('call_id', 'integer').execute();
  await db.schema.alterTable('lead_history').addColumn('call_via', 'text').execute();
  await db.schema.createIndex('lead_history_call').on('lead_history').column('call_id').where(sql.ref('call_id'), 'is not', null).execute();
}

export const calls: Migration = { name: '0029_calls', up };
