import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../../shared/dates';
import { displayTimeZone } from '../../lib/format';
import { LEAD_STATUS_COLORS, isLeadStatus } from '../../../../shared/lead-status';
import { formatCallback, formatClock } from '../lead-lists/LeadCells';

export type CallbackState = 'missed' | 'due' | 'upcoming';

/** A callback's wall-clock time, "today, 04:30 PM" when it is today in the company's zone. */
export function useCallbackWhen(): (date: string, time: string | null) => string {
  const { t } = useTranslation();
  return (date, time) => {
    if (date !== todayIn(displayTimeZone())) return formatCallback(date, time);
    return time ? t('queue.todayAt', { time: formatClock(time) }) : t('queue.today');
  };
}

const CALLBACK_BADGES = { missed: { label: 'queue.missed', color: 'red' }, due: { label: 'queue.dueNow', color: 'orange' } } as const satisfies Record<
  Exclude<CallbackState, 'upcoming'>,
  { label: string; color: string }
>;

/** A callback that is due now or was missed; an upcoming one needs no mark. */
export function CallbackStateBadge({ state }: { state: CallbackState | null }) {
  const { t } = useTranslation();
  if (!state || state === 'upcoming') return null;
  const b = CALLBACK_BADGES[state];
  return (
    <Badge color={b.color} radius="sm" tt="none">
      {t(b.label)}
    </Badge>
  );
}

/** A lead's status in words ("Interested"): the codes are the wire's, not the telecaller's. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isLeadStatus(status) ? status : null;
  return (
    <Badge variant="light" color={known ? LEAD_STATUS_COLORS[known] : 'gray'} radius="sm" tt="none">
      {known ? t(`shared.status.${known}`) : t('queue.status')}
    </Badge>
  );
}
