import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import { formatCallback, formatClock } from '../lead-lists/LeadCells';
import { displayTimeZone } from '../../lib/format';
import { todayIn } from '../../../../shared/dates';
import type { SharedText } from '../../i18n/sharedText';

export type CallbackReminder = inferRouterOutputs<AppRouter>['work']['reminders'][number];

/** Today's Callbacks: where a reminder leads. */
export const CALLBACKS_PATH = '/leadspage/callback';

/** "Call back Asha Kulkarni at 10:30 AM"; an earlier day's says its date too. */
export function reminderText(r: CallbackReminder, t: SharedText['t']): string {
  const name = r.name;
  if (r.callback_date !== todayIn(displayTimeZone())) return t('reminder.on', { name, when: formatCallback(r.callback_date, r.callback_time) });
  return r.callback_time ? t('reminder.at', { name, time: formatClock(r.callback_time) }) : t('reminder.today', { name });
}

/** One toast per callback and schedule: a callback moved to another time reminds again. */
export const reminderKey = (r: CallbackReminder) => `${r.id}@${r.callback_date} ${r.callback_time ?? ''}`;
