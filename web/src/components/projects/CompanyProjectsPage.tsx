import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PAGE_TITLES, type TitledPath } from '../layout/pageTitles';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { projectColumns } from './companyColumns';
import { LedgerModal } from './LedgerModal';
import type { Project } from './types';
import { useListPage } from '../../lib/useListPage';
import { companyProjectsInput } from './pageSearch';

export const COMPANY_LISTS = {
  running: {
    path: '/subadmin/SubProject/createproject',
    description: 'Approved projects being delivered; complete one when it is done.',
    empty: 'No running projects.',
  },
  rejected: { path: '/subadmin/SubProject/rejectproject', description: 'Projects you rejected.', empty: 'No rejected projects.' },
  completed: { path: '/subadmin/SubProject/compleatproject', description: 'Delivered projects.', empty: 'No completed projects found.' },
  fromLeads: {
    path: '/subadmin/Leads/confirmproject',
    description: 'Projects sold to leads, with the lead each came from.',
    empty: 'No projects from leads yet.',
  },
} satisfies Record<string, { path: TitledPath; description: string; empty: string }>;

export interface CompanyListSearch {
  telecaller?: number;
  page?: number;
}

/** A company list of projects, of every telecaller or of one; running ones can be completed, any one's payments opened. */
export function CompanyProjectsPage({ list }: { list: keyof typeof COMPANY_LISTS }) {
  const { search, setSearch, setPage } = useListPage<CompanyListSearch>();
  const config = COMPANY_LISTS[list];
  const utils = trpc.useUtils();
  const people = trpc.projects.telecallers.useQuery();
  const projects = trpc.projects.list.useQuery(companyProjectsInput(list, search), { placeholderData: (prev) => prev });
  const complete = trpc.projects.complete.useMutation({
    onSuccess: (r) => {
      notifySuccess(r.message);
      void utils.projects.invalidate();
    },
    onError: (e) => notifyFailure('Failed to complete project', e),
  });
  const [ledgerOf, setLedgerOf] = useState<Project | null>(null);

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES[config.path]}</Title>
        <Text c="dimmed" size="sm">
          {config.description}
        </Text>
      </div>
      <Paper withBorder p="md">
        <Group mb="md">
          <Select
            label="Telecaller"
            placeholder="Every telecaller"
            clearable
            searchable
            data={(people.data ?? []).map((p) => ({ value: String(p.telicaller_id), label: p.telecaller_name }))}
            value={search.telecaller ? String(search.telecaller) : null}
            onChange={(v) => setSearch(v ? { telecaller: Number(v) } : {})}
            maw={320}
            w="100%"
          />
        </Group>
        <AppTable<Project>
          aria-label={PAGE_TITLES[config.path]}
          query={projects}
          records={projects.data?.items}
          empty={config.empty}
          errorText="Failed to load projects"
          paging={pagingOf(projects.data, setPage)}
          minWidth={1100}
          columns={projectColumns({ telecaller: true, lead: list === 'fromLeads', reason: list === 'rejected' })}
          actions={{
            render: (p) => (
              <Group gap={6} wrap="nowrap">
                {list === 'running' && !p.update_pending && (
                  <Button size="xs" color="green" loading={complete.isPending && complete.variables?.id === p.id} onClick={() => complete.mutate({ id: p.id })}>
                    Complete
                  </Button>
                )}
                {p.status !== 0 && p.status !== 3 && (
                  <Button size="xs" variant="default" onClick={() => setLedgerOf(p)}>
                    Payments
                  </Button>
                )}
              </Group>
            ),
          }}
        />
      </Paper>
      {ledgerOf && <LedgerModal projectId={ledgerOf.id} title={ledgerOf.project_name} asCompany onClose={() => setLedgerOf(null)} />}
    </Stack>
  );
}
