import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Projects as the issue runs them: a project may come from a lead it was sold to, and every approved
 * change of the money received (the advance when the project is approved, then each approved payment
 * update) is a row of the project's payment ledger, so that what was received is never only a number
 * someone overwrote.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('projects')
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('projects_lead').on('projects').columns(['subadmin_id', 'lead_id']).where(sql.ref('lead_id'), 'is not', null).execute();

  const payments = db.schema.createTable('project_payments');
  await (dialect === 'postgres'
    ? payments.addColumn('id', 'serial', (c) => c.primaryKey())
    : payments.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('amount_paise', money, (c) => c.notNull())
    .addColumn('received_after_paise', money, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('approved_by_kind', 'text', (c) => c.notNull())
    .addColumn('approved_by_id', 'integer', (c) => c.notNull())
    .addColumn('approved_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_payments_project').on('project_payments').columns(['project_id', 'id']).execute();
  // The company's business view sums the ledger by month.
  await db.schema.createIndex('project_payments_tenant_time').on('project_payments').columns(['subadmin_id', 'created_at']).execute();
}

export const projects: Migration = { name: '0009_projects', up };
