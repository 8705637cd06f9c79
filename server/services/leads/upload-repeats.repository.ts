import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { LeadTuple } from './leads.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A row of an upload, with its line in the file. */
export interface UploadRow {
  row: LeadTuple;
  line: number;
}

/** Of these mobiles, the company's visible leads, by mobile, with the enquiry each was made with. */
export async function visibleLeadEnquiries(db: Db, subadminId: number, mobiles: string[]) {
  if (!mobiles.length) return new Map<string, { name: string; requirement: string; area: string }>();
  const rows = await db
    .selectFrom('leads')
    .select(['mobile', 'name', 'requirement', 'area'])
    .where('subadmin_id', '=', subadminId)
    .where('visible', '=', 1)
    .where('mobile', 'in', mobiles)
    .execute();
  return new Map(rows.map((r) => [r.mobile, r]));
}

/** Of these enquiry references, the ones the company's leads already recorded as repeat enquiries. */
export async function recordedEnquiryRefs(db: Db, subadminId: number, refs: string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await db.selectFrom('lead_events').select('source_ref').where('subadmin_id', '=', subadminId).where('source_ref', 'in', refs).execute();
  return new Set(rows.map((r) => r.source_ref!));
}

/** Keeps an upload's repeat enquiries until it completes. */
export async function insertUploadRepeats(db: Db, batchId: number, subadminId: number, rows: UploadRow[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('upload_repeats')
      .values(
        rows
          .slice(i, i + 500)
          .map(({ row: [name, mobile, requirement, area], line }) => ({ batch_id: batchId, subadmin_id: subadminId, name, mobile, requirement, area, line })),
      )
      .execute();
  }
}

/** The next of an upload's repeat enquiries, by mobile and line after `after`. */
export function findUploadRepeats(db: Db, batchId: number, after: { mobile: string; line: number }, limit: number) {
  return db
    .selectFrom('upload_repeats')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where((eb) => eb.or([eb('mobile', '>', after.mobile), eb.and([eb('mobile', '=', after.mobile), eb('line', '>', after.line)])]))
    .orderBy('mobile')
    .orderBy('line')
    .limit(limit)
    .execute();
}

export async function deleteUploadRepeats(db: Db, batchId: number) {
  await db.deleteFrom('upload_repeats').where('batch_id', '=', batchId).execute();
}
