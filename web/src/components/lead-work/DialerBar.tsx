import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isWorkingTime, isoWeekday } from '../../../../shared/working-hours';
import { todayIn } from '../../../../shared/dates';
import { trpc } from '../../trpc';
import { displayTimeZone, formatClock } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { dialer } from './dialer';

type Pause = 'hidden' | 'break' | 'hours' | 'dayOff' | 'checking';

const onVisibility = (l: () => void) => {
  document.addEventListener('visibilitychange', l);
  return () => document.removeEventListener('visibilitychange', l);
};
const isHidden = () => document.visibilityState === 'hidden';

/** Working hours are looked at again this often, so the dialer starts and stops with the day. */
const HOURS_CHECK_MS = 30_000;

/** Why the dialer must not place a call now: the app in the background, the telecaller on a break, outside the company's working hours. */
function useDialerPause() {
  const hidden = useSyncExternalStore(onVisibility, isHidden);
  // The break switch (dashboard) writes its answer into this query, so turning it on pauses the dialer at once.
  const mine = trpc.routing.myBreak.useQuery(undefined, { staleTime: 60_000, refetchInterval: 60_000 });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), HOURS_CHECK_MS);
    return () => window.clearInterval(id);
  }, []);
  const routing = mine.data?.routing;
  const zone = displayTimeZone();
  const working = !routing || isWorkingTime({ days: routing.workDays, start: routing.workStart, end: routing.workEnd, timeZone: zone }, now);
  // A day the company does not work is said as such: its hours would read as if they applied today.
  const dayOff = !!routing && !routing.workDays.includes(isoWeekday(todayIn(zone, now)));
  // Until the server says whether they are on a break, no call (an unanswered question does not hold it up for ever).
  const unknown = !mine.data && !mine.isError;
  const pause: Pause | null = hidden ? 'hidden' : unknown ? 'checking' : mine.data?.onBreak ? 'break' : working ? null : dayOff ? 'dayOff' : 'hours';
  return { pause, hours: routing ? { start: formatClock(routing.workStart), end: formatClock(routing.workEnd) } : null };
}

interface Props {
  seconds: number;
  /** the lead's call cannot be placed yet, or is placed already: no countdown */
  waiting: boolean;
  /** a call is open or ended on this lead: the dialer waits for its outcome */
  onCall: boolean;
  onDial: () => void;
  onSkip: () => void;
}

/** The power dialer on a lead: the countdown to its call (Skip, Stop), or why it waits. */
export function DialerBar({ seconds, waiting, onCall, onDial, onSkip }: Props) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const { pause, hours } = useDialerPause();
  const endBreak = trpc.routing.setMyBreak.useMutation({
    onSuccess: (answer) => utils.routing.myBreak.setData(undefined, answer),
    onError: (err) => notifyFailure(t('myBreak.failed'), err),
  });
  const counting = !waiting && pause === null;
  const [left, setLeft] = useState(seconds);
  const dial = useRef(onDial);
  dial.current = onDial;

  // Each time it may count (a lead opened, back from the background, the break over) it starts from the full countdown.
  useEffect(() => {
    if (!counting) return;
    const endAt = Date.now() + seconds * 1000;
    let timer = 0;
    const tick = () => {
      const remaining = Math.ceil((endAt - Date.now()) / 1000);
      if (remaining <= 0) return dial.current();
      setLeft(remaining);
      timer = window.setTimeout(tick, 250);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [counting, seconds]);

  // Paused: the bar turns orange, as the break switch does.
  const paused = pause !== null && pause !== 'checking';
  const note =
    pause === 'hidden'
      ? t('dialer.pausedHidden')
      : pause === 'break'
        ? t('dialer.pausedBreak')
        : pause === 'hours'
          ? t('dialer.pausedHours', { start: hours?.start ?? '', end: hours?.end ?? '' })
          : pause === 'dayOff'
            ? t('dialer.pausedDayOff')
            : onCall
              ? t('dialer.afterOutcome')
              : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={paused ? 'var(--mantine-color-orange-light)' : 'var(--mantine-color-green-light)'}
      role="region"
      aria-label={t('dialer.title')}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700}>
              {t('dialer.title')}
            </Text>
            {counting ? (
              <Text size="sm">{t('dialer.callingIn')}</Text>
            ) : (
              note && (
                <Text size="sm" fw={paused ? 600 : undefined}>
                  {note}
                </Text>
              )
            )}
          </div>
          {counting && (
            <Text role="timer" aria-label={t('dialer.countdown')} fz={44} fw={800} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {left}
            </Text>
          )}
        </Group>
        {pause === 'break' && (
          <Button size="md" h={44} color="orange" loading={endBreak.isPending} onClick={() => endBreak.mutate({ onBreak: false })}>
            {t('dialer.endBreak')}
          </Button>
        )}
        <Group grow gap="sm">
          {!onCall && (
            <Button size="md" h={44} variant="default" onClick={onSkip}>
              {t('dialer.skip')}
            </Button>
          )}
          <Button size="md" h={44} color="red" onClick={dialer.stop}>
            {t('dialer.stop')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
