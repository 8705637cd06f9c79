import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { formatMoney } from '../../lib/format';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import type { Project } from './types';
import { RejectProjectModal } from './RejectProjectModal';
import { useListPage } from '../../lib/useListPage';
import { companyProjectsInput } from './pageSearch';

export interface ApproveSearch {
  telecaller?: number;
  page?: number;
}

/** Approve Projects: telecallers with their counts; a telecaller's projects waiting for approval, each approved or rejected. */
export function ApproveProjectsPage() {
  const { search } = useListPage<ApproveSearch>();
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/SubProject/approveproject']}</Title>
        <Text c="dimmed" size="sm">
          Projects your telecallers created wait here until you approve or reject them.
        </Text>
      </div>
      {search.telecaller ? <PendingOf /> : <Telecallers />}
    </Stack>
  );
}

function Telecallers() {
  const { setSearch } = useListPage<ApproveSearch>();
  const people = trpc.projects.telecallers.useQuery();
  return (
    <Paper withBorder p="md">
      <AppTable
        aria-label="Telecallers"
        query={people}
        records={people.data}
        idAccessor="telicaller_id"
        empty="No telecallers yet."
        errorText="Failed to load telecallers"
        columns={[
          { accessor: 'telicaller_id', title: 'Telecaller ID', width: 120 },
          { accessor: 'telecaller_name', title: 'Name' },
          { accessor: 'total_projects', title: 'Total Projects', textAlign: 'right' },
          { accessor: 'pending_projects', title: 'Pending Projects', textAlign: 'right' },
        ]}
        actions={{
          render: (t) => (
            <Button size="xs" variant="light" onClick={() => setSearch({ telecaller: t.telicaller_id })}>
              View Projects
            </Button>
          ),
        }}
      />
    </Paper>
  );
}

function PendingOf() {
  const { search, setSearch, setPage } = useListPage<ApproveSearch>();
  const utils = trpc.useUtils();
  const projects = trpc.projects.list.useQuery(companyProjectsInput('pending', search), { placeholderData: (prev) => prev });
  const done = (r: { message: string }) => {
    notifySuccess(r.message);
    void utils.projects.invalidate();
  };
  const [rejecting, setRejecting] = useState<Project | null>(null);
  const approve = trpc.projects.approve.useMutation({ onSuccess: done, onError: (e) => notifyFailure('Failed to approve project', e) });
  const reject = trpc.projects.reject.useMutation({
    onSuccess: (r) => {
      setRejecting(null);
      done(r);
    },
    onError: (e) => notifyFailure('Failed to reject project', e),
  });
  const busy = (id: number) => (approve.isPending && approve.variables?.id === id) || (reject.isPending && reject.variables?.id === id);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Button variant="default" size="sm" onClick={() => setSearch({})}>
          Back
        </Button>
        <Text size="sm" c="dimmed">
          {projects.data?.items[0]?.telecaller_name ?? ''}
        </Text>
      </Group>
      <AppTable<Project>
        aria-label="Pending projects"
        query={projects}
        records={projects.data?.items}
        empty="No pending projects found"
        errorText="Failed to load projects"
        paging={pagingOf(projects.data, setPage)}
        minWidth={700}
        columns={[
          { accessor: 'id', title: 'Id', width: 70 },
          { accessor: 'project_name', title: 'Project Name' },
          { accessor: 'clint_name', title: 'Client' },
          { accessor: 'price', title: 'Price', textAlign: 'right', render: (p) => formatMoney(p.price) },
          { accessor: 'commission_percentage', title: 'Commission', textAlign: 'right', render: (p) => `${p.commission_percentage}%` },
          { accessor: 'status', title: 'Status', render: () => 'Pending' },
        ]}
        actions={{
          render: (p) => (
            <Group gap={6} wrap="nowrap">
              <Button
                size="xs"
                color="green"
                loading={approve.isPending && approve.variables?.id === p.id}
                disabled={busy(p.id)}
                onClick={() => approve.mutate({ id: p.id })}
              >
                Approve
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={reject.isPending && reject.variables?.id === p.id}
                disabled={busy(p.id)}
                onClick={() => setRejecting(p)}
              >
                Reject
              </Button>
            </Group>
          ),
        }}
      />
      {rejecting && (
        <RejectProjectModal
          project={rejecting}
          loading={reject.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) => reject.mutate({ id: rejecting.id, reason: reason || undefined })}
        />
      )}
    </Paper>
  );
}
