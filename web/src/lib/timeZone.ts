import { PLATFORM_TIME_ZONE } from '../../../shared/dates.js';

// Apart from the formatters (format.ts) and the dayjs they bring: the session check, which every page
// makes (the sign-in pages included, which format nothing), sets the zone.

/*
 * Every instant is shown in the signed-in company's time zone (the admin's: the platform's), never the
 * browser's, so a list, the dashboard's "today" and the CSV export agree. The area layout sets the zone
 * from the session before its pages render (setDisplayTimeZone); formatters read it unless given one.
 */
let requestedZone: string | null | undefined;
let displayZone: string | undefined;

// Building the first Intl formatter of a zone costs a slow phone a fifth of a second: the zone the
// session names is checked when something is first shown in it, not on the way to the first page,
// and once per zone, not on every render of the area layout that sets it.
const knownZones = new Map<string, boolean>();
const isTimeZone = (tz: string) => {
  let ok = knownZones.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    knownZones.set(tz, ok);
  }
  return ok;
};

export function setDisplayTimeZone(tz: string | null | undefined): void {
  if (tz === requestedZone) return;
  requestedZone = tz;
  displayZone = undefined;
}

export const displayTimeZone = (): string => (displayZone ??= requestedZone && isTimeZone(requestedZone) ? requestedZone : PLATFORM_TIME_ZONE);
