import type { Deps } from '../../deps.js';
import type { PrincipalKind } from '../../db/schema.js';
import { INDIAMART_CATEGORY } from '../../../shared/leads.js';
import { INDIAMART_PULL_INTERVAL_MS, PULL_CODES_OURS, isPullSuccess, type IndiamartPullResult } from '../../../shared/schemas/indiamart.js';
import type { LeadAlert } from '../alerts/alerts.js';
import { announceRouted } from '../routing/announce-routed.js';
import { whileRunning } from '../../metrics/metrics.js';
import { receiveLeadsIn } from '../routing/arrivals.service.js';
import { buildPullUrl, fetchIndiamartLeads, parseApiLink, type FetchFn } from './client.js';
import { mapIndiamartRows } from './mapping.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { extrasToFields } from '../lead-fields/extras-to-fields.js';
import { insertValueRows, newLeadValueRows } from '../lead-fields/values.js';
import { insertBatch, setBatchCounts } from '../leads/upload-batches.repository.js';
import { claimPull, findPullSettings, recordPullAnswer, recordPullError } from './indiamart.repository.js';

/** Each pull starts this much before the previous window's end, so a late-indexed lead is not missed. */
export const PULL_OVERLAP_MS = 10 * 60_000;
/** The first pull of a link looks back this far. */
export const FIRST_PULL_LOOKBACK_MS = 24 * 3600_000;
/** IndiaMART refuses a window longer than 7 days. */
export const MAX_WINDOW_MS = 7 * 24 * 3600_000;
const REPORT_INVALID_ROWS = 20;

export type PullTrigger = 'schedule' | 'manual';

export interface PullOptions {
  /** "now" for the window and the rate limit; tests move it */
  now?: Date;
  fetchFn?: FetchFn;
  timeoutMs?: number;
  trigger?: PullTrigger;
  /** who asked, for the upload history; the scheduler pulls on the company's behalf */
  by?: { kind: PrincipalKind; id: number };
}

export interface PullWindow {
  start: Date;
  end: Date;
}

export interface PullDone extends IndiamartPullResult {
  batchId: number;
  window: PullWindow;
}

export type PullOutcome = { kind: 'pulled'; result: PullDone } | { kind: 'throttled'; retryAt: Date } | { kind: 'not_configured' };

/**
 * The window of the next pull: from a little before the last window's end (24 hours back on the
 * first pull) to now. One longer than IndiaMART allows is cut at 7 days; the pulls after it catch up.
 */
export function pullWindow(lastWindowEnd: string | null, now: Date): PullWindow {
  const end = now.getTime();
  const last = lastWindowEnd ? Date.parse(lastWindowEnd) : Number.NaN;
  let start = Number.isFinite(last) ? last - PULL_OVERLAP_MS : end - FIRST_PULL_LOOKBACK_MS;
  if (start >= end) start = end - PULL_OVERLAP_MS;
  return { start: new Date(start), end: new Date(Math.min(end, start + MAX_WINDOW_MS)) };
}

export const nextPullAllowedAt = (lastPullAt: string | null): Date | null =>
  lastPullAt ? new Date(Date.parse(lastPullAt) + INDIAMART_PULL_INTERVAL_MS) : null;

/**
 * Pulls one company's IndiaMART leads, if its link is saved and its last pull is 5 minutes old.
 * The call is claimed first with a conditional update, so two pullers (the scheduler and "Pull
 * now") never both call IndiaMART for one key. Every call is recorded as an upload batch and in
 * the settings row; IndiaMART's errors are results, not exceptions.
 */
export async function pullCompany(deps: Deps, subadminId: number, opts: PullOptions = {}): Promise<PullOutcome> {
  const { db } = deps;
  const now = opts.now ?? new Date();
  const nowText = now.toISOString();
  const settings = await findPullSettings(db, subadminId);
  if (!settings?.api_link.trim()) return { kind: 'not_configured' };

  const cutoff = new Date(now.getTime() - INDIAMART_PULL_INTERVAL_MS).toISOString();
  if (!(await claimPull(db, subadminId, settings.api_link, cutoff, nowText))) {
    const current = await findPullSettings(db, subadminId);
    if (!current?.api_link.trim()) return { kind: 'not_configured' };
    return { kind: 'throttled', retryAt: nextPullAllowedAt(current.last_pull_at) ?? now };
  }
  return whileRunning(deps.metrics?.indiamartPullsInProgress, () => pullClaimed(deps, subadminId, settings, now, opts));
}

/** The pull this instance claimed: IndiaMART asked, its leads saved under a batch of their own, the answer recorded. */
async function pullClaimed(
  deps: Deps,
  subadminId: number,
  settings: NonNullable<Awaited<ReturnType<typeof findPullSettings>>>,
  now: Date,
  opts: PullOptions,
): Promise<PullOutcome> {
  const { db } = deps;
  const nowText = now.toISOString();
  const window = pullWindow(settings.last_window_end, now);
  const link = parseApiLink(settings.api_link);
  const answer = link
    ? await fetchIndiamartLeads(buildPullUrl(link, window.start, window.end), { fetchFn: opts.fetchFn, timeoutMs: opts.timeoutMs })
    : { code: PULL_CODES_OURS.BAD_LINK, message: 'The saved API link is not a valid https:// link.', totalRecords: null, rows: [] };
  const mapped = mapIndiamartRows(answer.rows);
  const success = isPullSuccess(answer.code);
  const by = opts.by ?? { kind: 'subadmin' as const, id: subadminId };

  let alerts: LeadAlert[] = [];
  // Read before the transaction: on SQLite it holds the one connection.
  const { fields } = mapped.leads.length ? await companyShape(db, subadminId) : { fields: [] };
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const batchId = await insertBatch(trx, {
        subadmin_id: subadminId,
        uploaded_by_kind: by.kind,
        uploaded_by_id: by.id,
        source: 'indiamart',
        file_name: null,
        category: INDIAMART_CATEGORY,
        status: success ? 'complete' : 'failed',
        inserted: 0,
        duplicates: 0,
        invalid: 0,
        report: null,
        created_at: nowText,
        completed_at: nowText,
      });

      // New leads are routed as they go in (when the company routes IndiaMART leads); a known mobile's
      // new enquiry goes to its lead (a repeat enquiry); the same enquiry pulled again changes nothing.
      let inserted = 0;
      let repeats = 0;
      if (answer.code === '200' && mapped.leads.length > 0) {
        // An extra detail the company has a field for (a "Pincode" field) is that field's value.
        const split = mapped.leads.map((l) => extrasToFields(fields, l.extraDetails));
        const arriving = mapped.leads.map((l, i) => ({ ...l, extraDetails: split[i]!.extras, category: INDIAMART_CATEGORY }));
        const received = await receiveLeadsIn(trx, deps.dialect, { subadminId, source: 'indiamart', batchId, now }, arriving);
        const valueRows = received.arrivals.flatMap((a, i) =>
          a.outcome === 'new' && split[i]!.values.size ? newLeadValueRows(subadminId, a.leadId, fields, split[i]!.values) : [],
        );
        if (valueRows.length) await insertValueRows(trx, valueRows);
        inserted = received.arrivals.filter((a) => a.outcome === 'new').length;
        repeats = received.arrivals.filter((a) => a.outcome === 'repeat').length;
        alerts = received.alerts;
      }
      const duplicates = mapped.repeated + (mapped.leads.length - inserted - repeats);
      const invalid = mapped.invalid.length;
      const report = {
        code: answer.code,
        message: answer.message,
        total_records: answer.totalRecords,
        trigger: opts.trigger ?? 'schedule',
        window_start: window.start.toISOString(),
        window_end: window.end.toISOString(),
        invalid_rows: mapped.invalid.slice(0, REPORT_INVALID_ROWS),
      };
      await setBatchCounts(trx, batchId, { inserted, duplicates, invalid, repeats, report: JSON.stringify(report) });

      // A link changed while this pull ran belongs to another key: its window starts afresh.
      await recordPullAnswer(trx, subadminId, settings.api_link, {
        last_pull_code: answer.code,
        last_pull_message: answer.message,
        ...(success ? { last_window_end: window.end.toISOString() } : {}),
      });

      return { kind: 'pulled' as const, result: { code: answer.code, message: answer.message, inserted, duplicates, repeats, invalid, batchId, window } };
    });
    announceRouted(deps, alerts, 'auto');
    return outcome;
  } catch (err) {
    await recordPullError(db, subadminId, PULL_CODES_OURS.ERROR, 'Saving the pulled leads failed. The next pull will try again.').catch(() => undefined);
    throw err;
  }
}
