import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { TitleText, LongText, OneLine } from '../TextCells';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
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
        <QueryState query={sent} empty="No notifications sent yet" isEmpty={(d) => d.total === 0}>
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={50}>#</Table.Th>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Message</Table.Th>
                      <Table.Th>Sent to</Table.Th>
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
                        <Table.Td maw={380}>
                          <LongText text={n.message} lines={3} />
                        </Table.Td>
                        <Table.Td>
                          {n.subadmin_id === null ? (
                            <Badge variant="light" color="grape">
                              {n.target}
                            </Badge>
                          ) : (
                            <Text size="sm">{n.target}</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <OneLine>{formatDateTime(n.created_at)}</OneLine>
                        </Table.Td>
                        <Table.Td>
                          <OneLine>{n.read_count} of {n.recipient_count} {n.recipient_count === 1 ? 'company' : 'companies'}</OneLine>
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
    </Stack>
  );
}
