// No zod here: the dashboard's tiles read these without loading the schemas.

/** A duration in whole hours, minutes and seconds, as the original API answers it. */
export interface Hms {
  h: number;
  m: number;
  s: number;
}

export function splitDuration(seconds: number): Hms {
  const total = Math.max(0, Math.floor(seconds));
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

type Unit = 'hour' | 'minute' | 'second';
// One per language and unit, made when first needed.
const unitFormats = new Map<string, Intl.NumberFormat>();
function unitText(n: number, unit: Unit, locale: string): string {
  const key = `${locale}:${unit}`;
  let f = unitFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(key, f);
  }
  return f.format(n);
}

/**
 * A total of call time for people to read: "2h 05m 09s", "4m 30s", "45s"; in Hindi the units in
 * words, as Intl writes them ("4 मिनट 30 सेकंड", "22 सेकंड").
 */
export function formatHms(seconds: number, language: 'en' | 'hi' = 'en'): string {
  const { h, m, s } = splitDuration(seconds);
  if (language === 'hi') {
    const parts = [
      ...(h > 0 ? [unitText(h, 'hour', 'hi-IN')] : []),
      ...(h > 0 || m > 0 ? [unitText(m, 'minute', 'hi-IN')] : []),
      unitText(s, 'second', 'hi-IN'),
    ];
    return parts.join(' ');
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** Seconds as HH:MM:SS, the call timer's, the legacy API's and the CSV exports' format. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The unit words of a wait, in the reader's language. */
export interface WaitUnits {
  h: string;
  min: string;
  s: string;
}

const WAIT_UNITS: WaitUnits = { h: 'h', min: 'min', s: 's' };

/** A wait (milliseconds) for people to read: "45 s", "4 min 10 s", "2 h 5 min" (seconds left out from an hour up). */
export function formatWait(ms: number, units: WaitUnits = WAIT_UNITS): string {
  const { h, m, s } = splitDuration(Math.round(Math.max(0, ms) / 1000));
  if (h > 0) return m > 0 ? `${h} ${units.h} ${m} ${units.min}` : `${h} ${units.h}`;
  if (m > 0) return s > 0 ? `${m} ${units.min} ${s} ${units.s}` : `${m} ${units.min}`;
  return `${s} ${units.s}`;
}

/** A duration in its whole units only, for a chart's axis: "45s", "2m", "1h 30m", "0s". */
export function formatShortHms(seconds: number): string {
  const { h, m, s } = splitDuration(seconds);
  const parts = [h > 0 ? `${h}h` : '', m > 0 ? `${m}m` : '', s > 0 ? `${s}s` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '0s';
}

// Steps of a duration axis in seconds: whole seconds below a minute, whole minutes below an hour, then whole hours.
const SECOND_STEPS = [1, 2, 5, 10, 15, 20, 30];
const MINUTE_STEPS = SECOND_STEPS.map((s) => s * 60);
const HOUR_STEPS = [1, 2, 3, 4, 6, 12, 24].map((h) => h * 3600);

/**
 * Evenly spaced ticks from 0 for an axis of durations up to `maxSeconds`, at most `maxIntervals`
 * steps: whole seconds when the longest is under a minute, whole minutes up to an hour's step,
 * whole hours beyond. The last tick is at or above the longest.
 */
export function durationTicks(maxSeconds: number, maxIntervals = 5): number[] {
  const max = Math.max(0, Math.ceil(maxSeconds));
  if (max === 0) return [0, 60];
  const candidates = max < 60 ? SECOND_STEPS : [...MINUTE_STEPS, ...HOUR_STEPS];
  let step = candidates.find((c) => Math.ceil(max / c) <= maxIntervals);
  if (step === undefined) {
    // Beyond a day's step: 1, 2 or 5 days times a power of ten.
    const days = Math.ceil(max / 86400 / maxIntervals);
    const power = 10 ** Math.floor(Math.log10(days));
    step = ([1, 2, 5, 10].map((n) => n * power).find((n) => n >= days) ?? 10 * power) * 86400;
  }
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}
