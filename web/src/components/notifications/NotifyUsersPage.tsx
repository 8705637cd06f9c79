import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { SendToUsersInput } from '../../../../shared/schemas/notifications';
import { sentNotificationColumns } from './sentColumns';
import { notifyFailure } from '../../lib/notify';
import { fieldErrorsOf, SendNotificationFields, type NotificationFieldErrors } from './SendNotificationFields';
import { pageInput } from '../projects/pageSearch';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';

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
  const sent = trpc.notifications.sentToUsers.useQuery(pageInput({ page }), { placeholderData: (prev) => prev });
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
        paging={pagingOf(sent.data, setPage)}
        columns={sentNotificationColumns({ page: sent.data?.page ?? page, pageSize: LIST_PAGE_SIZE, messageMaxWidth: 400, recipient: ['user', 'users'] })}
      />
    </Paper>
  );
}
