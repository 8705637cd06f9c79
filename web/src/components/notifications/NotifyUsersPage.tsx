import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { TitleText, LongText, OneLine } from '../TextCells';
import { AppTable } from '../DataTable/AppTable';
import { SendToUsersInput } from '../../../../shared/schemas/notifications';
import { formatDateTime, rowNumber } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { fieldErrorsOf, SendNotificationFields, type NotificationFieldErrors } from './SendNotificationFields';

const PAGE_SIZE = 20;

/** A sub-admin notifies all its users, and sees what it sent and how many read it. */
export function NotifyUsersPage() {
  return (
    <Stack>
      <div>
        <Title order={2}>Telecaller Notifications</Title>
        <Text c="dimmed" size="sm">
          Send a notification to all your telecallers, telecaller heads and developers.
        </Text>
      </div>
      <SendToUsersForm />
      <SentToUsersList />
    </Stack>
  );
}

function SendToUsersForm() {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<NotificationFieldErrors>({});
  const utils = trpc.useUtils();
  const send = trpc.notifications.sendToUsers.useMutation({
    onSuccess: () => {
      notifySuccess('Notification sent successfully!');
      setTitle('');
      setMessage('');
      void utils.notifications.sentToUsers.invalidate();
    },
    onError: (err) => notifyFailure('Failed to send notification', err),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SendToUsersInput.safeParse({ title, message });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Paper withBorder p="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={4}>New notification</Title>
          <SendNotificationFields
            title={title}
            message={message}
            errors={errors}
            onTitle={(v) => {
              setTitle(v);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            onMessage={(v) => {
              setMessage(v);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send to all users
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SentToUsersList() {
  const [page, setPage] = useState(1);
  const sent = trpc.notifications.sentToUsers.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Sent notifications
      </Title>
      <AppTable
        aria-label="Sent notifications"
        query={sent}
        records={sent.data?.items}
        empty="No notifications sent yet"
        minWidth={640}
        paging={sent.data && { page: sent.data.page, pageSize: sent.data.pageSize, total: sent.data.total, onPageChange: setPage }}
        columns={[
          { accessor: 'index', title: '#', width: 44, render: (_n, i) => rowNumber(sent.data?.page ?? page, PAGE_SIZE, i) },
          { accessor: 'title', title: 'Title', render: (n) => <TitleText maw={220}>{n.title}</TitleText> },
          {
            accessor: 'message',
            title: 'Message',
            render: (n) => (
              <div style={{ minWidth: 180, maxWidth: 400 }}>
                <LongText text={n.message} lines={3} />
              </div>
            ),
          },
          { accessor: 'created_at', title: 'Date', render: (n) => <OneLine>{formatDateTime(n.created_at)}</OneLine> },
          {
            accessor: 'read_count',
            title: 'Read by',
            render: (n) => (
              <OneLine>
                {n.read_count} of {n.recipient_count} {n.recipient_count === 1 ? 'user' : 'users'}
              </OneLine>
            ),
          },
        ]}
      />
    </Paper>
  );
}
