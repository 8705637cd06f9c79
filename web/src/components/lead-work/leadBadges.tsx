import { Badge } from '@mantine/core';

export type CallbackState = 'missed' | 'due' | 'upcoming';

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
