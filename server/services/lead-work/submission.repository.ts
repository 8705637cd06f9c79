import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, LeadHistoryTable, LeadsTable } from '../../db/schema.js';

/** Changes one of the company's leads. */
export async function updateLead(db: Kysely<DB>, subadminId: number, leadId: number, values: Updateable<LeadsTable>): Promise<void> {
  await db.updateTable('leads').set(values).where('id', '=', leadId).where('subadmin_id', '=', subadminId).execute();
}

/** Adds a row to a lead's history. */
export async function insertHistory(db: Kysely<DB>, row: Insertable<LeadHistoryTable>): Promise<void> {
  await db.insertInto('lead_history').values(row).execute();
}
