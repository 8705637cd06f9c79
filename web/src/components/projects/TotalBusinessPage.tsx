import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatDate, formatMoney } from '../../lib/format';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { BusinessFigures } from './BusinessFigures';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import type { Project } from './types';

const PAGE_SIZE = 20;

/** Total Business: the telecaller's approved projects, their totals and each project's commission. */
export function TotalBusinessPage({ page, setPage }: { page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation();
  const business = trpc.projects.myBusiness.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./totalbusniness')}</Title>
        <Text c="dimmed" size="sm">
          Approved projects: what they are worth, what has come in, and your commission.
        </Text>
      </div>
      {business.data && <BusinessFigures totals={business.data.totals} />}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          Project Details
        </Title>
        <AppTable<Project>
          aria-label="Project details"
          query={business}
          records={business.data?.projects.items}
          empty="No approved projects yet."
          errorText="Failed to load business overview. Please try again later."
          paging={pagingOf(business.data?.projects, setPage)}
          minWidth={900}
          columns={[
            { accessor: 'project_name', title: 'Project' },
            { accessor: 'clint_name', title: 'Client' },
            { accessor: 'price', title: 'Price', textAlign: 'right', render: (p) => formatMoney(p.price) },
            { accessor: 'received', title: 'Received', textAlign: 'right', render: (p) => formatMoney(p.received) },
            { accessor: 'pending', title: 'Pending', textAlign: 'right', render: (p) => formatMoney(p.pending) },
            { accessor: 'commission_percentage', title: 'Commission %', textAlign: 'right', render: (p) => `${p.commission_percentage}%` },
            { accessor: 'commission', title: 'Commission value', textAlign: 'right', render: (p) => formatMoney(p.commission) },
            { accessor: 'commission_earned', title: 'Earned so far', textAlign: 'right', render: (p) => formatMoney(p.commission_earned) },
            { accessor: 'endtime', title: 'End date', render: (p) => formatDate(p.endtime) },
            { accessor: 'status', title: 'Status', render: (p) => <ProjectStatusBadge project={p} /> },
          ]}
        />
      </Paper>
    </Stack>
  );
}
