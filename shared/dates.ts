import { lruCache } from './lru-cache.js';

/**
 * One formatter per kind and zone, made once: building an Intl.DateTimeFormat costs about as much
 * as a whole indexed query, and every request asks for "today" in its company's zone several times.
 * Each holds tens of kilobytes, so the least used go past a few hundred.
 */
const formatters = lruCache<string, Intl.DateTimeFormat>(256);
/** How many formatters are kept (to show the cache stays bounded). */
export const cachedFormatterCount = () => formatters.size;
function formatter(kind: 'date' | 'parts' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : kind === 'parts'
          ? new Intl.DateTimeFormat('en-US', {
              timeZone,
              hourCycle: 'h23',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            })
          : new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

/** Each zone's date for the last minute asked about (see todayIn). */
const datesThisMinute = lruCache<string, { minute: number; date: string }>(256);
/** Since 1980 every zone's offset is whole minutes, so a date cannot change inside a UTC minute. */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1980, 0, 1);

/**
 * Today's calendar date (YYYY-MM-DD) in the given IANA time zone. Formatting a date costs several
 * microseconds and nearly every request asks for it, so each zone's answer is kept for its minute.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const ms = now.getTime();
  if (!(ms >= WHOLE_MINUTE_OFFSETS_FROM)) return formatter('date', timeZone).format(now);
  const minute = Math.floor(ms / 60_000);
  const kept = datesThisMinute.get(timeZone);
  if (kept?.minute === minute) return kept.date;
  const date = formatter('date', timeZone).format(now);
  datesThisMinute.set(timeZone, { minute, date });
  return date;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A new company's zone until its sub-admin chooses another. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

let zoneSpellings: Map<string, string> | undefined;

/**
 * A zone in its one spelling, or null for no zone: "aSiA/kOlKaTa" is Asia/Kolkata, "US/Pacific"
 * America/Los_Angeles, "+0530" +05:30. Zones are stored so: every spelling kept as typed would be
 * another formatter in every cache keyed by zone.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Intl resolves Asia/Kolkata to its older name Asia/Calcutta: a listed name keeps the spelling chosen.
  zoneSpellings ??= new Map([...Intl.supportedValuesOf('timeZone'), DEFAULT_TIME_ZONE].map((z) => [z.toLowerCase(), z]));
  return zoneSpellings.get(timeZone.toLowerCase()) ?? resolved;
}
/**
 * The zone the platform admin reads times in. The admin belongs to no company, and the companies it
 * sells to are Indian by default, so India's zone keeps the admin's lists in step with theirs.
 */
export const PLATFORM_TIME_ZONE = DEFAULT_TIME_ZONE;

/** Minutes the zone is ahead of UTC at the given instant. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = formatter('parts', timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Day starts by zone and date: a callback queue asks for one per card, each costing two formatToParts. */
const dayStarts = new Map<string, string>();

/** The UTC instant (ISO) at which a calendar date (YYYY-MM-DD) begins in a time zone. */
export function startOfDayUtc(date: string, timeZone: string): string {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 10_000) dayStarts.clear();
    start = computeStartOfDay(date, timeZone);
    dayStarts.set(key, start);
  }
  return start;
}

function computeStartOfDay(date: string, timeZone: string): string {
  const naive = Date.parse(`${date}T00:00:00Z`);
  let guess = naive - offsetMinutes(timeZone, new Date(naive)) * 60_000;
  // A second pass settles days where the offset changes (daylight saving) near midnight.
  guess = naive - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess).toISOString();
}

export interface DayBounds {
  /** today's calendar date in the zone */
  today: string;
  /** ISO instants: today starts at `from` (inclusive) and ends at `to` (exclusive) */
  from: string;
  to: string;
}

/** A day's bounds change once a day: worked out once per zone and date (each costs four formatToParts). */
const boundsByDay = new Map<string, DayBounds>();

export function todayBounds(timeZone: string, now: Date = new Date()): DayBounds {
  const today = todayIn(timeZone, now);
  const key = `${timeZone} ${today}`;
  let bounds = boundsByDay.get(key);
  if (!bounds) {
    if (boundsByDay.size >= 1000) boundsByDay.clear();
    bounds = { today, from: startOfDayUtc(today, timeZone), to: startOfDayUtc(addDays(today, 1), timeZone) };
    boundsByDay.set(key, bounds);
  }
  return { ...bounds };
}

/** The first day of the month after the one `date` (YYYY-MM-DD) falls in. */
export function nextMonthStart(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The UTC instant (ISO) of a wall-clock date and time (HH:MM) in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(Date.parse(startOfDayUtc(date, timeZone)) + (h * 60 + m) * 60_000).toISOString();
}

/** The wall-clock time (HH:MM) of an instant in a time zone. */
export function timeIn(timeZone: string, at: Date = new Date()): string {
  return formatter('time', timeZone).format(at);
}

/** The Monday of the week a calendar date (YYYY-MM-DD) falls in: weeks run Monday to Sunday. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first day of the month a calendar date falls in. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The first day of the year a calendar date falls in. */
export const yearStart = (date: string) => `${date.slice(0, 4)}-01-01`;

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A real calendar date as YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export interface RangeBounds {
  /** the first and last calendar dates, both included */
  fromDate: string;
  toDate: string;
  /** ISO instants: the range starts at `from` (inclusive) and ends at `to` (exclusive) */
  from: string;
  to: string;
}

/** The instants bounding calendar dates `fromDate` to `toDate` (both included) in a time zone. */
export function rangeBounds(fromDate: string, toDate: string, timeZone: string): RangeBounds {
  return { fromDate, toDate, from: startOfDayUtc(fromDate, timeZone), to: startOfDayUtc(addDays(toDate, 1), timeZone) };
}

/**
 * The quarter hour (UTC) an ISO time falls in, as lead_sends keys it: 'YYYY-MM-DDTHH:' and 0-3.
 * A zone's day starts on a quarter (every offset in use is whole quarter hours).
 */
export const quarterOf = (iso: string) => `${iso.slice(0, 14)}${Math.floor(Number(iso.slice(14, 16)) / 15)}`;

/** The dates a range covers when an end is left out: today, or the other end when that lies beyond today. */
export function rangeDates(input: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const from = input.from ?? (input.to && input.to < today ? input.to : today);
  const to = input.to ?? (from > today ? from : today);
  return { from, to };
}
