import { Badge } from '@mantine/core';
import { todayIn } from '../../../../shared/dates';
import { displayTimeZone } from '../../lib/format';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../../shared/leads';
import { STATUS_COLORS, formatCallback, formatClock } from '../lead-lists/LeadCells';

export type CallbackState = 'missed' | 'due' | 'upcoming';

/** A callback's wall-clock time, "today, 04:30 PM" when it is today in the company's zone. */
export function callbackWhen(date: string, time: string | null): string {
  if (date !== todayIn(displayTimeZone())) return formatCallback(date, time);
  return time ? `today, ${formatClock(time)}` : 'today';
}

export const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

const CALLBACK_BADGES: Record<Exclude<CallbackState, 'upcoming'>, { label: string; color: string }> = {
  missed: { label: 'Missed', color: 'red' },
  due: { label: 'Due now', color: 'orange' },
};

/** A callback that is due now or was missed; an upcoming one needs no mark. */
export function CallbackStateBadge({ state }: { state: CallbackState | null }) {
  if (!state || state === 'upcoming') return null;
  const b = CALLBACK_BADGES[state];
  return (
    <Badge color={b.color} radius="sm" tt="none">
      {b.label}
    </Badge>
  );
}

/** A lead's status with its code, as the telecaller and the spec speak of it: "Interested · 2". */
export function StatusCodeBadge({ status }: { status: string }) {
  const known = status in LEAD_STATUS_LABELS ? (status as LeadStatus) : null;
  return (
    <Badge variant="light" color={known ? STATUS_COLORS[known] : 'gray'} radius="sm" tt="none">
      {known ? LEAD_STATUS_LABELS[known] : 'Status'} · {status}
    </Badge>
  );
}
