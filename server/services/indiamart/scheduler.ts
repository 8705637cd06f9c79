import type { Deps } from '../../deps.js';
import { companyLockReason } from '../../auth/sessions.js';
import { INDIAMART_PULL_INTERVAL_MS } from '../../../shared/schemas/indiamart.js';
import { pullCompany, type PullOutcome } from './pull.service.js';
import type { FetchFn } from './client.js';
import { withAdvisoryLock } from '../../db/advisory-lock.js';

export interface SchedulerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface TickOptions {
  now?: () => Date;
  fetchFn?: FetchFn;
  timeoutMs?: number;
  /** companies pulled at the same time */
  concurrency?: number;
  logger?: SchedulerLogger;
}

export interface TickReport {
  due: number;
  results: { subadminId: number; outcome?: PullOutcome; error?: string; skipped?: string }[];
}

/** Companies (live, not blocked, not expired) with a saved link whose last pull is 5 minutes old. */
export async function findDueCompanies(deps: Deps, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - INDIAMART_PULL_INTERVAL_MS).toISOString();
  const rows = await deps.db
    .selectFrom('indiamart_settings as s')
    .innerJoin('subadmins as c', 'c.id', 's.subadmin_id')
    .select(['s.subadmin_id', 'c.is_blocked', 'c.expiry_date', 'c.time_zone', 'c.deleted_at'])
    .where('s.api_link', '<>', '')
    .where('c.deleted_at', 'is', null)
    .where('c.is_blocked', '=', 0)
    .where((eb) => eb.or([eb('s.last_pull_at', 'is', null), eb('s.last_pull_at', '<=', cutoff)]))
    .orderBy('s.last_pull_at')
    .orderBy('s.subadmin_id')
    .execute();
  // Expiry is judged by the platform's date, as at sign-in (docs/product-rules.md#sign-in-blocking-and-expiry).
  return rows.filter((r) => companyLockReason(r) === null).map((r) => r.subadmin_id);
}

/**
 * One scheduler pass: pulls every due company, a few at a time. A company's failure (bad key,
 * network, even a database error) is caught and logged there and never stops the others.
 */
export async function runIndiamartTick(deps: Deps, opts: TickOptions = {}): Promise<TickReport> {
  const now = opts.now ?? (() => new Date());
  const due = await findDueCompanies(deps, now());
  const results: TickReport['results'] = [];
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const subadminId = due[next++]!;
      try {
        // Instances sharing a Postgres each look for due companies; one pulls a company, the rest skip it.
        const locked = await withAdvisoryLock(deps.db, deps.dialect, 'indiamart-pull', subadminId, () =>
          pullCompany(deps, subadminId, { now: now(), fetchFn: opts.fetchFn, timeoutMs: opts.timeoutMs, trigger: 'schedule' }),
        );
        if (!locked.ran) {
          results.push({ subadminId, skipped: 'another instance is pulling it' });
          continue;
        }
        const outcome = locked.value;
        results.push({ subadminId, outcome });
        if (outcome.kind === 'pulled' && opts.logger) {
          const { code, inserted, duplicates, invalid } = outcome.result;
          opts.logger.info({ subadminId, code, inserted, duplicates, invalid }, 'indiamart pull');
        }
      } catch (err) {
        results.push({ subadminId, error: err instanceof Error ? err.message : String(err) });
        opts.logger?.error({ err, subadminId }, 'indiamart pull failed');
      }
    }
  };
  const concurrency = Math.max(1, Math.min(opts.concurrency ?? 4, due.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { due: due.length, results };
}

export interface SchedulerOptions extends TickOptions {
  /** how often to look for due companies (default 60 s) */
  intervalMs?: number;
  /** the first look after start (default 10 s) */
  firstTickMs?: number;
}

export interface IndiamartScheduler {
  /** runs a pass now (skipped, resolving null, while one is running) */
  tick(): Promise<TickReport | null>;
  /** stops the timer and waits for a running pass to finish */
  stop(): Promise<void>;
}

/**
 * Starts the background pulls. The timers are unref'd, so they never keep the process alive;
 * call stop() before closing the database.
 */
export function startIndiamartScheduler(deps: Deps, opts: SchedulerOptions = {}): IndiamartScheduler {
  let running: Promise<TickReport | null> | null = null;
  let stopped = false;
  const tick = (): Promise<TickReport | null> => {
    if (stopped || running) return Promise.resolve(null);
    running = runIndiamartTick(deps, opts)
      .catch((err) => {
        opts.logger?.error({ err }, 'indiamart scheduler pass failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(() => void tick(), opts.firstTickMs ?? 10_000);
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60_000);
  first.unref();
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      if (running) await running;
    },
  };
}
