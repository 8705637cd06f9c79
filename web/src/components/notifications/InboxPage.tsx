import { useState } from 'react';
import { Badge, Box, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { errorMessage, trpc } from '../../trpc';
import { notifyError } from '../../lib/notify';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import type { InboxItem } from '../../../../shared/schemas/notifications';
import { formatDateTime } from '../../lib/format';
import { inboxInput } from './inboxQuery';
import { useSharedText } from '../../i18n/sharedText';
import { noticeText } from './noticeText';

interface Props {
  title: string;
  description: string;
}

/**
 * A reader's notifications (a sub-admin's from the admin, a user's from its company): newest first,
 * unread ones highlighted; opening one marks it read.
 */
export function InboxPage({ title, description }: Props) {
  const { t, serverText } = useSharedText();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const inbox = trpc.notifications.inbox.useQuery(inboxInput(page), { placeholderData: (prev) => prev });
  const utils = trpc.useUtils();
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => void utils.notifications.invalidate(),
    onError: (err) => notifyError(serverText(errorMessage(err, t('inbox.markFailed')))),
  });
  const unread = inbox.data?.unread ?? 0;

  const open = (n: InboxItem) => {
    setOpenId((current) => (current === n.id ? null : n.id));
    if (!n.read) markRead.mutate({ ids: [n.id] });
  };

  return (
    <Stack>
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500} c={unread > 0 ? 'blue.7' : 'dimmed'}>
          {inbox.data ? (unread > 0 ? t('bell.unread', { count: unread }) : t('inbox.allCaughtUp')) : ''}
        </Text>
        <Button
          variant="light"
          size="sm"
          onClick={() => markRead.mutate({})}
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables?.ids === undefined}
        >
          {t('inbox.markAllRead')}
        </Button>
      </Group>
      <QueryState query={inbox} empty={t('inbox.empty')} isEmpty={(d) => d.total === 0}>
        {(data) => (
          <>
            <Stack gap="sm">
              {data.items.map((n) => (
                <NotificationCard key={n.id} item={n} expanded={openId === n.id} onOpen={() => open(n)} />
              ))}
            </Stack>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function NotificationCard({ item, expanded, onOpen }: { item: InboxItem; expanded: boolean; onOpen: () => void }) {
  const { t } = useSharedText();
  const { title, message } = noticeText(item, t);
  return (
    <Paper
      withBorder
      radius="md"
      bg={item.read ? undefined : 'blue.0'}
      style={{ borderLeft: `4px solid var(--mantine-color-${item.read ? 'gray-3' : 'blue-6'})`, overflow: 'hidden' }}
    >
      <UnstyledButton onClick={onOpen} w="100%" p="md" aria-expanded={expanded}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box style={{ minWidth: 0 }}>
            <Text fw={item.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.created_at)}
            </Text>
          </Box>
          {!item.read && (
            <Badge size="sm" color="blue" style={{ flex: 'none' }}>
              {t('inbox.new')}
            </Badge>
          )}
        </Group>
        <Text size="sm" mt="xs" lineClamp={expanded ? undefined : 3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      </UnstyledButton>
    </Paper>
  );
}
