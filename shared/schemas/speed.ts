import { z } from 'zod';
import { daysBetween } from '../dates.js';
import { PageInput } from './paging.js';
import { dateField, RANGE_MESSAGES, type CallerRef } from './summaries.js';

/** The longest range of arrival days speed to lead reads at once. */
export const SPEED_MAX_RANGE_DAYS = 92;

/** A lead called within this much working time counts as called quickly. */
export const QUICK_CALL_MINUTES = 5;

export const SPEED_RANGE_MESSAGES = { ...RANGE_MESSAGES, length: `Choose a range of at most ${SPEED_MAX_RANGE_DAYS} days.` } as const;

function checkRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SPEED_RANGE_MESSAGES.order });
  else if (daysBetween(v.from, v.to) + 1 > SPEED_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: SPEED_RANGE_MESSAGES.length });
}

/** Arrival days (the company's), both included; either left out means today (or the other end). */
export const SpeedRangeInput = z.object({ from: dateField, to: dateField }).superRefine(checkRange);
export type SpeedRangeInput = z.input<typeof SpeedRangeInput>;

/** The leads still waiting for a first call, oldest first, a page at a time. */
export const SpeedWaitingInput = PageInput.omit({ search: true }).extend({ from: dateField, to: dateField }).superRefine(checkRange);
export type SpeedWaitingInput = z.input<typeof SpeedWaitingInput>;

/**
 * How quickly a set of leads got their first call. Waits are milliseconds of the company's working
 * hours; leads not called yet count in `arrived` only, never in the median or the 90th percentile.
 */
export interface SpeedFigures {
  arrived: number;
  called: number;
  /** null: none called */
  medianMs: number | null;
  p90Ms: number | null;
  /** called within QUICK_CALL_MINUTES of working time */
  quick: number;
  /**
   * the leads whose answer is known: the ones called, and the ones still waiting for longer than
   * QUICK_CALL_MINUTES of working time (a lead that arrived a minute ago may still be called quickly)
   */
  decided: number;
  /** quick / decided, 0 to 1; null when none is decided */
  quickShare: number | null;
  /** called leads whose first call the company's provider placed: their wait is the provider's fact (docs/call-facts.md) */
  verified: number;
}

export interface SpeedCallerRow extends CallerRef, SpeedFigures {}

export interface SpeedDay extends SpeedFigures {
  date: string;
}

export interface WorkingWeek {
  days: number[];
  start: string;
  end: string;
}

export interface SpeedReport {
  from: string;
  to: string;
  timeZone: string;
  workingHours: WorkingWeek;
  company: SpeedFigures;
  /** the leads nobody holds (the pool), counted in the company's figures only */
  pool: SpeedFigures;
  callers: SpeedCallerRow[];
  /** one per arrival day of the range, oldest first */
  perDay: SpeedDay[];
}

/** Who a waiting lead is with: a telecaller or head, the pool, or the pool waiting for routing. */
export type WaitingOwner = { kind: 'user'; id: number; name: string } | { kind: 'pool' } | { kind: 'routing' };

export interface WaitingLead {
  id: number;
  name: string;
  mobile: string;
  created_at: string;
  /** working time since it arrived, milliseconds */
  waitingMs: number;
  owner: WaitingOwner;
}

/** A telecaller's (or head's) own figure for today, for their Home. */
export interface MySpeed extends SpeedFigures {
  today: string;
}
