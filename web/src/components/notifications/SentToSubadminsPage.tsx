import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { TitleText, LongText, OneLine } from '../TextCells';
import { AppTable } from '../DataTable/AppTable';
import { formatDateTime, rowNumber } from '../../lib/format';

const PAGE_SIZE = 20;

/** "Subadmin Notifications": what the admin has sent to companies, and how many read it. */
export function SentToSubadminsPage() {
  const [page, setPage] = useState(1);
  const sent = trpc.notifications.sentToSubadmins.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Subadmin Notifications</Title>
          <Text c="dimmed" size="sm">
            Notifications you have sent to subadmins, newest first.
          </Text>
        </div>
        <Button component={Link} to="/admin/create-notification">
          Create notification
        </Button>
      </Group>
      <Paper withBorder p="md">
        <AppTable
          aria-label="Sent notifications"
          query={sent}
          records={sent.data?.items}
          empty="No notifications sent yet"
          minWidth={780}
          paging={sent.data && { page: sent.data.page, pageSize: sent.data.pageSize, total: sent.data.total, onPageChange: setPage }}
          columns={[
            { accessor: 'index', title: '#', width: 44, render: (_n, i) => rowNumber(sent.data?.page ?? page, PAGE_SIZE, i) },
            { accessor: 'title', title: 'Title', render: (n) => <TitleText maw={220}>{n.title}</TitleText> },
            {
              accessor: 'message',
              title: 'Message',
              render: (n) => (
                <div style={{ minWidth: 180, maxWidth: 380 }}>
                  <LongText text={n.message} lines={3} />
                </div>
              ),
            },
            {
              accessor: 'target',
              title: 'Sent to',
              render: (n) =>
                n.subadmin_id === null ? (
                  <Badge variant="light" color="grape">
                    {n.target}
                  </Badge>
                ) : (
                  <Text size="sm">{n.target}</Text>
                ),
            },
            { accessor: 'created_at', title: 'Date', render: (n) => <OneLine>{formatDateTime(n.created_at)}</OneLine> },
            {
              accessor: 'read_count',
              title: 'Read by',
              render: (n) => (
                <OneLine>
                  {n.read_count} of {n.recipient_count} {n.recipient_count === 1 ? 'company' : 'companies'}
                </OneLine>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
