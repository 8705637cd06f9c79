import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../../shared/schemas/lead-work';
import { Icon } from '../layout/icons';
import type { CallTimer } from './useCallTimer';

/**
 * The running call duration, HH:MM:SS, and what it is counting from. `fallback`: the company's
 * provider times its calls; this timer times the call made from the phone, and says so.
 */
export function CallTimerDisplay({ timer, fallback = false }: { timer: CallTimer; fallback?: boolean }) {
  const { t } = useTranslation();
  const note = t(!timer.running ? 'timer.stopped' : fallback ? 'timer.fallback' : timer.called ? 'timer.sinceCall' : 'timer.sinceOpen');
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('timer.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap" c={timer.running ? 'blue.7' : 'dimmed'}>
          <Icon name="clock" size={22} />
          <Text role="timer" aria-label={t('timer.title')} fz={28} fw={700} lh={1} style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.02em' }}>
            {formatDuration(timer.seconds)}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
