import { addDays, startOfDayUtc } from './dates.js';
import { addWorkingMs, MAX_DAYS, windowOf, workingMsBetween, type WorkingHours } from './working-hours.js';

/** Instants this many days past the first date are answered by the walk instead (a report's range is far shorter). */
const FIRST_DAYS = MAX_DAYS;

/** Days worked out at a time when an instant lies past the last one worked out. */
const STEP_DAYS = 32;

/**
 * The same answers as workingMsBetween and addWorkingMs for many instants from a first date on, each
 * in a few steps: the working window of every day is worked out once (as the days are reached) with
 * the working time before it, so a lead's wait costs two binary searches, not a walk over every day
 * from its arrival to its first call. A company that works one minute a week would otherwise cost
 * a walk of months per lead (docs/product-rules.md#speed-to-lead).
 */
export class WorkingTimeline {
  /** day i begins at dayStarts[i] (one more entry than the days with windows) */
  private readonly dayStarts: number[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** working time of the days before day i */
  private readonly before: number[] = [0];

  constructor(
    private readonly wh: WorkingHours,
    private readonly firstDate: string,
  ) {
    this.dayStarts.push(Date.parse(startOfDayUtc(firstDate, wh.timeZone)));
  }

  /** How many days' windows have been worked out so far (what the work is bounded by). */
  get daysWorkedOut(): number {
    return this.starts.length;
  }

  /** Working time between two instants: workingMsBetween's answer. */
  msBetween(from: Date, to: Date): number {
    const a = from.getTime();
    const b = to.getTime();
    if (b <= a) return 0;
    const first = this.dayOf(a, FIRST_DAYS);
    if (first === null) return workingMsBetween(this.wh, from, to);
    // workingMsBetween walks MAX_DAYS + 1 days at most: the last one counts whole when `to` is later.
    const last = this.dayOf(b, first + MAX_DAYS) ?? first + MAX_DAYS;
    const overlap = (i: number) => Math.max(0, Math.min(b, this.ends[i]!) - Math.max(a, this.starts[i]!));
    // The two days at each end are clipped to the instants (a window of a daylight-saving day may
    // pass midnight); every day between lies wholly inside them.
    if (last - first <= 3) {
      let total = 0;
      for (let i = first; i <= last; i++) total += overlap(i);
      return total;
    }
    return overlap(first) + overlap(first + 1) + this.before[last - 1]! - this.before[first + 2]! + overlap(last - 1) + overlap(last);
  }

  /** The instant `ms` of working time after `from`: addWorkingMs's answer. */
  addMs(from: Date, ms: number): Date | null {
    const t = from.getTime();
    const first = this.dayOf(t, FIRST_DAYS);
    if (first === null) return addWorkingMs(this.wh, from, ms);
    let left = ms;
    // The first two days as addWorkingMs steps through them; from the third on `from` is past.
    for (let i = first; i <= first + 1; i++) {
      this.workOutTo(i);
      const begin = Math.max(t, this.starts[i]!);
      if (begin < this.ends[i]!) {
        if (begin + left <= this.ends[i]!) return new Date(begin + left);
        left -= this.ends[i]! - begin;
      }
    }
    const base = this.before[first + 2]!;
    // The first day whose working time reaches `left` (any working time when `left` is 0).
    const reaches = (i: number) => (left === 0 ? this.before[i + 1]! - base > 0 : this.before[i + 1]! - base >= left);
    const limit = first + MAX_DAYS;
    let hi = first + 2;
    for (;;) {
      hi = Math.min(limit, hi + STEP_DAYS);
      this.workOutTo(hi);
      if (reaches(hi)) break;
      if (hi === limit) return null;
    }
    let lo = first + 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reaches(mid)) hi = mid;
      else lo = mid + 1;
    }
    return new Date(this.starts[lo]! + left - (this.before[lo]! - base));
  }

  /**
   * The day `t` falls on, searched no further than day `cap`; null when `t` is before the first
   * date or past that day.
   */
  private dayOf(t: number, cap: number): number | null {
    if (t < this.dayStarts[0]!) return null;
    while (this.dayStarts[this.starts.length]! <= t) {
      if (this.starts.length > cap) return null;
      this.workOutTo(Math.min(cap, this.starts.length - 1 + STEP_DAYS));
    }
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.dayStarts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo > cap ? null : lo;
  }

  /** Works out the windows of the days up to day `i`. */
  private workOutTo(i: number): void {
    while (this.starts.length <= i) {
      const n = this.starts.length;
      const date = addDays(this.firstDate, n);
      const w = windowOf(this.wh, date);
      this.starts.push(w ? w[0] : 0);
      this.ends.push(w ? w[1] : 0);
      this.before.push(this.before[n]! + (w ? Math.max(0, w[1] - w[0]) : 0));
      this.dayStarts.push(Date.parse(startOfDayUtc(addDays(date, 1), this.wh.timeZone)));
    }
  }
}
