import type { Kysely, Transaction } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { SubadminActor } from '../../auth/actor.js';
import { notFound } from '../../errors.js';
import { UTF8_BOM, csvLine } from './lead-export.js';
import { parseReport } from './upload-batches.js';

/**
 * Every row an upload refused, kept with its batch: the report shows the first few, and the company
 * downloads all of them (line, reason and the row as it was) to fix and upload again.
 */

export interface RefusedRow {
  line: number;
  reason: string;
  cells: string[];
}

/** Rows written per statement (five values each, well within both databases' parameter limits). */
const INSERT_ROWS = 1000;
/** Rows read per query of a download. */
const EXPORT_PAGE = 1000;

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

/** The download's name: the upload's own name with "-refused" before its extension. */
export function refusedFileName(fileName: string | null): string {
  const base =
    (fileName ?? 'upload.csv')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w\- ]+/g, '_')
      .trim() || 'upload';
  return `${base}-refused.csv`;
}

function cellsOf(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map((c) => String(c ?? '')) : [];
  } catch {
    return [];
  }
}

/**
 * An upload's refused rows as CSV, read by line in pages for the transport to stream: Line and
 * Reason, then the file's own columns. Another company's upload is not found.
 */
export async function openRefusedRowsExport(deps: Deps, actor: SubadminActor, batchId: number): Promise<{ fileName: string; chunks: AsyncIterable<Buffer> }> {
  const batch = await deps.db
    .selectFrom('upload_batches')
    .select(['id', 'file_name', 'report'])
    .where('id', '=', batchId)
    .where('subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  if (!batch) throw notFound('Upload');
  const report = parseReport(batch.report);
  const columns = Array.isArray(report.columns) ? report.columns.map((c) => String(c ?? '')) : [];
  const db = deps.db;
  const subadminId = actor.subadminId;

  const chunks = (async function* () {
    yield Buffer.from(UTF8_BOM + csvLine(['Line', 'Reason', ...columns]));
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('upload_refused_rows')
        .select(['line', 'reason', 'cells'])
        .where('batch_id', '=', batchId)
        .where('subadmin_id', '=', subadminId)
        .where('line', '>', after)
        .orderBy('line')
        .limit(EXPORT_PAGE)
        .execute();
      if (rows.length === 0) return;
      yield Buffer.from(rows.map((r) => csvLine([r.line, r.reason, ...cellsOf(r.cells)])).join(''));
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]!.line;
    }
  })();
  return { fileName: refusedFileName(batch.file_name), chunks };
}
