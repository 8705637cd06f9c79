import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Postgres' estimate of how many leads a field's value matches (docs/lead-fields-lists.md): without
 * statistics on (field_id, value) together, it multiplies the two columns' selectivities, guesses
 * a tenth of the real count for a choice held by 10% of the leads, and reads every one of them to
 * sort them for a page of 20 (90 ms at 50,000 leads) instead of walking the list's own order and
 * checking each lead's value (0.5 ms). SQLite plans lists by rules (filters.ts says how).
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  if (dialect !== 'postgres') return;
  await sql`create statistics lead_values_field_text (mcv) on field_id, v_text from lead_values`.execute(db);
  await sql`create statistics lead_values_field_num (mcv) on field_id, v_num from lead_values`.execute(db);
}

export const leadValueStatistics: Migration = { name: '0035_lead_value_statistics', up };
