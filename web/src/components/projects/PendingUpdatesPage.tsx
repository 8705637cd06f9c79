import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { formatDate, formatMoney } from '../../lib/format';
import { DateTimeText } from '../TextCells';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import type { PendingUpdate } from './types';
import { useListPage } from '../../lib/useListPage';
import { pageInput, type PageSearch } from './pageSearch';

/** Was and proposed, one above the other; a changed value stands out. */
function Change({ was, now }: { was: string; now: string }) {
  if (was === now) return <Text size="sm">{now}</Text>;
  return (
    <div>
      <Text size="xs" c="dimmed" td="line-through">
        {was}
      </Text>
      <Text size="sm" fw={700} c="blue">
        {now}
      </Text>
    </div>
  );
}

/** Pending Project Updates: each request beside the project as it is; approving applies it, rejecting restores the project. */
export function PendingUpdatesPage() {
  const { search, setPage } = useListPage<PageSearch>();
  const utils = trpc.useUtils();
  const updates = trpc.projects.pendingUpdates.useQuery(pageInput(search), { placeholderData: (prev) => prev });
  const decide = trpc.projects.decideUpdate.useMutation({
    onSuccess: (r) => {
      notifySuccess(r.message);
      void utils.projects.invalidate();
    },
    onError: (e) => notifyFailure('Failed to decide the update', e),
  });
  const deciding = (id: number) => decide.isPending && decide.variables?.id === id;
  const money = (u: PendingUpdate, k: 'price' | 'received' | 'pending') => <Change was={formatMoney(u.current[k])} now={formatMoney(u.proposed[k])} />;
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/payment']}</Title>
        <Text c="dimmed" size="sm">
          Payment updates your telecallers asked for. Approving applies the new figures and records the payment.
        </Text>
      </div>
      <Paper withBorder p="md">
        <AppTable<PendingUpdate>
          aria-label="Pending project updates"
          query={updates}
          records={updates.data?.items}
          empty="No pending updates."
          errorText="Failed to load pending updates"
          paging={pagingOf(updates.data, setPage)}
          minWidth={1000}
          columns={[
            { accessor: 'telecaller_name', title: 'Telecaller' },
            { accessor: 'project_name', title: 'Project', render: (u) => <Change was={u.current.project_name} now={u.proposed.project_name} /> },
            { accessor: 'clint_name', title: 'Client', render: (u) => <Change was={u.current.clint_name} now={u.proposed.clint_name} /> },
            { accessor: 'price', title: 'Total Price', textAlign: 'right', render: (u) => money(u, 'price') },
            { accessor: 'received', title: 'Received', textAlign: 'right', render: (u) => money(u, 'received') },
            { accessor: 'pending', title: 'Pending', textAlign: 'right', render: (u) => money(u, 'pending') },
            {
              accessor: 'commission_percentage',
              title: 'Commission',
              textAlign: 'right',
              render: (u) => <Change was={`${u.current.commission_percentage}%`} now={`${u.proposed.commission_percentage}%`} />,
            },
            { accessor: 'endtime', title: 'End Time', render: (u) => <Change was={formatDate(u.current.endtime)} now={formatDate(u.proposed.endtime)} /> },
            { accessor: 'created_at', title: 'Asked', render: (u) => <DateTimeText at={u.created_at} /> },
          ]}
          actions={{
            render: (u) => (
              // One above the other: side by side they took the width of a data column.
              <Stack gap={6}>
                <Button
                  size="xs"
                  color="green"
                  loading={deciding(u.id) && decide.variables?.approve}
                  disabled={deciding(u.id)}
                  onClick={() => decide.mutate({ id: u.id, approve: true })}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={deciding(u.id) && !decide.variables?.approve}
                  disabled={deciding(u.id)}
                  onClick={() => decide.mutate({ id: u.id, approve: false })}
                >
                  Reject
                </Button>
              </Stack>
            ),
          }}
        />
      </Paper>
    </Stack>
  );
}
