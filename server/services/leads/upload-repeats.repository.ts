import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { LeadTuple } from './leads.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Of these mobiles, the ones the company holds as visible leads: a row with one is a repeat enquiry. */
export async function visibleMobiles(db: Db, subadminId: number, mobiles: string[]): Promise<Set<string>> {
  if (!mobiles.length) return new Set();
  const rows = await db
    .selectFrom('leads')
    .select('mobile')
    .where('subadmin_id', '=', subadminId)
    .where('visible', '=', 1)
    .where('mobile', 'in', mobiles)
    .execute();
  return new Set(rows.map((r) => r.mobile));
}

/** Keeps an upload's repeat enquiries until it completes. */
export async function insertUploadRepeats(db: Db, batchId: number, subadminId: number, rows: LeadTuple[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('upload_repeats')
      .values(
        rows.slice(i, i + 500).map(([name, mobile, requirement, area]) => ({ batch_id: batchId, subadmin_id: subadminId, name, mobile, requirement, area })),
      )
      .execute();
  }
}

/** The next of an upload's repeat enquiries, by mobile after `afterMobile`. */
export function findUploadRepeats(db: Db, batchId: number, afterMobile: string, limit: number) {
  return db.selectFrom('upload_repeats').selectAll().where('batch_id', '=', batchId).where('mobile', '>', afterMobile).orderBy('mobile').limit(limit).execute();
}

export async function deleteUploadRepeats(db: Db, batchId: number) {
  await db.deleteFrom('upload_repeats').where('batch_id', '=', batchId).execute();
}
