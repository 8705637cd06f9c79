import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Who a lead was last taken back from: a submission that user's phone made offline and sends later is
 * then told that the company took the lead back (and the company gets the outcome), while anyone else
 * still finds no such lead.
 */
async function up(db: Kysely<any>) {
  await db.schema.alterTable('leads').addColumn('taken_back_from', 'integer').execute();
}

export const leadTakenBackFrom: Migration = { name: '0021_lead_taken_back_from', up };
