import { addDays, todayIn, zonedInstant } from './dates.js';

/**
 * A company's working week in its own time zone: the ISO weekdays it works (1 Monday … 7 Sunday) and
 * one window per working day (HH:MM, start before end). Routing hands out leads only inside it;
 * speed to lead and recycling count only the time inside it.
 */
export interface WorkingHours {
  days: readonly number[];
  start: string;
  end: string;
  timeZone: string;
}

/** How far ahead (or back) a walk over days goes before giving up: a year covers any real week. */
export const MAX_DAYS = 400;

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** A working day's window as UTC milliseconds, or null when the company does not work that day. */
export function windowOf(wh: WorkingHours, date: string): [number, number] | null {
  if (!wh.days.includes(isoWeekday(date))) return null;
  return [Date.parse(zonedInstant(date, wh.start, wh.timeZone)), Date.parse(zonedInstant(date, wh.end, wh.timeZone))];
}

/** Whether `at` falls inside a working window. */
export function isWorkingTime(wh: WorkingHours, at: Date = new Date()): boolean {
  const w = windowOf(wh, todayIn(wh.timeZone, at));
  const t = at.getTime();
  return w !== null && t >= w[0] && t < w[1];
}

/** Milliseconds of working time between two instants (0 when `to` is not after `from`). */
export function workingMsBetween(wh: WorkingHours, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let total = 0;
  let date = todayIn(wh.timeZone, from);
  const last = todayIn(wh.timeZone, to);
  for (let i = 0; i <= MAX_DAYS; i++) {
    const w = windowOf(wh, date);
    if (w) total += Math.max(0, Math.min(b, w[1]) - Math.max(a, w[0]));
    if (date >= last) break;
    date = addDays(date, 1);
  }
  return total;
}

/**
 * The instant at which `ms` of working time will have passed since `from`; null when the company
 * has no working days at all.
 */
export function addWorkingMs(wh: WorkingHours, from: Date, ms: number): Date | null {
  let left = ms;
  let date = todayIn(wh.timeZone, from);
  for (let i = 0; i <= MAX_DAYS; i++) {
    const w = windowOf(wh, date);
    if (w) {
      const begin = Math.max(from.getTime(), w[0]);
      if (begin < w[1]) {
        if (begin + left <= w[1]) return new Date(begin + left);
        left -= w[1] - begin;
      }
    }
    date = addDays(date, 1);
  }
  return null;
}

/**
 * The instant `ms` of working time before `to`: a lead sent before it has been untouched for `ms`
 * of working time by `to`. Null when there is no such instant within a year (no working days).
 */
export function subtractWorkingMs(wh: WorkingHours, to: Date, ms: number): Date | null {
  let left = ms;
  let date = todayIn(wh.timeZone, to);
  for (let i = 0; i <= MAX_DAYS; i++) {
    const w = windowOf(wh, date);
    if (w) {
      const end = Math.min(to.getTime(), w[1]);
      if (end > w[0]) {
        if (end - left >= w[0]) return new Date(end - left);
        left -= end - w[0];
      }
    }
    date = addDays(date, -1);
  }
  return null;
}

/** The next instant at or after `at` that is working time; null when the company has no working days. */
export function nextWorkingStart(wh: WorkingHours, at: Date = new Date()): Date | null {
  return addWorkingMs(wh, at, 0);
}

/** "1,2,3" as stored, to weekdays. */
export const parseWorkDays = (stored: string): number[] =>
  stored
    .split(',')
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
