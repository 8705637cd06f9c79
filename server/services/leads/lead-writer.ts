import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface LeadInput {
  name: string;
  /** already normalised to 10 digits */
  mobile: string;
  requirement: string;
  area: string;
  /** the source's own id (IndiaMART UNIQUE_QUERY_ID), for de-duplication across pulls */
  sourceRef?: string | null;
}

export interface LeadBatchContext {
  subadminId: number;
  category: string;
  batchId: number | null;
  /** 0 while a multi-transaction upload is still being written */
  visible: 0 | 1;
  now: string;
  /** set for a lead that goes straight to someone's queue (a telecaller's own manual lead) */
  assignTo?: number | null;
}

// 13 columns a row: 1000 rows stay well under SQLite's and Postgres's bound-parameter limits.
export const LEAD_INSERT_CHUNK = 1000;

/**
 * Inserts leads, skipping any whose mobile (or source ref) the company already has — the unique
 * indexes decide, so concurrent writers cannot both insert one. Returns the mobiles inserted.
 * The caller removes duplicates within its own input and owns the transaction.
 */
export async function insertLeads(db: Kysely<DB> | Transaction<DB>, ctx: LeadBatchContext, rows: LeadInput[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += LEAD_INSERT_CHUNK) {
    const chunk = rows.slice(i, i + LEAD_INSERT_CHUNK);
    const result = await db
      .insertInto('leads')
      .values(
        chunk.map((r) => ({
          subadmin_id: ctx.subadminId,
          batch_id: ctx.batchId,
          visible: ctx.visible,
          source_ref: r.sourceRef ?? null,
          name: r.name,
          mobile: r.mobile,
          requirement: r.requirement,
          area: r.area,
          category: ctx.category,
          upload_date: ctx.now,
          telicaller_id: ctx.assignTo ?? null,
          telicaller_send_date: ctx.assignTo ? ctx.now : null,
          status: '0',
          created_at: ctx.now,
          updated_at: ctx.now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('mobile')
      .execute();
    for (const r of result) inserted.add(r.mobile);
  }
  return inserted;
}
