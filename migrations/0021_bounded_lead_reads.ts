import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/** A mobile's characters are reversed up to this length (stored mobiles are 10 digits). */
const REVERSED_LENGTH = 16;

/*
 * What a lead search reads, kept by the database itself (generated columns, so no write path can
 * forget them) and indexed per company, so a search is a range read of an index instead of a scan
 * of every lead: the name lowercased (a name starting with the text), and the mobile reversed (a
 * mobile ending with the digits; one starting with them reads the mobile's own index). On
 * Postgres they compare byte by byte (collation "C"), as SQLite's do, so both find the same leads.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const reversed = Array.from({ length: REVERSED_LENGTH }, (_, i) => `substr(mobile, ${REVERSED_LENGTH - i}, 1)`).join(' || ');
  const [collate, storage] = dialect === 'sqlite' ? ['', 'virtual'] : ['collate "C"', 'stored'];
  await sql.raw(`alter table leads add column name_key text ${collate} generated always as (lower(name)) ${storage}`).execute(db);
  await sql.raw(`alter table leads add column mobile_rev text ${collate} generated always as (${reversed}) ${storage}`).execute(db);
  await db.schema.createIndex('leads_name_key').on('leads').columns(['subadmin_id', 'name_key']).execute();
  await db.schema.createIndex('leads_mobile_rev').on('leads').columns(['subadmin_id', 'mobile_rev']).execute();
  // The company's leads newest first (its uploaded-leads list): read in the index's order, a page
  // never sorts the whole company, whatever the planner knows of the table (SQLite has no statistics).
  await db.schema.createIndex('leads_company_order').on('leads').columns(['subadmin_id', 'visible', 'id']).execute();
}

export const boundedLeadReads: Migration = { name: '0021_bounded_lead_reads', up };
