import dayjs from 'dayjs';
import { displayLanguage, displayTimeZone, partsFormatter } from './timeZone.js';
import { lruCache } from '../../../shared/lru-cache.js';
import type { Language } from '../../../shared/schemas/language.js';

// The zone every instant is shown in (set by the area layouts) and the language; kept apart, see timeZone.ts.
export { displayLanguage, displayTimeZone, setDisplayLanguage, setDisplayTimeZone } from './timeZone.js';

// Hindi's formatters, per zone and shape, made when first needed (an English reader never builds one).
const hindiFormats = lruCache<string, Intl.DateTimeFormat>(32);
function hindi(timeZone: string, shape: 'date' | 'time' | 'dayMonth' | 'month'): Intl.DateTimeFormat {
  const key = `${timeZone}:${shape}`;
  let f = hindiFormats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      shape === 'date'
        ? { day: '2-digit', month: 'short', year: 'numeric' }
        : shape === 'dayMonth'
          ? { day: '2-digit', month: 'short' }
          : shape === 'month'
            ? { month: 'short', year: 'numeric' }
            : { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' };
    f = new Intl.DateTimeFormat('hi-IN', { timeZone, ...options });
    hindiFormats.set(key, f);
  }
  return f;
}

const calendarMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A calendar date (YYYY-MM-DD) as people read it: 05 Mar 2026 (Hindi: 05 मार्च 2026). */
export const formatDate = (date: string, language: Language = displayLanguage()) => {
  const d = dayjs(date);
  if (!d.isValid()) return date;
  return language === 'hi' ? hindi('UTC', 'date').format(calendarMs(d.format('YYYY-MM-DD'))) : d.format('DD MMM YYYY');
};

/** A calendar date's day and month, for a chart's axis: 05 Mar (Hindi: 05 मार्च). */
export const formatDayMonth = (date: string, language: Language = displayLanguage()) => {
  const d = dayjs(date);
  if (!d.isValid()) return date;
  return language === 'hi' ? hindi('UTC', 'dayMonth').format(calendarMs(d.format('YYYY-MM-DD'))) : d.format('DD MMM');
};

/** A month (YYYY-MM) as people read it: Mar 2026 (Hindi: मार्च 2026). */
export const formatMonth = (month: string, language: Language = displayLanguage()) => {
  const d = dayjs(`${month}-01`);
  if (!d.isValid()) return month;
  return language === 'hi' ? hindi('UTC', 'month').format(calendarMs(d.format('YYYY-MM-DD'))) : d.format('MMM YYYY');
};

/** A time of day (HH:MM, a working hour, a callback) as people read it: 09:30 AM (Hindi: सुबह 9:30). */
export function formatClock(hhmm: string, language: Language = displayLanguage()): string {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const ms = Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]));
  if (language === 'hi') return hindi('UTC', 'time').format(ms);
  const hour = Number(m[1]) % 12 || 12;
  return `${String(hour).padStart(2, '0')}:${m[2]} ${Number(m[1]) < 12 ? 'AM' : 'PM'}`;
}

// One formatter per zone, shared with the zone check (timeZone.ts); a zone the browser does not know
// throws, as building it did.
const partsIn = (timeZone: string): Intl.DateTimeFormat => {
  const f = partsFormatter(timeZone);
  if (!f) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return f;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored instant's date ("05 Mar 2026") and time ("02:30 PM") in the zone; a bare date has no time. */
export function zonedParts(stored: string, timeZone = displayTimeZone(), language: Language = displayLanguage()): { date: string; time: string | null } | null {
  if (DATE_ONLY.test(stored)) return { date: formatDate(stored, language), time: null };
  const ms = Date.parse(stored);
  if (Number.isNaN(ms)) return null;
  if (language === 'hi') {
    partsIn(timeZone); // the zone check: one this browser does not know throws, as in English
    return { date: hindi(timeZone, 'date').format(ms), time: hindi(timeZone, 'time').format(ms) };
  }
  const p = Object.fromEntries(
    partsIn(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.day} ${p.month} ${p.year}`, time: `${p.hour}:${p.minute} ${p.dayPeriod}` };
}

/** A stored ISO timestamp in the company's time zone, e.g. "05 Mar 2026, 02:30 PM"; a bare date stays a date. */
export const formatDateTime = (stored: string | null | undefined, timeZone = displayTimeZone()) => {
  if (!stored) return '';
  const p = zonedParts(stored, timeZone);
  if (!p) return stored;
  return p.time ? `${p.date}, ${p.time}` : p.date;
};

// One per zone shown (the session's, almost always), with a bound all the same.
const zoneNames = lruCache<string, Intl.DateTimeFormat>(16);

/** A zone as people know it: "India Standard Time (Asia/Kolkata)". */
export function timeZoneName(timeZone = displayTimeZone(), at: Date = new Date(), language: Language = displayLanguage()): string {
  const key = `${language}:${timeZone}`;
  let names = zoneNames.get(key);
  if (!names) {
    names = new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-US', { timeZone, timeZoneName: 'long' });
    zoneNames.set(key, names);
  }
  const long = names.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return long && long !== timeZone ? `${long} (${timeZone})` : timeZone;
}

// A whole count in the Indian grouping (12,34,567), as Intl's en-IN writes it, without building a
// NumberFormat: the first one costs a slow phone some 50 ms of the dashboard's first screen.
let counts: Intl.NumberFormat | undefined;
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) {
    counts ??= new Intl.NumberFormat('en-IN');
    return counts.format(n);
  }
  const digits = String(Math.abs(n));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** A count's colour: zero is never shown in an alarm (or any) colour, only the neutral one. */
export const countColor = (n: number, color: string) => (n === 0 ? 'gray' : color);

/** The row number shown in a paged table's # column. */
export const rowNumber = (page: number, pageSize: number, index: number) => (page - 1) * pageSize + index + 1;

/** A span of minutes as people say it: "2 hours", "1 hour 30 minutes", "1 day 2 hours". */
export function formatMinutes(total: number): string {
  const unit = (n: number, word: string) => (n ? [`${n} ${word}${n === 1 ? '' : 's'}`] : []);
  const m = Math.max(0, Math.round(total));
  const parts = [...unit(Math.floor(m / 1440), 'day'), ...unit(Math.floor((m % 1440) / 60), 'hour'), ...unit(m % 60, 'minute')];
  return parts.length ? parts.join(' ') : '0 minutes';
}

// One rupee formatter, made when first needed: Indian grouping (₹1,25,000.50).
let rupees: Intl.NumberFormat | undefined;
/** Rupees as people in India read them: ₹1,25,000.50 (the wire carries rupees with two decimals). */
export const formatMoney = (amount: number) => {
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return rupees.format(amount);
};

/**
 * What a call cost, as the provider charged it (a decimal string): rupees as formatMoney writes them,
 * another currency with its code and up to the provider's five decimals (USD 0.0135).
 */
export function formatCallCost(cost: string, currency: string): string {
  const amount = Number(cost);
  if (!Number.isFinite(amount)) return `${currency} ${cost}`;
  if (currency === 'INR') return formatMoney(amount);
  try {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 5 })
      .format(amount)
      .replace(/\u00a0/g, ' ');
  } catch {
    return `${currency} ${cost}`;
  }
}

/** Rupees as a form field holds them: "1250" or "1250.50", never a float's tail. */
export const rupeesFieldValue = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));
