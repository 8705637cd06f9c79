import type { Deps } from '../../deps.js';
import { discardAbandonedBatches } from '../leads/upload-batches.js';
import { sweepUploads } from '../uploads/uploads.service.js';
import { dropEmptyTallies } from '../lead-work/tallies.repository.js';
import type { SchedulerLogger } from '../indiamart/scheduler.js';
import { drainAllWaiting } from '../routing/waiting.service.js';
import { recycleAll } from '../routing/recycling.service.js';
import { alertDueCallbacks } from '../alerts/callback-alerts.service.js';
import { settleEndedCalls } from '../telephony/calls.service.js';
import { priceEndedCalls } from '../telephony/call-costs.service.js';

const BATCH_CHECK_MS = 60_000;
const UPLOAD_SWEEP_MS = 60 * 60_000;
/** Leads waiting for routing are routed within this of someone becoming eligible (the start of working hours). */
const WAITING_DRAIN_MS = 30_000;
const RECYCLE_MS = 60_000;
const SETTLE_CALLS_MS = 60_000;
const PRICE_CALLS_MS = 60_000;

/**
 * What start-up alone cannot clean up when several instances share a database and a volume: the
 * uploads of an instance that died and did not come back (their lease runs out) and the files it
 * left half-written; and the lead tallies that fell to 0. Every instance runs it; each discard and
 * removal is safe to race. Also lead routing's clock: leads waiting for routing go out when working
 * hours start, and untouched leads are recycled (one instance at a time on Postgres); and the callbacks
 * falling due, alerted to their telecallers (one instance at a time); and the calls a provider ended
 * without saying how, settled; and ended calls' costs, asked of their providers.
 */
export function startMaintenance(deps: Deps, logger: SchedulerLogger) {
  const every = (ms: number, job: () => Promise<void>) => {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      running ??= job()
        .catch((err: unknown) => logger.error({ err }, 'maintenance failed'))
        .finally(() => (running = null));
    }, ms);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  };
  const jobs = [
    every(BATCH_CHECK_MS, async () => {
      const discarded = await discardAbandonedBatches(deps);
      if (discarded) logger.warn({ discarded }, 'discarded uploads whose instance stopped answering');
    }),
    every(UPLOAD_SWEEP_MS, async () => {
      const { removed } = await sweepUploads(deps);
      if (removed) logger.info({ removed }, 'removed leftover uploads');
    }),
    every(UPLOAD_SWEEP_MS, async () => {
      await dropEmptyTallies(deps.db);
    }),
    every(WAITING_DRAIN_MS, async () => {
      const routed = await drainAllWaiting(deps);
      if (routed) logger.info({ routed }, 'routed leads that were waiting');
    }),
    every(RECYCLE_MS, async () => {
      const moved = await recycleAll(deps);
      if (moved) logger.info({ moved }, 'recycled untouched leads');
    }),
    every(SETTLE_CALLS_MS, async () => {
      const settled = await settleEndedCalls(deps);
      if (settled) logger.info({ settled }, 'settled calls the provider ended without saying how');
    }),
    every(PRICE_CALLS_MS, async () => {
      const round = await priceEndedCalls(deps);
      if (round.failed) logger.warn(round, 'some providers did not give calls’ costs');
      else if (round.priced) logger.info(round, 'priced ended calls');
    }),
    every(deps.config.callbackAlertCheckMs, async () => {
      await alertDueCallbacks(deps);
    }),
  ];
  return { stop: () => Promise.all(jobs.map((j) => j.stop())).then(() => undefined) };
}
