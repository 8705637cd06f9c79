import { describe, expect, it } from 'vitest';
import { durationTicks, formatShortHms } from '../shared/durations.js';

const labels = (maxSeconds: number) => durationTicks(maxSeconds).map(formatShortHms);

describe('the ticks of a talk-time axis', () => {
  it('reads whole minutes, evenly spaced from 0 past the longest, never fractions of a minute', () => {
    // The issue: a longest talk time of 25 s read 0m, 0.1m, 0.2m, 0.4m (0.3m missing); past a minute it is minutes.
    expect(labels(90)).toEqual(['0s', '1m', '2m']);
    expect(labels(24 * 60 + 10)).toEqual(['0s', '5m', '10m', '15m', '20m', '25m']);
    expect(labels(59 * 60)).toEqual(['0s', '15m', '30m', '45m', '1h']);
  });

  it('reads whole seconds when the longest is under a minute, and whole hours when large', () => {
    expect(labels(25)).toEqual(['0s', '5s', '10s', '15s', '20s', '25s']);
    expect(labels(59)).toEqual(['0s', '15s', '30s', '45s', '1m']);
    expect(labels(3 * 3600 + 20 * 60)).toEqual(['0s', '1h', '2h', '3h', '4h']);
    expect(labels(20 * 3600)).toEqual(['0s', '4h', '8h', '12h', '16h', '20h']);
    expect(labels(300 * 3600)).toEqual(['0s', '120h', '240h', '360h']);
  });

  it('gives an axis to nothing at all, and at most five steps with the last at or above the longest', () => {
    expect(labels(0)).toEqual(['0s', '1m']);
    for (let max = 1; max < 400_000; max = Math.ceil(max * 1.37)) {
      const ticks = durationTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.length - 1, `${max} s`).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)!, `${max} s`).toBeGreaterThanOrEqual(max);
      const step = ticks[1]!;
      expect(ticks.every((t, i) => t === i * step)).toBe(true);
      // Whole seconds under a minute, whole minutes past it.
      expect(step % (max < 60 ? 1 : 60), `${max} s`).toBe(0);
    }
  });

  it('writes a duration in its whole units only', () => {
    expect(formatShortHms(0)).toBe('0s');
    expect(formatShortHms(45)).toBe('45s');
    expect(formatShortHms(120)).toBe('2m');
    expect(formatShortHms(5400)).toBe('1h 30m');
    expect(formatShortHms(3661)).toBe('1h 1m 1s');
  });
});
