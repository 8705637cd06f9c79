import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { addDays, daysBetween, rangeBounds, rangeDates, startOfDayUtc, todayBounds, todayIn, type RangeBounds } from '../../../shared/dates.js';
import { formatDuration } from '../../../shared/durations.js';
import type { Page } from '../../../shared/schemas/paging.js';
import {
  QUICK_CALL_MINUTES,
  SPEED_MAX_RANGE_DAYS,
  SPEED_RANGE_MESSAGES,
  type MySpeed,
  type SpeedCallerRow,
  type SpeedDay,
  type SpeedFigures,
  type SpeedRangeInput,
  type SpeedReport,
  type SpeedWaitingInput,
  type WaitingLead,
} from '../../../shared/schemas/speed.js';
import { lruCache } from '../../../shared/lru-cache.js';
import type { WorkingHours } from '../../../shared/working-hours.js';
import { WorkingTimeline } from '../../../shared/working-timeline.js';
import { yieldToOthers } from '../../db/paging.js';
import { companyTimeZone } from '../company/company.service.js';
import { loadRoutingSettings } from '../routing/settings.repository.js';
import { companyCallers } from '../summaries/summaries.repository.js';
import { UTF8_BOM, csvLine } from '../leads/lead-export.js';
import { arrivalsChunk, hasProviderCalls, pageWaitingLeads, type ArrivalCursor, type ArrivalRow } from './speed-to-lead.repository.js';

/** Arrivals read per query: a 92-day range of a busy company is many chunks, each a short query. */
export const ARRIVALS_CHUNK = 2000;
/** Arrivals worked through between two turns of the event loop. */
const ARRIVALS_PER_TURN = 500;

/** How far back the waiting list also looks, whatever the range. */
export const WAITING_LOOKBACK_DAYS = 7;

const QUICK_MS = QUICK_CALL_MINUTES * 60_000;

type RangeQuery = z.output<typeof SpeedRangeInput>;
type WaitingQuery = z.output<typeof SpeedWaitingInput>;

/** Arrival days in the company's zone: either end left out means today (or the other end); 92 days at most. */
export function resolveSpeedRange(input: RangeQuery, timeZone: string, now = new Date()): RangeBounds {
  const { from, to } = rangeDates(input, todayIn(timeZone, now));
  if (from > to) throw new AppError('BAD_REQUEST', SPEED_RANGE_MESSAGES.order, { to: SPEED_RANGE_MESSAGES.order });
  if (daysBetween(from, to) + 1 > SPEED_MAX_RANGE_DAYS) throw new AppError('BAD_REQUEST', SPEED_RANGE_MESSAGES.length, { from: SPEED_RANGE_MESSAGES.length });
  return rangeBounds(from, to, timeZone);
}

/** The company's working week and zone, as routing keeps them: waits count only the time inside it. */
export async function companyWorkingHours(deps: Deps, subadminId: number): Promise<WorkingHours> {
  const [settings, timeZone] = await Promise.all([loadRoutingSettings(deps.db, subadminId), companyTimeZone(deps.db, subadminId)]);
  return { days: settings.workDays, start: settings.workStart, end: settings.workEnd, timeZone };
}

/**
 * The value at fraction `p` of sorted values, interpolating between the two nearest ranks
 * (the spreadsheet's PERCENTILE.INC): the median of 1, 2, 3, 4 is 2.5.
 */
export function percentile(sorted: Float64Array, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const pos = (n - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo));
}

/** Counts and waits of a set of leads; the waits kept as numbers in a typed array that grows. */
class Tally {
  arrived = 0;
  quick = 0;
  decided = 0;
  verified = 0;
  private waits = new Float64Array(16);
  private called = 0;

  add(wait: number | null, decided: boolean, verified = false) {
    this.arrived++;
    if (verified) this.verified++;
    if (wait === null) {
      if (decided) this.decided++;
      return;
    }
    if (this.called === this.waits.length) {
      const bigger = new Float64Array(this.waits.length * 2);
      bigger.set(this.waits);
      this.waits = bigger;
    }
    this.waits[this.called++] = wait;
    this.decided++;
    if (wait <= QUICK_MS) this.quick++;
  }

  figures(): SpeedFigures {
    const sorted = this.waits.slice(0, this.called).sort();
    return {
      arrived: this.arrived,
      called: this.called,
      medianMs: percentile(sorted, 0.5),
      p90Ms: percentile(sorted, 0.9),
      quick: this.quick,
      decided: this.decided,
      quickShare: this.decided === 0 ? null : this.quick / this.decided,
      verified: this.verified,
    };
  }
}

/**
 * Reads the arrivals of a span chunk by chunk (never one unbounded query), yielding to the event
 * loop between chunks, and hands each to `each` with its wait and whether its answer is known.
 */
async function eachArrival(
  deps: Deps,
  subadminId: number,
  wh: WorkingHours,
  span: { from: string; to: string },
  now: Date,
  each: (row: ArrivalRow, wait: number | null, decided: boolean, verified: boolean) => void,
  ownerId?: number,
): Promise<void> {
  let after: ArrivalCursor | null = null;
  // Each day's working window worked out once for all the arrivals, however short the working week.
  const timeline = new WorkingTimeline(wh, todayIn(wh.timeZone, new Date(span.from)));
  const withProviderCalls = await hasProviderCalls(deps.db, subadminId);
  for (;;) {
    const rows = await arrivalsChunk(deps.db, subadminId, span, after, ARRIVALS_CHUNK, ownerId, withProviderCalls);
    for (const [i, row] of rows.entries()) {
      // A chunk's working-time arithmetic is long enough to hold up other requests: they get turns within it too.
      if (i > 0 && i % ARRIVALS_PER_TURN === 0) await yieldToOthers();
      const arrival = new Date(row.created_at);
      // The provider's call was placed before the telecaller recorded anything: the earlier of the two is the first call.
      const provider = row.first_provider_call_at;
      const verified = provider !== null && (row.first_call_at === null || provider <= row.first_call_at);
      const first = verified ? provider : row.first_call_at;
      const wait = first === null ? null : timeline.msBetween(arrival, new Date(first));
      // A lead not called yet is decided (not called quickly) once 5 working minutes have passed.
      const decided = wait !== null || (timeline.addMs(arrival, QUICK_MS)?.getTime() ?? Number.POSITIVE_INFINITY) < now.getTime();
      each(row, wait, decided, verified);
    }
    if (rows.length < ARRIVALS_CHUNK) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
    await yieldToOthers();
  }
}

/**
 * Speed to lead of the leads that arrived in a range: the company's figures, each telecaller's and
 * head's (by who holds the lead now; the pool's leads count for the company only), and per day.
 */
export async function speedReport(deps: Deps, actor: SubadminActor, input: RangeQuery, now = new Date()): Promise<SpeedReport> {
  const wh = await companyWorkingHours(deps, actor.subadminId);
  const range = resolveSpeedRange(input, wh.timeZone, now);
  const dates = Array.from({ length: daysBetween(range.fromDate, range.toDate) + 1 }, (_, i) => addDays(range.fromDate, i));
  const dayEnds = dates.map((d) => Date.parse(startOfDayUtc(addDays(d, 1), wh.timeZone)));
  const company = new Tally();
  const pool = new Tally();
  const days = dates.map(() => new Tally());
  const owners = new Map<number, Tally>();
  let day = 0;
  await eachArrival(deps, actor.subadminId, wh, range, now, (row, wait, decided, verified) => {
    company.add(wait, decided, verified);
    // Arrivals come in time order: the day only moves forward.
    const at = Date.parse(row.created_at);
    while (day < dayEnds.length - 1 && at >= dayEnds[day]!) day++;
    days[day]!.add(wait, decided, verified);
    let owner = pool;
    if (row.telicaller_id !== null) {
      owner = owners.get(row.telicaller_id) ?? new Tally();
      owners.set(row.telicaller_id, owner);
    }
    owner.add(wait, decided, verified);
  });
  const users = await companyCallers(deps.db, actor.subadminId, [...owners.keys()]);
  const empty = new Tally().figures();
  const callers: SpeedCallerRow[] = users.map((u) => ({
    id: u.id,
    name: u.name,
    user_type: u.user_type,
    blocked: u.is_blocked === 1,
    deleted: u.deleted_at !== null,
    ...(owners.get(u.id)?.figures() ?? empty),
  }));
  // Those with leads first, the most leads first; the rest keep their alphabetical order.
  callers.sort((a, b) => b.arrived - a.arrived);
  const perDay: SpeedDay[] = dates.map((date, i) => ({ date, ...days[i]!.figures() }));
  return {
    from: range.fromDate,
    to: range.toDate,
    timeZone: wh.timeZone,
    workingHours: { days: [...wh.days], start: wh.start, end: wh.end },
    company: company.figures(),
    pool: pool.figures(),
    callers,
    perDay,
  };
}

/** The company's figures for today (the dashboard's tile). */
/**
 * How long today's figures are reused. The dashboard's card and the telecaller's Home read every
 * arrival of the day: a company that takes thousands a day would otherwise pay that on each load.
 */
export const TODAY_FIGURES_MS = 30_000;
const todayFigures = lruCache<string, { at: number; value: Promise<unknown> }>(5_000);

/** `compute`'s answer for `key`, reused for TODAY_FIGURES_MS (only when asked about the present). */
function reuseForAWhile<T>(key: string, now: Date, compute: () => Promise<T>): Promise<T> {
  const live = Math.abs(Date.now() - now.getTime()) < 1_000;
  if (!live) return compute();
  const hit = todayFigures.get(key);
  if (hit && Date.now() - hit.at < TODAY_FIGURES_MS) return hit.value as Promise<T>;
  const value = compute();
  todayFigures.set(key, { at: Date.now(), value });
  value.catch(() => todayFigures.set(key, { at: 0, value }));
  return value;
}

export function companySpeedToday(deps: Deps, subadminId: number, now = new Date()): Promise<SpeedFigures> {
  return reuseForAWhile(`c${subadminId}`, now, () => computeCompanySpeedToday(deps, subadminId, now));
}

async function computeCompanySpeedToday(deps: Deps, subadminId: number, now: Date): Promise<SpeedFigures> {
  const wh = await companyWorkingHours(deps, subadminId);
  const day = todayBounds(wh.timeZone, now);
  const tally = new Tally();
  await eachArrival(deps, subadminId, wh, day, now, (_, wait, decided, verified) => tally.add(wait, decided, verified));
  return tally.figures();
}

/** The signed-in telecaller's (or head's) figures for the leads it holds that arrived today. */
export function mySpeed(deps: Deps, actor: UserActor, now = new Date()): Promise<MySpeed> {
  return reuseForAWhile(`u${actor.subadminId}:${actor.id}`, now, () => computeMySpeed(deps, actor, now));
}

async function computeMySpeed(deps: Deps, actor: UserActor, now: Date): Promise<MySpeed> {
  const wh = await companyWorkingHours(deps, actor.subadminId);
  const day = todayBounds(wh.timeZone, now);
  const tally = new Tally();
  await eachArrival(deps, actor.subadminId, wh, day, now, (_, wait, decided, verified) => tally.add(wait, decided, verified), actor.id);
  return { today: day.today, ...tally.figures() };
}

/**
 * The leads still waiting for a first call (never called, still new) that arrived in the range or
 * in the last 7 days, the oldest first, with their working time waited so far.
 */
export async function pageWaiting(deps: Deps, actor: SubadminActor, input: WaitingQuery, now = new Date()): Promise<Page<WaitingLead>> {
  const wh = await companyWorkingHours(deps, actor.subadminId);
  const range = resolveSpeedRange(input, wh.timeZone, now);
  const recentFrom = new Date(now.getTime() - WAITING_LOOKBACK_DAYS * 86_400_000).toISOString();
  const page = await pageWaitingLeads(deps.db, actor.subadminId, range, recentFrom, input);
  // The page is oldest first: its first lead's day is where the working days begin.
  const oldest = page.items[0]?.created_at;
  const timeline = new WorkingTimeline(wh, todayIn(wh.timeZone, oldest ? new Date(oldest) : now));
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile,
      created_at: r.created_at,
      waitingMs: timeline.msBetween(new Date(r.created_at), now),
      owner:
        r.telicaller_id !== null
          ? { kind: 'user' as const, id: r.telicaller_id, name: r.owner_name ?? 'Unknown' }
          : r.route_waiting === 1
            ? { kind: 'routing' as const }
            : { kind: 'pool' as const },
    })),
  };
}

const share = (f: SpeedFigures) => (f.quickShare === null ? '' : (f.quickShare * 100).toFixed(1));
const wait = (ms: number | null) => (ms === null ? '' : formatDuration(ms / 1000));
const figureCells = (f: SpeedFigures) => [f.arrived, f.called, f.arrived - f.called, wait(f.medianMs), wait(f.p90Ms), f.quick, share(f)];
const FIGURE_HEADERS = [
  'Arrived',
  'Called',
  'Not called yet',
  'Median wait (working hours)',
  '90th percentile wait (working hours)',
  `Called within ${QUICK_CALL_MINUTES} min`,
  `Called within ${QUICK_CALL_MINUTES} min (%)`,
];

export const SPEED_EXPORTS = ['callers', 'days'] as const;
export type SpeedExport = (typeof SPEED_EXPORTS)[number];

/** The per-telecaller table or the per-day series as CSV chunks for the transport to stream, with its file name. */
export async function openSpeedExport(
  deps: Deps,
  actor: SubadminActor,
  kind: SpeedExport,
  input: RangeQuery,
): Promise<{ fileName: string; chunks: AsyncIterable<Buffer> }> {
  const report = await speedReport(deps, actor, input);
  const span = report.from === report.to ? report.from : `${report.from}-to-${report.to}`;
  const lines =
    kind === 'callers'
      ? [
          csvLine(['Telecaller', 'Role', ...FIGURE_HEADERS]),
          ...report.callers.map((c) => csvLine([c.name, c.user_type === 'Telicaller-hade' ? 'Head' : 'Telecaller', ...figureCells(c)])),
          csvLine(['Pool (nobody holds them)', '', ...figureCells(report.pool)]),
          csvLine(['Company', '', ...figureCells(report.company)]),
        ]
      : [csvLine(['Arrival day', ...FIGURE_HEADERS]), ...report.perDay.map((d) => csvLine([d.date, ...figureCells(d)]))];
  return {
    fileName: `speed-to-lead-${kind === 'callers' ? 'telecallers' : 'days'}-${span}.csv`,
    chunks: (async function* () {
      yield Buffer.from(UTF8_BOM);
      // A few hundred telecallers or 92 days at most: a handful of chunks.
      for (let i = 0; i < lines.length; i += 200) yield Buffer.from(lines.slice(i, i + 200).join(''));
    })(),
  };
}
