import type { CallStatus, CallVia } from '../telephony.js';
import { z } from 'zod';
import { CALL_CATEGORIES, CATEGORY_OF_STATUS, type CallCategory } from '../lead-status.js';
import { daysBetween, isCalendarDate } from '../dates.js';
import { PageInput } from './paging.js';
import { idField } from './users.js';

/**
 * What a call came to, as the summaries group calls: the status a connected call was submitted with,
 * or 'Not connected' for an attempt (busy, switched off, no answer, not reachable).
 */
export { CALL_CATEGORIES, type CallCategory };

/** A count per category, all at zero. */
export const emptyMix = (): Record<CallCategory, number> => Object.fromEntries(CALL_CATEGORIES.map((c) => [c, 0])) as Record<CallCategory, number>;

/**
 * The category of one call. A connected call logged without an outcome status (the original API's
 * update-status may leave a lead new) counts as not submitted: the call happened, no outcome was given.
 */
export function callCategory(kind: string, status: string): CallCategory {
  if (kind === 'attempt') return 'Not connected';
  return CATEGORY_OF_STATUS[status] ?? 'Not submitted';
}

/** The longest range a summary, productivity table or call log covers at once. */
export const MAX_RANGE_DAYS = 366;

export const RANGE_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD.',
  order: 'The From date must be on or before the To date.',
  length: `Choose a range of at most ${MAX_RANGE_DAYS} days.`,
} as const;

// Query strings carry text: an empty parameter means "not set".
export const dateField = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: RANGE_MESSAGES.date }).trim().refine(isCalendarDate, RANGE_MESSAGES.date).optional(),
  )
  .describe("A day, YYYY-MM-DD, in the company's time zone.");

/** From/To as calendar dates in the company's zone, both included; either may be left out (then: today). */
const rangeFields = { from: dateField, to: dateField };

function checkRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_MESSAGES.order });
  else if (daysBetween(v.from, v.to) + 1 > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: RANGE_MESSAGES.length });
}

export const DateRangeInput = z.object(rangeFields).superRefine(checkRange);

export { rangeDates } from '../dates.js';
export type DateRangeInput = z.input<typeof DateRangeInput>;

/** A telecaller's own calls, newest first. */
export const MyCallLogInput = PageInput.omit({ search: true }).extend(rangeFields).superRefine(checkRange);
export type MyCallLogInput = z.input<typeof MyCallLogInput>;

/** The company's calls, newest first, optionally of one telecaller. */
export const CallLogInput = PageInput.omit({ search: true })
  .extend({ ...rangeFields, telecallerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional()) })
  .superRefine(checkRange);
export type CallLogInput = z.input<typeof CallLogInput>;

export { formatHms, splitDuration } from '../durations.js';

export interface CallTotal {
  count: number;
  /** seconds */
  duration: number;
}

export const LOGIN_HOUR_WINDOWS = ['today', 'yesterday', 'week', 'month', 'year'] as const;
export type LoginHourWindow = (typeof LOGIN_HOUR_WINDOWS)[number];

/** A window's calls: how many, seconds on all of them, and talk time (seconds on connected calls). */
export interface CallTimes extends CallTotal {
  talkTime: number;
}

/**
 * The Talk Time page (the original app's Login Hours): sign-in time is not recorded (a session lasts until it
 * idles out), so the page reports the time on connected calls under that name.
 */
export interface LoginHours {
  today: string;
  timeZone: string;
  /** verifiedTalkTime: the part of the talk time the company's provider reported */
  windows: Record<LoginHourWindow, CallTimes & { verifiedTalkTime: number; from: string; to: string }>;
  /** the last 30 days in the company's zone, oldest first */
  perDay: (CallTimes & { date: string })[];
}

export interface CallerRef {
  id: number;
  name: string;
  user_type: string;
  blocked: boolean;
  /** removed from the company; still listed where it made calls in the range */
  deleted: boolean;
}

export interface CategoryTotal extends CallTotal {
  category: CallCategory;
  /** the category's calls by the feedback they were given (none for Not connected) */
  feedback: FeedbackTotal[];
}

/**
 * Calls with one feedback: a company's choice under its label today (a renamed choice's older calls count
 * under its new name; a retired one is still shown, marked), or, for older history that names no choice,
 * the feedback text it was given ('' when none). The company's choices come first, in its order.
 */
export interface FeedbackTotal extends CallTotal {
  choiceId: number | null;
  label: string;
  retired: boolean;
}

export interface CallerCallSummary extends CallerRef {
  categories: CategoryTotal[];
  total: CallTotal;
}

export interface CallSummary {
  from: string;
  to: string;
  callers: CallerCallSummary[];
}

export interface CallbackFigures {
  /** callbacks the telecaller scheduled for a date in the range */
  due: number;
  /** of those, the ones whose lead got a call after the callback was set */
  followed: number;
  /** of those, the ones with no call since and whose time (with 30 minutes' grace) has passed */
  missed: number;
}

export interface ConversionFigures {
  /** distinct leads the telecaller called in the range */
  worked: number;
  /** of those, the ones it submitted as interested in the range */
  interested: number;
  /** projects the telecaller created in the range */
  projects: number;
}

export interface ProductivityRow extends CallerRef {
  calls: number;
  connected: number;
  notConnected: number;
  /** seconds on connected calls */
  talkTime: number;
  /** seconds on every call, connected or not */
  callTime: number;
  firstCall: string | null;
  lastCall: string | null;
  mix: Record<CallCategory, number>;
  callbacks: CallbackFigures;
  conversion: ConversionFigures;
  proof: CallProofFigures;
}

/** How a telecaller's calls are known (docs/call-facts.md). */
export interface CallProofFigures {
  /** calls placed through the company's provider: their status and talk time are the provider's */
  verified: number;
  /** seconds of talk time the provider reported */
  verifiedTalkTime: number;
  /** calls dialled from the telecaller's phone, timed by the app */
  appTimer: number;
  /** outcomes submitted with no call made from the app, while the company's provider was on */
  noCall: number;
}

export interface Productivity {
  from: string;
  to: string;
  timeZone: string;
  rows: ProductivityRow[];
  totals: Omit<ProductivityRow, keyof CallerRef | 'firstCall' | 'lastCall'>;
  /** the company's calls of each category by feedback (the outcome mix's breakdown) */
  feedbackMix: Record<CallCategory, FeedbackTotal[]>;
}

export interface CallLogRow {
  id: number;
  created_at: string;
  telecaller_id: number | null;
  telecaller_name: string;
  lead_id: number;
  lead_name: string;
  lead_mobile: string;
  kind: 'outcome' | 'attempt';
  category: CallCategory;
  /** for an attempt: busy, switched_off, no_answer or not_reachable */
  outcome: string | null;
  feedback: string | null;
  remarks: string | null;
  call_duration: number;
  callback_date: string | null;
  callback_time: string | null;
  /** 'provider': the call's status and duration are the provider's (verified); 'phone': dialled from the phone, timed by the app */
  call_via: CallVia | null;
  /** the provider's status of the call behind the row */
  call_status: CallStatus | null;
  /** an outcome submitted with no call made from the app, while the company's provider was on */
  no_call: boolean;
  /** the call whose recording this person may play (GET /api/recordings/<id>), or null */
  recording_call_id: number | null;
  /** what the provider charged for the call behind the row (a positive decimal string) and its currency; the company's log only, null until priced */
  call_cost: string | null;
  call_cost_currency: string | null;
}

export interface LeadCallCard {
  lead_id: number;
  lead_name: string;
  lead_mobile: string;
  calls: number;
  duration: number;
  first_at: string;
  last_at: string;
  last_category: CallCategory;
  last_outcome: string | null;
  last_feedback: string | null;
}
