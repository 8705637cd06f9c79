import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RefusedRow } from './refused-rows.js';

/** Rows written per statement (five values each, well within both databases' parameter limits). */
const INSERT_ROWS = 1000;

export async function insertRefusedRows(db: Kysely<DB> | Transaction<DB>, subadminId: number, batchId: number, rows: RefusedRow[]) {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await db
      .insertInto('upload_refused_rows')
      .values(
        rows
          .slice(i, i + INSERT_ROWS)
          .map((r) => ({ batch_id: batchId, subadmin_id: subadminId, line: r.line, reason: r.reason, cells: JSON.stringify(r.cells) })),
      )
      .execute();
  }
}

/** Up to `limit` refused rows of one of the company's uploads, by line, after a line. */
export function refusedRowsAfter(db: Kysely<DB>, subadminId: number, batchId: number, afterLine: number, limit: number) {
  return db
    .selectFrom('upload_refused_rows')
    .select(['line', 'reason', 'cells'])
    .where('batch_id', '=', batchId)
    .where('subadmin_id', '=', subadminId)
    .where('line', '>', afterLine)
    .orderBy('line')
    .limit(limit)
    .execute();
}

export async function deleteRefusedRows(db: Kysely<DB>, batchId: number): Promise<void> {
  await db.deleteFrom('upload_refused_rows').where('batch_id', '=', batchId).execute();
}
