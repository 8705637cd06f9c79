import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { formatDate, formatMoney } from '../../lib/format';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { BusinessFigures } from './BusinessFigures';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import type { Project } from './types';
import { useListPage } from '../../lib/useListPage';
import { pageInput, type PageSearch } from './pageSearch';

/** Total Business: the telecaller's approved projects, their totals and each project's commission. */
export function TotalBusinessPage() {
  const { search, setPage } = useListPage<PageSearch>();
  const { t } = useTranslation();
  const business = trpc.projects.myBusiness.useQuery(pageInput(search), { placeholderData: (prev) => prev });
  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./totalbusniness')}</Title>
        <Text c="dimmed" size="sm">
          {t('projects.business.intro')}
        </Text>
      </div>
      {business.data && <BusinessFigures totals={business.data.totals} />}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('projects.business.details')}
        </Title>
        <AppTable<Project>
          aria-label={t('projects.business.tableLabel')}
          query={business}
          records={business.data?.projects.items}
          empty={t('projects.business.empty')}
          errorText={t('projects.business.failed')}
          paging={pagingOf(business.data?.projects, setPage)}
          minWidth={900}
          columns={[
            { accessor: 'project_name', title: t('projects.payment.project') },
            { accessor: 'clint_name', title: t('projects.business.client') },
            { accessor: 'price', title: t('projects.price'), textAlign: 'right', render: (p) => formatMoney(p.price) },
            { accessor: 'received', title: t('projects.received'), textAlign: 'right', render: (p) => formatMoney(p.received) },
            { accessor: 'pending', title: t('projects.pending'), textAlign: 'right', render: (p) => formatMoney(p.pending) },
            { accessor: 'commission_percentage', title: t('projects.commission'), textAlign: 'right', render: (p) => `${p.commission_percentage}%` },
            { accessor: 'commission', title: t('projects.business.commissionValue'), textAlign: 'right', render: (p) => formatMoney(p.commission) },
            { accessor: 'commission_earned', title: t('projects.earned'), textAlign: 'right', render: (p) => formatMoney(p.commission_earned) },
            { accessor: 'endtime', title: t('projects.end'), render: (p) => formatDate(p.endtime) },
            { accessor: 'status', title: t('queue.status'), render: (p) => <ProjectStatusBadge project={p} /> },
          ]}
        />
      </Paper>
    </Stack>
  );
}
