import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifySuccess } from '../../lib/notify';
import { TitleText, LongText, OneLine } from '../TextCells';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
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
      <QueryState query={sent} empty="No notifications sent yet" isEmpty={(d) => d.total === 0}>
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={680}>
              <Table verticalSpacing="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={50}>#</Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Message</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Read by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((n, i) => (
                    <Table.Tr key={n.id}>
                      <Table.Td>{rowNumber(data.page, data.pageSize, i)}</Table.Td>
                      <Table.Td maw={220}>
                        <TitleText>{n.title}</TitleText>
                      </Table.Td>
                      <Table.Td maw={400}>
                        <LongText text={n.message} lines={3} />
                      </Table.Td>
                      <Table.Td>
                        <OneLine>{formatDateTime(n.created_at)}</OneLine>
                      </Table.Td>
                      <Table.Td>
                        <OneLine>{n.read_count} of {n.recipient_count} {n.recipient_count === 1 ? 'user' : 'users'}</OneLine>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Paper>
  );
}
