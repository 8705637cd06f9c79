import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * What keeps a read of a big company's leads bounded, whatever the planner knows of the table
 * (SQLite keeps no statistics here):
 * - the lead's name as searched, lowercased, kept by the database itself (a generated column, so no
 *   write path can forget it) and indexed per company: a name-prefix search is a range read of the
 *   index, not a scan of every lead. On Postgres it compares byte by byte (collation "C"), as
 *   SQLite's does, so both find the same leads. (A mobile's first digits read its own index.)
 * - the company's leads newest first (its uploaded-leads list): a page is read in the index's order
 *   and never sorts the whole company.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const [collate, storage] = dialect === 'sqlite' ? ['', 'virtual'] : ['collate "C"', 'stored'];
  await sql.raw(`alter table leads add column name_key text ${collate} generated always as (lower(name)) ${storage}`).execute(db);
  await db.schema.createIndex('leads_name_key').on('leads').columns(['subadmin_id', 'name_key']).execute();
  await db.schema.createIndex('leads_company_order').on('leads').columns(['subadmin_id', 'visible', 'id']).execute();
}

export const boundedLeadReads: Migration = { name: '0020_bounded_lead_reads', up };
