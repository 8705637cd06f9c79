import { formatDate } from '../../lib/format';
import { ENGLISH, type SharedText } from '../../i18n/sharedText';

export { shownRange } from './rangeSearch';

/** "today, 05 Mar 2026", "04 Mar 2026" or "01 Mar 2026 – 05 Mar 2026". */
export function rangeLabel(from: string, to: string, today: string, t: SharedText['t'] = ENGLISH.t): string {
  if (from === to) return from === today ? t('range.today', { date: formatDate(from) }) : formatDate(from);
  return `${formatDate(from)} – ${formatDate(to)}`;
}
