import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { UNANSWERED_OUTCOME, type CallState } from '../../../../shared/telephony';
import { formatWait } from '../../../../shared/durations';
import { errorMessage } from '../../trpc';
import { serverAnswered } from '../../lib/notify';
import { useSharedText } from '../../i18n/sharedText';
import { Icon } from '../layout/icons';
import { isDoNotCall } from './useProviderCall';

/** Talk time for people to read, in their language: "1 min 42 s". */
export function talkText(t: TFunction, seconds: number): string {
  return formatWait(seconds * 1000, { h: t('dashboard.speed.units.h'), min: t('dashboard.speed.units.min'), s: t('dashboard.speed.units.s') });
}

/**
 * What became of a call the lead was not reached on: "Not answered (busy) · attempt 2 of 5 · back
 * in the queue at 15:40". `at` writes the time the lead comes back.
 */
export function unansweredText(t: TFunction, call: CallState, limit: number, at: (retryAt: string) => string): string {
  const outcome = t(`shared.notConnected.${UNANSWERED_OUTCOME[call.status] ?? 'not_reachable'}`);
  const a = call.attempt;
  if (!a) return t('call.unanswered', { outcome });
  if (a.retryAt) return t('call.attemptBack', { outcome, attempts: a.attempts, limit, at: at(a.retryAt) });
  return t('call.attemptInvalid', { outcome, attempts: a.attempts, limit });
}

interface Props {
  call: CallState | undefined;
  placing: boolean;
  /** placeCall's refusal (or no connection) */
  refused: unknown;
  mobile: string;
  attemptLimit: number;
  comesBackAt: (retryAt: string) => string;
  onCallAgain: () => void;
  onPhoneCall: () => void;
}

/** The provider's call as the form follows it: ringing, connected, ended with the provider's talk time; or why it could not be placed. */
export function ProviderCallState({ call, placing, refused, mobile, attemptLimit, comesBackAt, onCallAgain, onPhoneCall }: Props) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  if (refused && !placing) {
    const reason = serverAnswered(refused) ? serverText(errorMessage(refused, '')) : t('call.offline');
    // A do-not-call lead is not to be called at all: no phone's dialler in place of the provider.
    const noCall = isDoNotCall(refused);
    return (
      <Alert color={noCall ? 'orange' : 'red'} variant="light" p="sm" title={t('call.refused')}>
        <Stack gap="sm">
          <Text size="sm">{reason}</Text>
          {!noCall && (
            <Button component="a" href={`tel:${mobile}`} onClick={onPhoneCall} size="lg" color="green" leftSection={<Icon name="phone" size={20} />}>
              {t('call.viaPhone')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!call && !placing) return null;
  const status = call?.status ?? 'placing';
  const again = status === 'agent_missed' || status === 'canceled';
  const line =
    status === 'placing' || status === 'ringing'
      ? t('call.ringing')
      : status === 'in_progress'
        ? t('call.connected')
        : status === 'completed'
          ? call?.talkSeconds != null
            ? t('call.ended', { duration: talkText(t, call.talkSeconds) })
            : t('call.endedNoTalk')
          : status === 'agent_missed'
            ? t('call.agentMissed')
            : call && UNANSWERED_OUTCOME[status]
              ? unansweredText(t, call, attemptLimit, comesBackAt)
              : t('call.canceled');
  const color = status === 'in_progress' || status === 'completed' ? 'green' : status === 'placing' || status === 'ringing' ? 'blue' : 'orange';
  return (
    <Paper withBorder radius="md" px="md" py="sm" bg={`var(--mantine-color-${color}-light)`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" role="status" aria-live="polite">
            {line}
          </Text>
          {status === 'completed' && call?.talkSeconds != null && (
            <Text size="xs" c="dimmed">
              {t('call.verified')}
            </Text>
          )}
        </div>
        {again && (
          <Button size="md" h={44} color="green" onClick={onCallAgain} leftSection={<Icon name="phone" size={18} />}>
            {t('call.again')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
