import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Lead routing (docs/routing.md): a company's routing settings and its matching rules; each person's
 * availability (a break, a daily cap) and how many leads routing gave them today; a lead waiting for
 * routing, how often it was recycled, its first call attempt (speed to lead) and its language; the
 * events of a lead's life that are not calls (routed, repeat enquiry, recycled), shown in its history;
 * and an upload's repeat enquiries, counted apart from the duplicates inside its file and kept until it completes.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await db.schema
    .createTable('routing_settings')
    .addColumn('subadmin_id', 'integer', (c) => c.primaryKey().references('subadmins.id').onDelete('cascade'))
    .addColumn('route_indiamart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_capture', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_add_lead', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_csv', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('include_heads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('work_days', 'text', (c) => c.notNull().defaultTo('1,2,3,4,5,6'))
    .addColumn('work_start', 'text', (c) => c.notNull().defaultTo('09:30'))
    .addColumn('work_end', 'text', (c) => c.notNull().defaultTo('18:30'))
    .addColumn('repeat_reroute_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('recycle_after_hours', 'integer')
    .addColumn('recycle_max', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId('routing_rules')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('routing_rules_company').on('routing_rules').columns(['subadmin_id', 'position']).execute();

  await db.schema
    .createTable('routing_rule_members')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('routing_rules.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('routing_rule_members_pk', ['rule_id', 'user_id'])
    .execute();

  await db.schema.alterTable('users').addColumn('daily_lead_cap', 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('on_break', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('break_since', 'text').execute();
  await db.schema.alterTable('users').addColumn('routed_day', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('routed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('last_routed_at', 'text').execute();

  await db.schema
    .alterTable('leads')
    .addColumn('route_waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('route_source', 'text').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('recycle_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('first_call_at', 'text').execute();
  await db.schema.alterTable('leads').addColumn('language', 'text').execute();
  // The leads waiting for routing, oldest first; the untouched leads recycling looks at; arrivals by time (speed to lead).
  await db.schema.createIndex('leads_route_waiting').on('leads').columns(['subadmin_id', 'id']).where(sql.ref('route_waiting'), '=', 1).execute();
  // Only the leads recycling may move are in it: a submitted lead leaves it, so calls do not grow it.
  await db.schema
    .createIndex('leads_untouched')
    .on('leads')
    .columns(['subadmin_id', 'telicaller_send_date'])
    .where(sql.ref('status'), '=', '0')
    .where(sql.ref('first_call_at'), 'is', null)
    .where(sql.ref('telicaller_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('leads_arrivals').on('leads').columns(['subadmin_id', 'created_at']).execute();
  // Speed to lead for the leads already called: their first call attempt.
  await sql`update leads set first_call_at = (select min(h.created_at) from lead_history h where h.lead_id = leads.id and h.user_id is not null)
            where exists (select 1 from lead_history h where h.lead_id = leads.id and h.user_id is not null)`.execute(db);

  await withId('lead_events')
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('from_user_id', 'integer')
    .addColumn('source', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_events_lead').on('lead_events').columns(['lead_id', 'created_at']).execute();
  await db.schema.createIndex('lead_events_company').on('lead_events').columns(['subadmin_id', 'kind', 'created_at']).execute();

  await db.schema
    .alterTable('upload_batches')
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('upload_batches')
    .addColumn('route_now', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // An upload's rows whose mobile the company already had: their enquiries reach those leads when the upload completes.
  await db.schema
    .createTable('upload_repeats')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('upload_batches.id').onDelete('cascade'))
    .addColumn('subadmin_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_repeats_batch').on('upload_repeats').columns(['batch_id', 'mobile']).execute();
}

export const leadRouting: Migration = { name: '0024_lead_routing', up };
