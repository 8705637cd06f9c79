import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A project's advance kept apart from the money received so far: an approved payment update
 * changed received_paise, and the advance shown was that total. Existing projects get back the
 * advance they were created with: what is received less every approved update in the ledger.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('projects')
    .addColumn('advance_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update projects set advance_paise = received_paise - coalesce((
    select sum(amount_paise) from project_payments
    where project_payments.project_id = projects.id and project_payments.kind = 'update'
  ), 0)`.execute(db);
}

export const projectAdvance: Migration = { name: '0027_project_advance', up };
