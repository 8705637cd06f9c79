import { describe, expect, it } from 'vitest';
import { addWorkingMs, workingMsBetween, type WorkingHours } from '../shared/working-hours.js';
import { WorkingTimeline } from '../shared/working-timeline.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Instants spread over `days` days from `from`, at odd minutes so that every place in a window is met. */
function instants(from: string, days: number, count: number): Date[] {
  const start = Date.parse(from);
  return Array.from({ length: count }, (_, i) => new Date(start + Math.floor(((i * 7919) % count) * ((days * DAY) / count)) + (i % 61) * MINUTE));
}

const weeks: Array<[string, WorkingHours]> = [
  ['a working week in Kolkata', { days: [1, 2, 3, 4, 5, 6], start: '09:30', end: '18:30', timeZone: 'Asia/Kolkata' }],
  ['one minute a week', { days: [1], start: '00:00', end: '00:01', timeZone: 'Asia/Kolkata' }],
  ['a zone with daylight saving, late hours', { days: [1, 2, 3, 4, 5, 6, 7], start: '00:30', end: '23:59', timeZone: 'America/New_York' }],
  ['no working days', { days: [], start: '09:00', end: '17:00', timeZone: 'Europe/London' }],
];

describe('working time from a timeline of working days', () => {
  for (const [name, wh] of weeks) {
    it(`answers as the walk over days does: ${name}`, () => {
      const timeline = new WorkingTimeline(wh, '2026-01-01');
      const arrivals = instants('2026-01-01T00:00:00Z', 92, 300);
      const calls = instants('2026-01-01T00:00:00Z', 700, 300);
      for (const [i, arrival] of arrivals.entries()) {
        const call = calls[i]!;
        expect(timeline.msBetween(arrival, call)).toBe(workingMsBetween(wh, arrival, call));
        for (const ms of [0, MINUTE, 5 * MINUTE, 3 * 3_600_000]) expect(timeline.addMs(arrival, ms)?.getTime()).toBe(addWorkingMs(wh, arrival, ms)?.getTime());
      }
    });
  }

  it('works out each day once, however many leads and however long ago they arrived', () => {
    const wh: WorkingHours = { days: [1], start: '00:00', end: '00:01', timeZone: 'Asia/Kolkata' };
    const timeline = new WorkingTimeline(wh, '2026-01-01');
    const arrivals = instants('2026-01-01T00:00:00Z', 92, 50_000);
    const firstCall = new Date('2026-12-20T10:00:00Z');
    for (const arrival of arrivals) {
      timeline.msBetween(arrival, firstCall);
      timeline.addMs(arrival, 5 * MINUTE);
    }
    // The 354 days from the range's first date to the call (worked out 32 at a time), which cover
    // the five weeks past the range that five working minutes take: not 50,000 walks of a year each.
    expect(timeline.daysWorkedOut).toBeLessThanOrEqual(354 + 32);
    expect(timeline.msBetween(arrivals[0]!, firstCall)).toBe(workingMsBetween(wh, arrivals[0]!, firstCall));
  });
});
