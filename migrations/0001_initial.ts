import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

// Frozen in time: this file never imports application code.

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const table = (name: string) => withId(db.schema.createTable(name), dialect);
  const money = dialect === 'postgres' ? 'bigint' : 'integer';

  await table('admins')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table('subadmins')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('telecaller_creat_limit', 'integer', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'text', (c) => c.notNull())
    .addColumn('gst', 'text', (c) => c.notNull())
    .addColumn('company_bio', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('subadmins_email_live').on('subadmins').column('email').unique().where(sql.ref('deleted_at'), 'is', null).execute();

  await table('users')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // Users sign in by mobile alone, so a live mobile (and email) is unique across companies.
  await db.schema.createIndex('users_mobile_live').on('users').column('mobile').unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('users_email_live').on('users').column('email').unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('users_tenant_type').on('users').columns(['subadmin_id', 'user_type']).execute();

  await table('sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('principal_kind', 'text', (c) => c.notNull())
    .addColumn('principal_id', 'integer', (c) => c.notNull())
    .addColumn('subadmin_id', 'integer')
    .addColumn('impersonated_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_principal').on('sessions').columns(['principal_kind', 'principal_id']).execute();
  await db.schema.createIndex('sessions_tenant').on('sessions').column('subadmin_id').execute();

  await table('upload_batches')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('uploaded_by_kind', 'text', (c) => c.notNull())
    .addColumn('uploaded_by_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('upload_batches_tenant').on('upload_batches').columns(['subadmin_id', 'created_at']).execute();
  await db.schema.createIndex('upload_batches_status').on('upload_batches').column('status').execute();

  await table('leads')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('batch_id', 'integer')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source_ref', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('upload_date', 'text', (c) => c.notNull())
    .addColumn('telicaller_id', 'integer')
    .addColumn('telicaller_send_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('handler_id', 'integer')
    .addColumn('handler_assigned_by', 'integer')
    .addColumn('submit_status', 'text')
    .addColumn('lead_quality', 'text')
    .addColumn('callback_date', 'text')
    .addColumn('callback_time', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_queue').on('leads').columns(['subadmin_id', 'telicaller_id', 'status', 'telicaller_send_date']).execute();
  await db.schema.createIndex('leads_pool').on('leads').columns(['subadmin_id', 'category', 'telicaller_id', 'id']).execute();
  await db.schema.createIndex('leads_mobile').on('leads').columns(['subadmin_id', 'mobile']).execute();
  await db.schema.createIndex('leads_handler').on('leads').columns(['subadmin_id', 'handler_id', 'submit_status']).execute();
  await db.schema.createIndex('leads_callbacks').on('leads').columns(['subadmin_id', 'telicaller_id', 'callback_date']).execute();
  await db.schema.createIndex('leads_batch').on('leads').column('batch_id').execute();
  await db.schema
    .createIndex('leads_source_ref')
    .on('leads')
    .columns(['subadmin_id', 'source_ref'])
    .unique()
    .where(sql.ref('source_ref'), 'is not', null)
    .execute();

  await table('lead_history')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('acted_by_subadmin', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text')
    .addColumn('call_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remarks', 'text')
    .addColumn('handler_id', 'integer')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_name', 'text')
    .addColumn('callback', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('callback_date', 'text')
    .addColumn('callback_time', 'text')
    .addColumn('invalid_reason', 'text')
    .addColumn('lead_quality', 'text')
    .addColumn('optional_whatsapp', 'text')
    .addColumn('optional_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_history_lead').on('lead_history').columns(['lead_id', 'created_at']).execute();
  await db.schema.createIndex('lead_history_calls').on('lead_history').columns(['subadmin_id', 'user_id', 'created_at']).execute();

  await table('projects')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('telicaller_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('clint_name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('price_paise', money, (c) => c.notNull())
    .addColumn('received_paise', money, (c) => c.notNull().defaultTo(0))
    .addColumn('commission_percentage', 'integer', (c) => c.notNull())
    .addColumn('endtime', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('previous_status', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_queue').on('projects').columns(['subadmin_id', 'telicaller_id', 'status']).execute();
  await db.schema.createIndex('projects_tenant_status').on('projects').columns(['subadmin_id', 'status']).execute();

  await table('project_update_requests')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('clint_name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('price_paise', money, (c) => c.notNull())
    .addColumn('received_paise', money, (c) => c.notNull())
    .addColumn('commission_percentage', 'integer', (c) => c.notNull())
    .addColumn('endtime', 'text', (c) => c.notNull())
    .addColumn('approval_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by_kind', 'text')
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_updates_pending').on('project_update_requests').columns(['subadmin_id', 'approval_status']).execute();
  await db.schema.createIndex('project_updates_project').on('project_update_requests').column('project_id').execute();

  await table('tasks')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('developer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_path', 'text')
    .addColumn('video_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_queue').on('tasks').columns(['subadmin_id', 'developer_id', 'status']).execute();
  await db.schema.createIndex('tasks_tenant_status').on('tasks').columns(['subadmin_id', 'status']).execute();

  for (const name of ['demos', 'tutorials']) {
    await table(name)
      .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('discreption', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${name}_tenant`).on(name).column('subadmin_id').execute();
  }

  await table('banners')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banners_tenant').on('banners').column('subadmin_id').execute();

  await table('complaints')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('from_kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('complaints_queue').on('complaints').columns(['from_kind', 'subadmin_id', 'status', 'created_at']).execute();

  await table('notifications')
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('subadmin_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_feed').on('notifications').columns(['audience', 'subadmin_id', 'created_at']).execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('reader_kind', 'text', (c) => c.notNull())
    .addColumn('reader_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['reader_kind', 'reader_id', 'notification_id'])
    .execute();

  await db.schema
    .createTable('indiamart_settings')
    .addColumn('subadmin_id', 'integer', (c) => c.primaryKey().references('subadmins.id'))
    .addColumn('api_link', 'text', (c) => c.notNull())
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('last_pull_at', 'text')
    .addColumn('last_pull_code', 'text')
    .addColumn('last_pull_message', 'text')
    .addColumn('last_window_end', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table('audit_log')
    .addColumn('subadmin_id', 'integer')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('impersonated_by', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_tenant').on('audit_log').columns(['subadmin_id', 'created_at']).execute();
}

export const initial: Migration = { name: '0001_initial', up };
