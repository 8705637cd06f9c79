import { PLATFORM_TIME_ZONE } from '../../../shared/dates.js';
import { lruCache } from '../../../shared/lru-cache.js';
import type { Language } from '../../../shared/schemas/language.js';

// Apart from the formatters (format.ts) and the dayjs they bring: the session check, which every page
// makes (the sign-in pages included, which format nothing), sets the zone.

/*
 * Every instant is shown in the signed-in company's time zone (the admin's: the platform's), never the
 * browser's, so a list, the dashboard's "today" and the CSV export agree. The area layout sets the zone
 * from the session before its pages render (setDisplayTimeZone); formatters read it unless given one.
 */
let requestedZone: string | null | undefined;
let displayZone: string | undefined;

// Building an Intl formatter for a zone costs a slow phone tens of milliseconds (the first, a fifth of a
// second): the zone the session names is checked when something is first shown in it, not on the way
// to the first page, once per zone, and by building the formatter the dates are then shown with.
const partsFormatters = lruCache<string, Intl.DateTimeFormat | null>(16);

/** The formatter of a date and time's parts in a zone (null for a zone this browser does not know). */
export function partsFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = partsFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true });
    } catch {
      f = null;
    }
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/*
 * The language dates, times and durations are written in: the user area's (set with its texts,
 * i18n/index.ts showLanguage); the sign-in pages and the admin's and sub-admin's areas stay English.
 */
let displayLang: Language = 'en';
export const setDisplayLanguage = (language: Language) => {
  displayLang = language;
};
export const displayLanguage = (): Language => displayLang;

export function setDisplayTimeZone(tz: string | null | undefined): void {
  if (tz === requestedZone) return;
  requestedZone = tz;
  displayZone = undefined;
}

export const displayTimeZone = (): string => (displayZone ??= requestedZone && partsFormatter(requestedZone) ? requestedZone : PLATFORM_TIME_ZONE);
