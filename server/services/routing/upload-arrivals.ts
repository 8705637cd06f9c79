import type { Deps } from '../../deps.js';
import { announceRouted } from './announce-routed.js';
import { deleteUploadRepeats, findUploadRepeats } from '../leads/upload-repeats.repository.js';
import { findExistingLeads } from './engine.repository.js';
import { rowEnquiryRef } from './enquiry-ref.js';
import { handleRepeatEnquiries } from './repeat-enquiry.js';
import { startRoutingRound, type RoutingRound } from './route-leads.js';
import { loadRoutingSettings } from './settings.repository.js';
import { drainWaiting } from './waiting.service.js';

const REPEATS_PER_ROUND = 500;

/**
 * What follows a completed upload: its repeat enquiries reach their leads (in short transactions),
 * and, when the uploader chose "route these leads now", its leads (made visible waiting for routing)
 * are routed. What a drain does not reach now (a very large upload) the scheduler routes next.
 */
export async function finishUploadArrivals(
  deps: Deps,
  batch: { id: number; subadminId: number; category: string; routeNow: boolean },
  now: Date = new Date(),
): Promise<{ routed: number; waiting: number } | null> {
  let after = { mobile: '', line: 0 };
  for (;;) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const rows = await findUploadRepeats(trx, batch.id, after, REPEATS_PER_ROUND);
      if (!rows.length) return null;
      const settings = await loadRoutingSettings(trx, batch.subadminId);
      let round: RoutingRound | null = null;
      const existing = new Map((await findExistingLeads(trx, batch.subadminId, { mobiles: rows.map((r) => r.mobile) })).map((r) => [r.mobile, r]));
      const out = await handleRepeatEnquiries(
        trx,
        {
          subadminId: batch.subadminId,
          source: 'csv',
          batchId: batch.id,
          now,
          settings,
          route: batch.routeNow,
          round: async () => (round ??= await startRoutingRound(trx, deps.dialect, batch.subadminId, now)),
        },
        rows.map((r) => ({ ...r, category: batch.category, sourceRef: rowEnquiryRef(r) })),
        existing,
      );
      const last = rows[rows.length - 1]!;
      return { alerts: out.alerts, last: { mobile: last.mobile, line: last.line } };
    });
    if (!done) break;
    announceRouted(deps, done.alerts, 'auto');
    after = done.last;
  }
  await deleteUploadRepeats(deps.db, batch.id);
  if (!batch.routeNow) return null;
  const routed = await drainWaiting(deps, batch.subadminId, now);
  const waiting = await deps.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subadmin_id', '=', batch.subadminId)
    .where('batch_id', '=', batch.id)
    .where('route_waiting', '=', 1)
    .where('telicaller_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { routed, waiting: Number(waiting.n) };
}
