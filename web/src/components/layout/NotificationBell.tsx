import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Box, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useWindowEvent } from '@mantine/hooks';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { trpc } from '../../trpc';
import { formatDateTime } from '../../lib/format';
import { Icon } from './icons';
import { useRouteExists } from './useRouteExists';
import { useCallbackReminders } from '../reminders/useCallbackReminders';
import { CALLBACKS_PATH, reminderText, type CallbackReminder } from '../reminders/reminderText';
import { useSharedText, type SharedText } from '../../i18n/sharedText';
import classes from './NotificationBell.module.css';
import { noticeText } from '../notifications/noticeText';
import { markAlertsSeen, useHeldAlerts, type HeldAlert } from '../alerts/alertStore';

dayjs.extend(relativeTime);

interface BellTexts {
  title: string;
  counted: (n: number) => string;
  empty: string;
  all: string;
  failed: string;
}

/** The admin's bell (English only, as the admin's area), or everyone else's in the area's language. */
function bellTexts(admin: boolean, t: SharedText['t']): BellTexts {
  if (admin) {
    return {
      title: 'Pending complaints',
      counted: (n) => `${n} pending`,
      empty: 'No pending complaints.',
      all: 'View pending complaints',
      failed: 'Could not load pending complaints.',
    };
  }
  return { title: t('bell.title'), counted: (count) => t('bell.unread', { count }), empty: t('bell.empty'), all: t('bell.all'), failed: t('bell.failed') };
}

/**
 * Header bell: the real count and the latest items, linking to the page that lists them.
 * For the admin the bell holds sub-admins' pending complaints; for everyone else their unread notices,
 * and for telecallers and heads (callbacks) also the callbacks due now or missed, above them. */
export function NotificationBell({ admin = false, callbacks = false }: { admin?: boolean; callbacks?: boolean }) {
  const shared = useSharedText();
  const { t } = shared;
  const texts = bellTexts(admin, t);
  const [opened, setOpened] = useState(false);
  const bell = trpc.notifications.bell.useQuery(undefined, { refetchInterval: 60_000 });
  const reminders = useCallbackReminders(callbacks).data ?? [];
  const held = useHeldAlerts();
  // Callbacks are in their own section (an alert refreshed it); new leads and repeat enquiries have this one.
  const leadAlerts = callbacks ? held.filter((a) => a.kind !== 'callback_due') : [];
  const unseen = leadAlerts.filter((a) => !a.seen).length;
  const unread = bell.data?.count ?? 0;
  const count = unread + reminders.length + unseen;

  const exists = useRouteExists();
  const href = bell.data && exists(bell.data.href) ? bell.data.href : null;
  const close = () => {
    setOpened(false);
    markAlertsSeen();
  };
  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape') close();
  });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={6}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => {
              if (opened) markAlertsSeen();
              setOpened((o) => !o);
            }}
            aria-label={[
              texts.title,
              unread ? texts.counted(unread) : '',
              reminders.length ? t('bell.callbackCount', { count: reminders.length }) : '',
              unseen ? `${t('bell.newLeads')}: ${unseen}` : '',
            ]
              .filter(Boolean)
              .join(', ')}
          >
            <Icon name="bell" size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        {leadAlerts.length > 0 && <AlertSection alerts={leadAlerts} onNavigate={close} />}
        {reminders.length > 0 && <CallbackSection reminders={reminders} onNavigate={close} />}
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>{texts.title}</Text>
          {unread > 0 && (
            <Text size="xs" c="dimmed">
              {texts.counted(unread)}
            </Text>
          )}
        </Group>
        <Divider />
        {bell.isPending ? (
          <Group justify="center" py="lg">
            <Loader size="sm" />
          </Group>
        ) : bell.isError ? (
          <Text size="sm" c="red" ta="center" py="lg" px="md">
            {texts.failed}
          </Text>
        ) : bell.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {texts.empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {bell.data.items.map((n) => {
                // biome-ignore lint/correctness/useJsxKeyInIterable: the row is a child of the keyed element below, not an item of the list
                const row = <BellRow {...noticeText(n, t)} createdAt={n.created_at} read={n.read} language={shared.language} />;
                return href ? (
                  <UnstyledButton key={n.id} component={Link} to={href} onClick={close} className={classes.row}>
                    {row}
                  </UnstyledButton>
                ) : (
                  <Box key={n.id} className={classes.row}>
                    {row}
                  </Box>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {href && (
          <Box px="md" py="sm">
            <Anchor component={Link} to={href} size="sm" onClick={close}>
              {texts.all}
            </Anchor>
          </Box>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

interface BellRowProps {
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
  language: SharedText['language'];
}

function BellRow({ title, message, createdAt, read, language }: BellRowProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box mt={6} w={8} h={8} style={{ flex: 'none', borderRadius: '50%', background: read ? 'transparent' : 'var(--mantine-color-blue-6)' }} />
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={read ? 400 : 600} lineClamp={1}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {message}
        </Text>
        <Text size="xs" c="dimmed" mt={2} title={formatDateTime(createdAt)}>
          {dayjs(createdAt).locale(language).fromNow()}
        </Text>
      </Box>
    </Group>
  );
}

/** "2 due, 1 missed" */
function callbackSummary(reminders: CallbackReminder[], t: SharedText['t']): string {
  const due = reminders.filter((r) => r.state === 'due').length;
  const missed = reminders.length - due;
  return [due ? t('bell.due', { count: due }) : '', missed ? t('bell.missed', { count: missed }) : ''].filter(Boolean).join(', ');
}

/** Callbacks due now or missed, each leading to Today's Callbacks (once that page exists). */
function CallbackSection({ reminders, onNavigate }: { reminders: CallbackReminder[]; onNavigate: () => void }) {
  const { t } = useSharedText();
  const exists = useRouteExists();
  const href = exists(CALLBACKS_PATH) ? CALLBACKS_PATH : null;
  return (
    <>
      <Group justify="space-between" px="md" py="sm">
        <Text fw={600}>{t('bell.callbacks')}</Text>
        <Text size="xs" c="dimmed">
          {callbackSummary(reminders, t)}
        </Text>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={220}>
        <Stack gap={0}>
          {reminders.map((r) => {
            // biome-ignore lint/correctness/useJsxKeyInIterable: the row is a child of the keyed element below, not an item of the list
            const row = <CallbackRow reminder={r} />;
            return href ? (
              <UnstyledButton key={r.id} component={Link} to={href} onClick={onNavigate} className={classes.row}>
                {row}
              </UnstyledButton>
            ) : (
              <Box key={r.id} className={classes.row}>
                {row}
              </Box>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}

function CallbackRow({ reminder }: { reminder: CallbackReminder }) {
  const { t } = useSharedText();
  const missed = reminder.state === 'missed';
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="sm" fw={missed ? 400 : 600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {reminderText(reminder, t)}
      </Text>
      <Badge size="sm" variant="light" color={missed ? 'red' : 'orange'} style={{ flex: 'none' }}>
        {t(missed ? 'bell.missedBadge' : 'bell.dueBadge')}
      </Badge>
    </Group>
  );
}

/** The leads alerted to this tab (routed to the user, or enquiring again), each opening the lead. */
/** Each alert kind's badge in the bell (colour, text); a new lead's is the default. */
const BELL_BADGES: Partial<Record<HeldAlert['kind'], [string, 'bell.repeatBadge' | 'bell.calledBadge']>> = {
  repeat_enquiry: ['grape', 'bell.repeatBadge'],
  lead_called: ['green', 'bell.calledBadge'],
};

function AlertSection({ alerts, onNavigate }: { alerts: HeldAlert[]; onNavigate: () => void }) {
  const { t } = useSharedText();
  return (
    <>
      <Group justify="space-between" px="md" py="sm">
        <Text fw={600}>{t('bell.newLeads')}</Text>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={220}>
        <Stack gap={0}>
          {alerts.map((a) => (
            <UnstyledButton key={`${a.kind}:${a.leadId}`} component={Link} to={a.url} onClick={onNavigate} className={classes.row}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                <Text size="sm" fw={a.seen ? 400 : 600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {a.leadName}
                </Text>
                <Badge size="sm" variant="light" color={BELL_BADGES[a.kind]?.[0] ?? 'blue'} style={{ flex: 'none' }}>
                  {t(BELL_BADGES[a.kind]?.[1] ?? 'bell.newBadge')}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
