import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSharedText } from '../../i18n/sharedText';
import type { TFunction } from 'i18next';
import { isLeadStatus } from '../../../../shared/lead-status';
import { flushOutbox, removeFromOutbox, type OutboxEntry } from '../../lib/outbox';
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
  const entries = useOutbox(userId);
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
