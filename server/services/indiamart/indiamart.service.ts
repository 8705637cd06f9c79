import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import type { IndiamartPullResult, IndiamartRecentPull, IndiamartStatus } from '../../../shared/schemas/indiamart.js';
import { nextPullAllowedAt, pullCompany, type PullOptions } from './pull.service.js';
import { findPullSettings, recentPulls } from './indiamart.repository.js';

const RECENT_PULLS = 5;

function reportOf(report: string | null): { code?: unknown; message?: unknown; trigger?: unknown } {
  if (!report) return {};
  try {
    const r = JSON.parse(report);
    return r && typeof r === 'object' ? r : {};
  } catch {
    return {};
  }
}

/** The company's pull state and its last pulls, for the API Details page. */
export async function getPullStatus(deps: Deps, actor: SubadminActor, now = new Date()): Promise<IndiamartStatus> {
  const settings = await findPullSettings(deps.db, actor.subadminId);
  const batches = await recentPulls(deps.db, actor.subadminId, RECENT_PULLS);
  const recent: IndiamartRecentPull[] = batches.map((b) => {
    const r = reportOf(b.report);
    return {
      id: b.id,
      at: b.created_at,
      code: typeof r.code === 'string' ? r.code : null,
      message: typeof r.message === 'string' ? r.message : null,
      inserted: b.inserted,
      duplicates: b.duplicates,
      invalid: b.invalid,
      trigger: r.trigger === 'schedule' || r.trigger === 'manual' ? r.trigger : null,
    };
  });
  return {
    configured: Boolean(settings),
    api_link_set: Boolean(settings?.api_link.trim()),
    last_pull_at: settings?.last_pull_at ?? null,
    last_pull_code: settings?.last_pull_code ?? null,
    last_pull_message: settings?.last_pull_message ?? null,
    last_window_end: settings?.last_window_end ?? null,
    next_pull_allowed_at: nextPullAllowedAt(settings?.last_pull_at ?? null)?.toISOString() ?? null,
    server_time: now.toISOString(),
    recent,
  };
}

/** "Pull now": pulls this company at once, within IndiaMART's one call per 5 minutes. */
export async function pullNow(deps: Deps, actor: SubadminActor, opts: Omit<PullOptions, 'trigger' | 'by'> = {}): Promise<IndiamartPullResult> {
  const now = opts.now ?? new Date();
  const outcome = await pullCompany(deps, actor.subadminId, { ...opts, now, trigger: 'manual', by: { kind: actor.kind, id: actor.id } });
  if (outcome.kind === 'not_configured') throw new AppError('BAD_REQUEST', 'Save your IndiaMART API link first.');
  if (outcome.kind === 'throttled') {
    const minutes = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', `IndiaMART allows one pull every 5 minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const { code, message, inserted, duplicates, repeats, invalid } = outcome.result;
  return { code, message, inserted, duplicates, repeats, invalid };
}
