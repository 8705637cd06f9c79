import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { sentNotificationColumns } from './sentColumns';
import { pageInput } from '../projects/pageSearch';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';

/** "Subadmin Notifications": what the admin has sent to companies, and how many read it. */
export function SentToSubadminsPage() {
  const [page, setPage] = useState(1);
  const sent = trpc.notifications.sentToSubadmins.useQuery(pageInput({ page }), { placeholderData: (prev) => prev });

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
          paging={pagingOf(sent.data, setPage)}
          columns={sentNotificationColumns<NonNullable<typeof sent.data>['items'][number]>({
            page: sent.data?.page ?? page,
            pageSize: LIST_PAGE_SIZE,
            messageMaxWidth: 380,
            recipient: ['company', 'companies'],
            middle: [
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
            ],
          })}
        />
      </Paper>
    </Stack>
  );
}
