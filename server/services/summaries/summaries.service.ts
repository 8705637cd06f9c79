import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { hearableCalls } from '../telephony/hearing.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import {
  addDays,
  daysBetween,
  monthStart,
  rangeBounds,
  startOfDayUtc,
  timeIn,
  todayIn,
  weekStart,
  yearStart,
  type RangeBounds,
} from '../../../shared/dates.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { cappedTotal, reachableOffset } from '../../db/paging.js';
import {
  CALL_CATEGORIES,
  LOGIN_HOUR_WINDOWS,
  MAX_RANGE_DAYS,
  RANGE_MESSAGES,
  callCategory,
  emptyMix,
  rangeDates,
  type CallCategory,
  type CallLogInput,
  type CallLogRow,
  type CallSummary,
  type CallerRef,
  type DateRangeInput,
  type FeedbackTotal,
  type LeadCallCard,
  type LoginHourWindow,
  type LoginHours,
  type MyCallLogInput,
  type Productivity,
  type ProductivityRow,
} from '../../../shared/schemas/summaries.js';
import { CALLBACK_MISSED_AFTER_MINUTES } from '../lead-work/reminders.service.js';
import { companyTimeZone } from '../company/company.service.js';
import {
  callActivityByUser,
  callTotalsByCategory,
  callTotalsInWindows,
  callbacksByUser,
  callsOnLeads,
  callsPerDay,
  companyCallers,
  countCalledLeads,
  countCalls,
  countNoCallOutcomes,
  findCompanyUser,
  pageCalledLeads as pageCalledLeadRows,
  pageCalls,
  projectsByUser,
  type Span,
} from './summaries.repository.js';
import { noCallSince } from './call-proof.js';
import { FeedbackTally } from './feedback-mix.js';
import { PRODUCTIVITY_HEADER, productivityFileName, productivityLine } from './productivity-export.js';
import { productivityTotals } from '../../../shared/productivity-columns.js';
import { UTF8_BOM, csvLine, zonedTimeFormatter } from '../leads/lead-export.js';

/** Days the Talk Time chart covers, today included. */
export const CHART_DAYS = 30;

type RangeQuery = z.output<typeof DateRangeInput>;
type MyCallLogQuery = z.output<typeof MyCallLogInput>;
type CallLogQuery = z.output<typeof CallLogInput>;

/** A range's calendar dates in the company's zone: either end left out means today (or the other end). */
export function resolveRange(input: RangeQuery, timeZone: string, now = new Date()): RangeBounds {
  const { from: fromDate, to: toDate } = rangeDates(input, todayIn(timeZone, now));
  if (fromDate > toDate) throw new AppError('BAD_REQUEST', RANGE_MESSAGES.order, { to: RANGE_MESSAGES.order });
  if (daysBetween(fromDate, toDate) + 1 > MAX_RANGE_DAYS) throw new AppError('BAD_REQUEST', RANGE_MESSAGES.length, { from: RANGE_MESSAGES.length });
  return rangeBounds(fromDate, toDate, timeZone);
}

/** The Today, Yesterday, Week (from Monday), Month and Year windows of a company day, up to the end of today. */
export function loginHourWindows(today: string, timeZone: string): Record<LoginHourWindow, Span> {
  const start = (date: string) => startOfDayUtc(date, timeZone);
  const todayStart = start(today);
  const end = start(addDays(today, 1));
  return {
    today: { from: todayStart, to: end },
    yesterday: { from: start(addDays(today, -1)), to: todayStart },
    week: { from: start(weekStart(today)), to: end },
    month: { from: start(monthStart(today)), to: end },
    year: { from: start(yearStart(today)), to: end },
  };
}

/** Talk Time (the original app's Login Hours): the signed-in telecaller's (or head's) calls counted and timed per window, and per day for a chart. */
export async function loginHours(deps: Deps, actor: UserActor, now = new Date()): Promise<LoginHours> {
  const timeZone = await companyTimeZone(deps.db, actor.subadminId);
  const today = todayIn(timeZone, now);
  const windows = loginHourWindows(today, timeZone);
  // The week may begin in last year, and yesterday in last week: one scan from the earliest start.
  const scan = { from: LOGIN_HOUR_WINDOWS.map((w) => windows[w].from).sort()[0]!, to: windows.today.to };
  const days = Array.from({ length: CHART_DAYS }, (_, i) => {
    const date = addDays(today, i - CHART_DAYS + 1);
    return { date, from: startOfDayUtc(date, timeZone), to: startOfDayUtc(addDays(date, 1), timeZone) };
  });
  const [totals, perDay] = await Promise.all([
    callTotalsInWindows(deps.db, actor.subadminId, actor.id, windows, scan),
    callsPerDay(deps.db, actor.subadminId, actor.id, days),
  ]);
  const out = Object.fromEntries(LOGIN_HOUR_WINDOWS.map((w) => [w, { ...totals[w], ...windows[w] }])) as LoginHours['windows'];
  return { today, timeZone, windows: out, perDay };
}

const toCallerRef = (u: { id: number; name: string; user_type: string; is_blocked: number; deleted_at: string | null }): CallerRef => ({
  id: u.id,
  name: u.name,
  user_type: u.user_type,
  blocked: u.is_blocked === 1,
  deleted: u.deleted_at !== null,
});

const userIdsOf = (rows: { userId: number | null }[]) => [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];

/**
 * Telecaller Call Summary: every telecaller and head of the company (and any removed user who made
 * calls in the range), with their calls per category, counted and timed.
 */
export async function callSummary(deps: Deps, actor: SubadminActor, input: RangeQuery): Promise<CallSummary> {
  const range = resolveRange(input, await companyTimeZone(deps.db, actor.subadminId));
  const totals = await callTotalsByCategory(deps.db, actor.subadminId, range);
  const users = await companyCallers(deps.db, actor.subadminId, userIdsOf(totals));
  const byUser = new Map<number, Map<CallCategory, { count: number; duration: number; feedback: FeedbackTally }>>();
  for (const t of totals) {
    if (t.userId === null) continue;
    const cats = byUser.get(t.userId) ?? new Map();
    const category = callCategory(t.kind, t.status);
    const sum = cats.get(category) ?? { count: 0, duration: 0, feedback: new FeedbackTally() };
    sum.count += t.count;
    sum.duration += t.duration;
    if (t.kind === 'outcome') sum.feedback.add(t.feedback, t.count, t.duration);
    cats.set(category, sum);
    byUser.set(t.userId, cats);
  }
  return {
    from: range.fromDate,
    to: range.toDate,
    callers: users.map((u) => {
      const cats = byUser.get(u.id);
      const categories = CALL_CATEGORIES.map((category) => {
        const sum = cats?.get(category);
        return { category, count: sum?.count ?? 0, duration: sum?.duration ?? 0, feedback: sum?.feedback.list() ?? [] };
      });
      const total = categories.reduce((s, c) => ({ count: s.count + c.count, duration: s.duration + c.duration }), { count: 0, duration: 0 });
      return { ...toCallerRef(u), categories, total };
    }),
  };
}

/**
 * Productivity per telecaller for a range: five grouped queries for the whole company, whatever its
 * size (history by time, callbacks by date, projects, categories, people), joined here.
 */
export async function productivity(deps: Deps, actor: SubadminActor, input: RangeQuery, now = new Date()): Promise<Productivity> {
  const timeZone = await companyTimeZone(deps.db, actor.subadminId);
  const range = resolveRange(input, timeZone, now);
  const graceEnd = new Date(now.getTime() - CALLBACK_MISSED_AFTER_MINUTES * 60_000);
  const missedUpTo = { date: todayIn(timeZone, graceEnd), time: timeIn(timeZone, graceEnd) };
  const since = await noCallSince(deps.db, actor.subadminId);
  const [activity, categories, callbacks, projects] = await Promise.all([
    callActivityByUser(deps.db, actor.subadminId, range, since),
    callTotalsByCategory(deps.db, actor.subadminId, range),
    callbacksByUser(deps.db, actor.subadminId, range.fromDate, range.toDate, missedUpTo),
    projectsByUser(deps.db, actor.subadminId, range),
  ]);
  const users = await companyCallers(deps.db, actor.subadminId, userIdsOf([...activity, ...callbacks, ...projects]));
  const activityOf = new Map(activity.map((a) => [a.userId, a]));
  const callbacksOf = new Map(callbacks.map((c) => [c.userId, c]));
  const projectsOf = new Map(projects.map((p) => [p.userId, p.count]));
  const mixOf = new Map<number, Record<CallCategory, number>>();
  const feedbackOf = Object.fromEntries(CALL_CATEGORIES.map((c) => [c, new FeedbackTally()])) as Record<CallCategory, FeedbackTally>;
  for (const c of categories) {
    if (c.userId === null) continue;
    const mix = mixOf.get(c.userId) ?? emptyMix();
    const category = callCategory(c.kind, c.status);
    mix[category] += c.count;
    mixOf.set(c.userId, mix);
    if (c.kind === 'outcome') feedbackOf[category].add(c.feedback, c.count, c.duration);
  }
  const feedbackMix = Object.fromEntries(CALL_CATEGORIES.map((c) => [c, feedbackOf[c].list()])) as Record<CallCategory, FeedbackTotal[]>;

  const rows: ProductivityRow[] = users.map((u) => {
    const a = activityOf.get(u.id);
    const cb = callbacksOf.get(u.id);
    return {
      ...toCallerRef(u),
      calls: a?.calls ?? 0,
      connected: a?.connected ?? 0,
      notConnected: (a?.calls ?? 0) - (a?.connected ?? 0),
      talkTime: a?.talkTime ?? 0,
      callTime: a?.callTime ?? 0,
      firstCall: a?.firstCall ?? null,
      lastCall: a?.lastCall ?? null,
      mix: mixOf.get(u.id) ?? emptyMix(),
      callbacks: { due: cb?.due ?? 0, followed: cb?.followed ?? 0, missed: cb?.missed ?? 0 },
      conversion: { worked: a?.worked ?? 0, interested: a?.interested ?? 0, projects: projectsOf.get(u.id) ?? 0 },
      proof: { verified: a?.verified ?? 0, verifiedTalkTime: a?.verifiedTalkTime ?? 0, appTimer: a?.appTimer ?? 0, noCall: a?.noCall ?? 0 },
    };
  });
  // The busiest first; people without a call keep their alphabetical order at the end.
  rows.sort((x, y) => y.calls - x.calls || y.talkTime - x.talkTime);

  return { from: range.fromDate, to: range.toDate, timeZone, rows, totals: productivityTotals(rows), feedbackMix };
}

const toCallLogRow = (
  r: Awaited<ReturnType<typeof pageCalls>>[number],
  since: string | null,
  hearable: ReadonlySet<number>,
  showCost: boolean,
): CallLogRow => ({
  id: r.id,
  created_at: r.created_at,
  telecaller_id: r.user_id,
  telecaller_name: r.user_name ?? 'Unknown',
  lead_id: r.lead_id,
  lead_name: r.lead_name,
  lead_mobile: r.lead_mobile,
  kind: r.kind,
  category: callCategory(r.kind, r.status),
  outcome: r.outcome,
  feedback: r.feedback,
  remarks: r.remarks,
  call_duration: r.call_duration,
  callback_date: r.callback_date,
  callback_time: r.callback_time,
  call_via: r.call_via,
  call_status: r.call_status,
  no_call: since !== null && r.kind === 'outcome' && r.call_via === null && r.created_at >= since,
  recording_call_id: r.call_id !== null && hearable.has(r.call_id) ? r.call_id : null,
  call_cost: showCost ? r.call_cost : null,
  call_cost_currency: showCost ? r.call_cost_currency : null,
});

/**
 * Call log, newest first: a telecaller's (or head's) own calls, or the company's for the sub-admin,
 * optionally of one of its telecallers (another company's id answers NOT_FOUND). `noCall`: the
 * outcomes in the range with no call behind them (null while the company's provider is off).
 */
export async function pageCallLog(
  deps: Deps,
  actor: SubadminActor | UserActor,
  input: CallLogQuery | MyCallLogQuery,
): Promise<Page<CallLogRow> & { from: string; to: string; noCall: number | null }> {
  const range = resolveRange(input, await companyTimeZone(deps.db, actor.subadminId));
  let userId: number | undefined;
  if (actor.kind === 'user') userId = actor.id;
  else if ('telecallerId' in input && input.telecallerId !== undefined) {
    const user = await findCompanyUser(deps.db, actor.subadminId, input.telecallerId);
    if (!user) throw notFound('Telecaller');
    userId = user.id;
  }
  const page = { limit: input.pageSize, offset: reachableOffset(input) };
  const since = await noCallSince(deps.db, actor.subadminId);
  const [total, rows, noCall] = await Promise.all([
    countCalls(deps.db, actor.subadminId, range, userId),
    pageCalls(deps.db, actor.subadminId, range, page, userId),
    since === null ? null : countNoCallOutcomes(deps.db, actor.subadminId, range, since, userId),
  ]);
  const hearable = await hearableCalls(deps.db, actor, rows);
  return {
    // what calls cost is the company's to see, not its telecallers'
    items: rows.map((r) => toCallLogRow(r, since, hearable, actor.kind === 'subadmin')),
    ...cappedTotal(total),
    page: input.page,
    pageSize: input.pageSize,
    from: range.fromDate,
    to: range.toDate,
    noCall,
  };
}

/** Call cards: the leads the signed-in telecaller called in the range, one card each, the latest called first. */
export async function pageCalledLeads(deps: Deps, actor: UserActor, input: MyCallLogQuery): Promise<Page<LeadCallCard> & { from: string; to: string }> {
  const range = resolveRange(input, await companyTimeZone(deps.db, actor.subadminId));
  const page = { limit: input.pageSize, offset: reachableOffset(input) };
  const [total, groups] = await Promise.all([
    countCalledLeads(deps.db, actor.subadminId, actor.id, range),
    pageCalledLeadRows(deps.db, actor.subadminId, actor.id, range, page),
  ]);
  const calls = groups.length
    ? await callsOnLeads(
        deps.db,
        actor.subadminId,
        actor.id,
        range,
        groups.map((g) => g.leadId),
      )
    : [];
  // Calls come newest first: the first one seen of each lead is its last call.
  const lastOf = new Map<number, (typeof calls)[number]>();
  for (const c of calls) if (!lastOf.has(c.lead_id)) lastOf.set(c.lead_id, c);
  const items = groups.flatMap((g): LeadCallCard[] => {
    const last = lastOf.get(g.leadId);
    if (!last) return [];
    return [
      {
        lead_id: g.leadId,
        lead_name: last.lead_name,
        lead_mobile: last.lead_mobile,
        calls: g.calls,
        duration: g.duration,
        first_at: g.firstAt,
        last_at: g.lastAt,
        last_category: callCategory(last.kind, last.status),
        last_outcome: last.outcome,
        last_feedback: last.feedback,
      },
    ];
  });
  return { items, ...cappedTotal(total), page: input.page, pageSize: input.pageSize, from: range.fromDate, to: range.toDate };
}

/** The company's live telecallers and heads, for the call log's filter. */
export async function listCallers(deps: Deps, actor: SubadminActor): Promise<CallerRef[]> {
  return (await companyCallers(deps.db, actor.subadminId, [])).map(toCallerRef);
}

/** The productivity table as CSV chunks for the transport to stream, with its file name. */
export async function openProductivityExport(
  deps: Deps,
  actor: SubadminActor,
  input: RangeQuery,
): Promise<{ fileName: string; chunks: AsyncIterable<Buffer> }> {
  const table = await productivity(deps, actor, input);
  const formatTime = zonedTimeFormatter(table.timeZone);
  return {
    fileName: productivityFileName(table.from, table.to),
    chunks: (async function* () {
      yield Buffer.from(UTF8_BOM + csvLine(PRODUCTIVITY_HEADER));
      // A company has a few hundred telecallers at most: a handful of chunks.
      for (let i = 0; i < table.rows.length; i += 200) {
        yield Buffer.from(
          table.rows
            .slice(i, i + 200)
            .map((r) => productivityLine(r, (t) => formatTime(t)))
            .join(''),
        );
      }
    })(),
  };
}
