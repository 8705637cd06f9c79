import { describe, expect, it } from 'vitest';
import { addWorkingMs, isWorkingTime, nextWorkingStart, subtractWorkingMs, workingMsBetween, type WorkingHours } from '../shared/working-hours.js';

// Kolkata is UTC+05:30: 09:30 there is 04:00 UTC, 18:30 is 13:00 UTC. 2026-11-23 is a Monday.
const wh: WorkingHours = { days: [1, 2, 3, 4, 5, 6], start: '09:30', end: '18:30', timeZone: 'Asia/Kolkata' };
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('working hours in the company time zone', () => {
  it('knows the window, the weekday and the day boundary in the zone, not in UTC', () => {
    expect(isWorkingTime(wh, at('2026-11-23T04:00:00Z'))).toBe(true); // Monday 09:30
    expect(isWorkingTime(wh, at('2026-11-23T03:59:59Z'))).toBe(false);
    expect(isWorkingTime(wh, at('2026-11-23T13:00:00Z'))).toBe(false); // 18:30 ends it
    // Sunday 2026-11-29, 10:00 in Kolkata: closed, although it is a working hour of the clock.
    expect(isWorkingTime(wh, at('2026-11-29T04:30:00Z'))).toBe(false);
    // Saturday 23:00 UTC is Sunday 04:30 in Kolkata.
    expect(isWorkingTime({ ...wh, start: '00:00', end: '23:59' }, at('2026-11-28T23:00:00Z'))).toBe(false);
  });

  it('counts only working time between two instants', () => {
    // Monday 17:30 to Tuesday 10:30 in Kolkata: one hour each day.
    expect(workingMsBetween(wh, at('2026-11-23T12:00:00Z'), at('2026-11-24T05:00:00Z'))).toBe(2 * HOUR);
    // Saturday 18:00 to Monday 09:45: half an hour on Saturday, a quarter on Monday, Sunday none.
    expect(workingMsBetween(wh, at('2026-11-28T12:30:00Z'), at('2026-11-30T04:15:00Z'))).toBe(0.75 * HOUR);
    expect(workingMsBetween(wh, at('2026-11-24T05:00:00Z'), at('2026-11-23T05:00:00Z'))).toBe(0);
  });

  it('adds and subtracts working time across nights and closed days', () => {
    expect(addWorkingMs(wh, at('2026-11-28T12:00:00Z'), 2 * HOUR)?.toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(subtractWorkingMs(wh, at('2026-11-30T05:00:00Z'), 2 * HOUR)?.toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(nextWorkingStart(wh, at('2026-11-29T10:00:00Z'))?.toISOString()).toBe('2026-11-30T04:00:00.000Z');
    expect(nextWorkingStart({ ...wh, days: [] }, at('2026-11-29T10:00:00Z'))).toBeNull();
  });
});
