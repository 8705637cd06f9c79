import type { Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB, PrincipalKind } from '../../db/schema.js';
import type { SubadminActor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { sqliteFileFromUrl } from '../../db/database.js';
import { withOffThreadCheckpoint } from './upload-checkpoint.js';
import { notFound } from '../../errors.js';
import type { Page } from '../../../shared/schemas/paging.js';
import type { BatchReport, InvalidRow, UploadHistoryRow } from '../../../shared/schemas/intake.js';
import { deleteRefusedRows } from './refused-rows.repository.js';
import { deleteUploadRepeats } from './upload-repeats.repository.js';
import {
  deleteInvisibleLeads,
  extendBatchLease,
  findHistoryRecord,
  findRunningBatches,
  insertBatch,
  invisibleLeadIdRange,
  markBatchComplete,
  markBatchFailed,
  pageOfUploadHistory,
  showBatchLeads,
  type HistoryRecord,
} from './upload-batches.repository.js';

/**
 * Upload batches: an import writes its leads invisible (visible = 0) and tagged with the batch in
 * short transactions, then one transaction makes them visible and marks the batch complete. A
 * failed or abandoned batch has its leads deleted and stays in the history as 'failed'.
 */

/** What a batch's report column holds (JSON). Other writers (IndiaMART pulls) may leave out fields. */
export interface BatchReportJson {
  rows?: number;
  duplicatesInFile?: number;
  duplicatesExisting?: number;
  repeats?: number;
  invalidRows?: InvalidRow[];
  /** a CSV upload: its header row as read, the columns nothing read, and whether every refused row is kept (upload_refused_rows) */
  columns?: string[];
  ignoredColumns?: string[];
  extraColumns?: string[];
  refusedKept?: boolean;
  error?: string;
  /** IndiaMART pulls: the API's message and the enquiries skipped */
  message?: string;
  invalid_rows?: { ref?: string; reason?: string }[];
}

// Rows flipped or deleted per statement: each statement stays well under the 100 ms budget on SQLite,
// whose calls block the event loop (10,000 rows a flip measured up to 86 ms in the import bench; 4,000 ~40 ms).
const ROWS_PER_STATEMENT = 4_000;
const DELETE_PER_STATEMENT = 5_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long a running upload counts as alive without a word from its instance, and how often it gives one. */
export const BATCH_LEASE_MS = 2 * 60_000;
export const BATCH_RENEW_MS = 20_000;

const leaseFrom = (now: number) => new Date(now + BATCH_LEASE_MS).toISOString();

export async function createBatch(
  db: Kysely<DB>,
  b: { subadminId: number; byKind: PrincipalKind; byId: number; source: string; fileName: string | null; category: string; owner: string; routeNow?: boolean },
): Promise<number> {
  return insertBatch(db, {
    subadmin_id: b.subadminId,
    uploaded_by_kind: b.byKind,
    uploaded_by_id: b.byId,
    source: b.source,
    file_name: b.fileName,
    category: b.category,
    status: 'running',
    inserted: 0,
    duplicates: 0,
    invalid: 0,
    report: null,
    created_at: nowIso(),
    completed_at: null,
    owner: b.owner,
    lease_until: leaseFrom(Date.now()),
    route_now: b.routeNow ? 1 : 0,
  });
}

/** Extends a running batch's lease; false when it is no longer running (another instance's sweep took it as dead). */
export function renewBatchLease(db: Kysely<DB>, batchId: number): Promise<boolean> {
  return extendBatchLease(db, batchId, leaseFrom(Date.now()));
}

/** The batch was discarded while its import ran (its lease ran out): the import stops and keeps nothing. */
export class BatchDiscardedError extends Error {
  constructor() {
    super('upload batch discarded while it ran');
  }
}

/**
 * Makes a batch's leads visible and marks it complete, in one transaction: readers see all of it
 * or none. On SQLite the flip runs in slices of the id range with the event loop let go between
 * them (the single connection keeps other queries waiting until the commit, so nobody sees a
 * half-visible batch); Postgres flips it in one statement.
 */
export async function completeBatch(
  deps: Deps,
  batchId: number,
  counts: { inserted: number; duplicates: number; invalid: number; repeats: number; routeNow: boolean; report: BatchReportJson },
): Promise<void> {
  const flip = () => flipBatch(deps, batchId, counts);
  if (deps.dialect !== 'sqlite') return flip();
  await withOffThreadCheckpoint(deps.db, sqliteFileFromUrl(deps.config.databaseUrl), flip);
}

async function flipBatch(
  deps: Deps,
  batchId: number,
  counts: { inserted: number; duplicates: number; invalid: number; repeats: number; routeNow: boolean; report: BatchReportJson },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (deps.dialect === 'sqlite') {
      const { lo, hi } = await invisibleLeadIdRange(trx, batchId);
      for (let from = lo; from <= hi; from += ROWS_PER_STATEMENT) {
        await showBatchLeads(trx, batchId, counts.routeNow, { from, to: from + ROWS_PER_STATEMENT });
        await yieldToEventLoop();
      }
    } else {
      await showBatchLeads(trx, batchId, counts.routeNow);
    }
    const completed = await markBatchComplete(trx, batchId, {
      inserted: counts.inserted,
      duplicates: counts.duplicates,
      invalid: counts.invalid,
      repeats: counts.repeats,
      report: JSON.stringify(counts.report),
    });
    // Discarded meanwhile: nothing of it may become visible (the throw undoes the flip).
    if (!completed) throw new BatchDiscardedError();
  });
}

/**
 * Deletes a batch's (invisible) leads in short statements, then marks it failed with the reason.
 * Marking comes last: a crash in between leaves the batch 'running' for the start-up sweep.
 */
export async function failBatch(deps: Deps, batchId: number, error: string, report: BatchReportJson = {}): Promise<void> {
  await deleteRefusedRows(deps.db, batchId);
  await deleteUploadRepeats(deps.db, batchId);
  for (;;) {
    if ((await deleteInvisibleLeads(deps.db, batchId, DELETE_PER_STATEMENT)) < DELETE_PER_STATEMENT) break;
    await yieldToEventLoop();
  }
  await markBatchFailed(deps.db, batchId, JSON.stringify({ ...report, refusedKept: false, error }));
}

export const ABANDONED_MESSAGE = 'The upload was interrupted (the server stopped before it finished).';

/**
 * A batch still 'running' whose instance is gone: its leads are deleted and it is marked failed.
 * At start-up an instance passes its own id (what its previous run left behind is abandoned at
 * once), or `all` on SQLite (one instance only: every running batch is its own); every instance
 * also calls it now and then with neither, for batches whose lease ran out (an instance that died
 * and did not come back). Returns how many batches it discarded.
 */
export async function discardAbandonedBatches(
  deps: Pick<Deps, 'db' | 'dialect'> & Partial<Deps>,
  opts: { owner?: string; all?: boolean; now?: Date } = {},
): Promise<number> {
  const now = (opts.now ?? new Date()).toISOString();
  const running = await findRunningBatches(deps.db, { ...opts, now });
  for (const b of running) await failBatch(deps as Deps, b.id, ABANDONED_MESSAGE, parseReport(b.report));
  return running.length;
}

export function parseReport(text: string | null): BatchReportJson {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as BatchReportJson) : {};
  } catch {
    return {};
  }
}

const isIndiamart = (source: string) => source.toLowerCase() === 'indiamart';

function toHistoryRow(r: HistoryRecord, report: BatchReportJson): UploadHistoryRow {
  return {
    id: r.id,
    source: r.source,
    fileName: isIndiamart(r.source) ? 'IndiaMART pull' : (r.file_name ?? ''),
    category: r.category,
    inserted: Number(r.inserted),
    duplicates: Number(r.duplicates),
    invalid: Number(r.invalid),
    status: r.status,
    uploadedBy: r.subadmin_name ?? r.user_name ?? (isIndiamart(r.source) ? 'IndiaMART' : 'Unknown'),
    createdAt: r.created_at,
    completedAt: r.completed_at,
    error: r.status === 'failed' ? (report.error ?? (typeof report.message === 'string' ? report.message : 'The upload failed.')) : null,
  };
}

export async function listUploadHistory(deps: Deps, actor: SubadminActor, input: { page: number; pageSize: number }): Promise<Page<UploadHistoryRow>> {
  const page = await pageOfUploadHistory(deps.db, actor.subadminId, input);
  return { ...page, items: page.items.map((r) => toHistoryRow(r, parseReport(r.report))) };
}

function invalidRowsOf(report: BatchReportJson): InvalidRow[] {
  if (Array.isArray(report.invalidRows)) {
    return report.invalidRows.filter((x) => x && typeof x.line === 'number' && typeof x.reason === 'string').map((x) => ({ line: x.line, reason: x.reason }));
  }
  if (Array.isArray(report.invalid_rows)) {
    return report.invalid_rows
      .filter((x) => x && typeof x.reason === 'string')
      .map((x) => ({ line: null, ref: typeof x.ref === 'string' ? x.ref : undefined, reason: x.reason! }));
  }
  return [];
}

export async function getBatchReport(deps: Deps, actor: SubadminActor, id: number): Promise<BatchReport> {
  const r = await findHistoryRecord(deps.db, actor.subadminId, id);
  if (!r) throw notFound('Upload');
  const report = parseReport(r.report);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    ...toHistoryRow(r, report),
    rows: num(report.rows),
    duplicatesInFile: num(report.duplicatesInFile),
    duplicatesExisting: num(report.duplicatesExisting),
    repeats: num(report.repeats),
    invalidRows: invalidRowsOf(report),
    ignoredColumns: Array.isArray(report.ignoredColumns) ? report.ignoredColumns.filter((c): c is string => typeof c === 'string') : [],
    extraColumns: Array.isArray(report.extraColumns) ? report.extraColumns.filter((c): c is string => typeof c === 'string') : [],
    refusedRowsFile: r.status === 'complete' && report.refusedKept === true && Number(r.invalid) > 0,
  };
}
