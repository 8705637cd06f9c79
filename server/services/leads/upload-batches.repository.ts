import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, UploadBatchesTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';

/** What the upload history shows of a batch: the row with the name of whoever uploaded it. */
export type HistoryRecord = Pick<
  Selectable<UploadBatchesTable>,
  'id' | 'source' | 'file_name' | 'category' | 'inserted' | 'duplicates' | 'invalid' | 'status' | 'report' | 'created_at' | 'completed_at' | 'uploaded_by_kind'
> & { subadmin_name: string | null; user_name: string | null };

export async function insertBatch(db: Kysely<DB>, values: Insertable<UploadBatchesTable>): Promise<number> {
  const row = await db.insertInto('upload_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Extends a running batch's lease; false when it is no longer running. */
export async function extendBatchLease(db: Kysely<DB>, batchId: number, leaseUntil: string): Promise<boolean> {
  const res = await db
    .updateTable('upload_batches')
    .set({ lease_until: leaseUntil })
    .where('id', '=', batchId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The lowest and highest id of a batch's invisible leads (lo > hi when there are none). */
export async function invisibleLeadIdRange(trx: Transaction<DB>, batchId: number): Promise<{ lo: number; hi: number }> {
  const range = await trx
    .selectFrom('leads')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .where('batch_id', '=', batchId)
    .where('visible', '=', 0)
    .executeTakeFirst();
  return { lo: Number(range?.lo ?? 0), hi: Number(range?.hi ?? -1) };
}

/**
 * Makes a batch's invisible leads visible, those with ids in [from, to) when given; when the upload
 * asked to route them, they become visible waiting for routing (routed next, in short rounds).
 */
export async function showBatchLeads(trx: Transaction<DB>, batchId: number, route: boolean, ids?: { from: number; to: number }): Promise<void> {
  // A do-not-call lead becomes visible but never waits for routing.
  let q = trx
    .updateTable('leads')
    .set(route ? { visible: 1, route_waiting: sql<number>`case when dnc = 1 then 0 else 1 end`, route_source: 'csv' } : { visible: 1 });
  if (ids) q = q.where('id', '>=', ids.from).where('id', '<', ids.to);
  await q.where('batch_id', '=', batchId).where('visible', '=', 0).execute();
}

/** Marks a running batch complete with its counts; false when it was no longer running. */
export async function markBatchComplete(
  trx: Transaction<DB>,
  batchId: number,
  counts: { inserted: number; duplicates: number; invalid: number; repeats: number; report: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('upload_batches')
    .set({ status: 'complete', ...counts, completed_at: nowIso() })
    .where('id', '=', batchId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes up to `limit` of a batch's invisible leads; how many. */
export async function deleteInvisibleLeads(db: Kysely<DB>, batchId: number, limit: number): Promise<number> {
  const ids = db.selectFrom('leads').select('id').where('batch_id', '=', batchId).where('visible', '=', 0).limit(limit);
  const res = await db.deleteFrom('leads').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Marks a running batch failed with its report. */
export async function markBatchFailed(db: Kysely<DB>, batchId: number, report: string): Promise<void> {
  await db
    .updateTable('upload_batches')
    .set({ status: 'failed', inserted: 0, report, completed_at: nowIso() })
    .where('id', '=', batchId)
    .where('status', '=', 'running')
    .execute();
}

/** Sets a finished batch's counts and report. */
export async function setBatchCounts(
  db: Kysely<DB>,
  batchId: number,
  counts: { inserted: number; duplicates: number; invalid: number; repeats?: number; report: string },
) {
  await db.updateTable('upload_batches').set(counts).where('id', '=', batchId).execute();
}

/**
 * Running batches: all of them, or those whose lease ran out (or has none) by `now`, plus those
 * of one owner when given.
 */
export function findRunningBatches(db: Kysely<DB>, opts: { owner?: string; all?: boolean; now: string }) {
  let query = db.selectFrom('upload_batches').select(['id', 'report']).where('status', '=', 'running');
  if (!opts.all) {
    query = query.where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', opts.now), ...(opts.owner === undefined ? [] : [eb('owner', '=', opts.owner)])]),
    );
  }
  return query.execute();
}

const HISTORY_COLUMNS = [
  'b.id',
  'b.source',
  'b.file_name',
  'b.category',
  'b.inserted',
  'b.duplicates',
  'b.invalid',
  'b.status',
  'b.report',
  'b.created_at',
  'b.completed_at',
  'b.uploaded_by_kind',
  's.name as subadmin_name',
  'u.name as user_name',
] as const;

function historyQuery(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('upload_batches as b')
    .leftJoin('subadmins as s', (j) => j.onRef('s.id', '=', 'b.uploaded_by_id').on('b.uploaded_by_kind', '=', 'subadmin'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'b.uploaded_by_id').on('b.uploaded_by_kind', '=', 'user'))
    .where('b.subadmin_id', '=', subadminId);
}

/** One page of the company's uploads, newest first. */
export function pageOfUploadHistory(db: Kysely<DB>, subadminId: number, input: { page: number; pageSize: number }): Promise<Page<HistoryRecord>> {
  return paginate(historyQuery(db, subadminId), input, (q) => q.select(HISTORY_COLUMNS).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc'));
}

export function findHistoryRecord(db: Kysely<DB>, subadminId: number, id: number): Promise<HistoryRecord | undefined> {
  return historyQuery(db, subadminId).select(HISTORY_COLUMNS).where('b.id', '=', id).executeTakeFirst();
}

/** One of the company's uploads: its file name and report. */
export function findBatch(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('upload_batches').select(['id', 'file_name', 'report']).where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}
