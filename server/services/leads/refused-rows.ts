import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { notFound } from '../../errors.js';
import { UTF8_BOM, csvLine } from './lead-export.js';
import { parseReport } from './upload-batches.js';
import { findBatch } from './upload-batches.repository.js';
import { refusedRowsAfter } from './refused-rows.repository.js';

/**
 * Every row an upload refused, kept with its batch: the report shows the first few, and the company
 * downloads all of them (line, reason and the row as it was) to fix and upload again.
 */

export interface RefusedRow {
  line: number;
  reason: string;
  cells: string[];
}

/** Rows read per query of a download. */
const EXPORT_PAGE = 1000;

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
  const batch = await findBatch(deps.db, actor.subadminId, batchId);
  if (!batch) throw notFound('Upload');
  const report = parseReport(batch.report);
  const columns = Array.isArray(report.columns) ? report.columns.map((c) => String(c ?? '')) : [];
  const db = deps.db;
  const subadminId = actor.subadminId;

  const chunks = (async function* () {
    yield Buffer.from(UTF8_BOM + csvLine(['Line', 'Reason', ...columns]));
    let after = 0;
    for (;;) {
      const rows = await refusedRowsAfter(db, subadminId, batchId, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      yield Buffer.from(rows.map((r) => csvLine([r.line, r.reason, ...cellsOf(r.cells)])).join(''));
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]!.line;
    }
  })();
  return { fileName: refusedFileName(batch.file_name), chunks };
}
