import { todayIn } from '../../../../shared/dates';
import { rangeDates } from '../../../../shared/schemas/summaries';
import { displayTimeZone, formatDate } from '../../lib/format';
import type { RangeSearch } from './rangeSearch';
import { ENGLISH, type SharedText } from '../../i18n/sharedText';

/** The dates a page shows: the URL's, or today in the company's zone (as the server reads a missing end). */
export function shownRange(search: RangeSearch): { from: string; to: string; today: string } {
  const today = todayIn(displayTimeZone());
  return { ...rangeDates(search, today), today };
}

/** "today, 05 Mar 2026", "04 Mar 2026" or "01 Mar 2026 – 05 Mar 2026". */
export function rangeLabel(from: string, to: string, today: string, t: SharedText['t'] = ENGLISH.t): string {
  if (from === to) return from === today ? t('range.today', { date: formatDate(from) }) : formatDate(from);
  return `${formatDate(from)} – ${formatDate(to)}`;
}
