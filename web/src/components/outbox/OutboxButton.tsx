import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { notifySuccess } from '../../lib/notify';
import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSharedText } from '../../i18n/sharedText';
import type { TFunction } from 'i18next';
import { isLeadStatus } from '../../../../shared/lead-status';
import { flushOutbox, isOnItsWay, onOutboxOutcome, removeFromOutbox, type OutboxEntry } from '../../lib/outbox';
import { formatDateTime } from '../../lib/format';
import { Icon } from '../layout/icons';
import { useOutbox } from './useOutbox';

function whatItIs(entry: OutboxEntry, t: TFunction): string {
  if (entry.kind === 'notConnected') return t(`shared.notConnected.${entry.input.outcome}`);
  const status = entry.input.status ?? '';
  return isLeadStatus(status) ? t(`shared.status.${status}`) : status;
}

/**
 * In the header while anything waits on this phone: how many submissions wait to be sent, and
 * which. They go by themselves when the connection is back; one the server refused can be removed.
 */
export function OutboxButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  // What is on its first way to the server is not waiting yet: the count shows only if that fails.
  const entries = useOutbox(userId).filter((e) => !isOnItsWay(e.key));
  useOutboxNotices(userId);
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  if (entries.length === 0) return null;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const waiting = entries.length - refused;
  const label = [waiting ? t('outbox.waiting', { count: waiting }) : '', refused ? t('outbox.refused', { count: refused }) : ''].filter(Boolean).join(', ');

  const sendNow = async () => {
    setSending(true);
    await flushOutbox(userId).catch(() => {});
    setSending(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Indicator label={entries.length} size={18} color={refused ? 'red' : 'orange'} offset={6}>
        <Popover.Target>
          <ActionIcon variant="subtle" color={refused ? 'red' : 'orange'} size="lg" radius="xl" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <Icon name="cloudUpload" size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <Stack gap={2} p="sm">
          <Text fw={600}>{t('outbox.title')}</Text>
          <Text size="xs" c="dimmed">
            {t('outbox.note')}
          </Text>
        </Stack>
        <Divider />
        <ScrollArea.Autosize mah={320}>
          <Stack gap={0}>
            {entries.map((e) => (
              <Stack key={e.key} gap={2} px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate="end">
                    {e.leadName || t('queue.noName')}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {formatDateTime(e.madeAt)}
                  </Text>
                </Group>
                <Text size="sm">{whatItIs(e, t)}</Text>
                {e.state === 'waiting' ? (
                  <Text size="xs" c="orange.8" fw={500}>
                    {t('outbox.waitingOne')}
                  </Text>
                ) : (
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="xs" c="red.8" fw={500} style={{ flex: 1, minWidth: 0 }}>
                      {t('outbox.notAccepted', { error: serverText(e.error ?? '') })}
                    </Text>
                    <Button size="compact-xs" variant="light" color="red" style={{ flex: 'none' }} onClick={() => void removeFromOutbox(e.key)}>
                      {t('outbox.remove')}
                    </Button>
                  </Group>
                )}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {waiting > 0 && (
          <Group p="sm" justify="flex-end">
            <Button size="xs" variant="light" loading={sending} onClick={() => void sendNow()} leftSection={<Icon name="send" size={16} />}>
              {t('outbox.sendNow')}
            </Button>
          </Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * What becomes of a submission sent from the outbox after the telecaller went on: saved, once the
 * server has it; one that could not go now, said to wait on the phone; one the server refused, said at
 * once with its lead's name and the way back to it (its form then shows the values and the reasons).
 */
function useOutboxNotices(userId: number) {
  const { t } = useTranslation();
  const { serverText } = useSharedText();
  const navigate = useNavigate();
  useEffect(
    () =>
      onOutboxOutcome(({ entry, outcome, first }) => {
        if (entry.userId !== userId) return;
        // Said when the server has it, not when Submit was tapped.
        if (outcome === 'sent' && first && entry.kind === 'submit') notifySuccess(t('lead.submitted'));
        if (outcome === 'kept') notifications.show({ color: 'orange', message: t('lead.kept') });
        if (outcome !== 'refused') return;
        const id = `refused-${entry.key}`;
        notifications.show({
          id,
          color: 'red',
          autoClose: false,
          title: t('outbox.refusedTitle', { name: entry.leadName || t('queue.noName') }),
          message: (
            <Stack gap={6} align="flex-start">
              <Text size="sm">{serverText(entry.error ?? '')}</Text>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => {
                  notifications.hide(id);
                  // From the queue it was worked in: the form it was refused on (its rules follow the queue).
                  const queue = entry.input.queue ?? undefined;
                  void navigate({ to: '/leadspage/lead/$leadId', params: { leadId: String(entry.leadId) }, search: { queue } });
                }}
              >
                {t('outbox.openLead')}
              </Button>
            </Stack>
          ),
        });
      }),
    [userId, t, serverText, navigate],
  );
}
