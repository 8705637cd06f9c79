import { lazy, Suspense } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { formatCount, formatMoney, formatMonth } from '../../lib/format';
import { PAGE_TITLES } from '../layout/pageTitles';
import { AppTable, type AppColumn } from '../DataTable/AppTable';
import { DateRangeForm } from '../summaries/DateRangeForm';
import { BusinessFigures } from './BusinessFigures';
import type { Business } from './types';
import { useListPage } from '../../lib/useListPage';

const BusinessChart = lazy(() => import('./BusinessChart'));

type Totals = Business['totals'];
const moneyColumns = <T extends Totals>(): AppColumn<T>[] => [
  { accessor: 'projects', title: 'Projects', textAlign: 'right', render: (r) => formatCount(r.projects) },
  { accessor: 'value', title: 'Value sold', textAlign: 'right', render: (r) => formatMoney(r.value) },
  { accessor: 'received', title: 'Received', textAlign: 'right', render: (r) => formatMoney(r.received) },
  { accessor: 'pending', title: 'Pending', textAlign: 'right', render: (r) => formatMoney(r.pending) },
  { accessor: 'commission', title: 'Commission on price', textAlign: 'right', render: (r) => formatMoney(r.commission) },
  { accessor: 'commission_earned', title: 'Commission earned', textAlign: 'right', render: (r) => formatMoney(r.commission_earned) },
];

export interface BusinessSearch {
  from?: string;
  to?: string;
}

/** The company's business over a range: per telecaller and per month, with a chart and the CSV. */
export function BusinessPage() {
  const { search, setSearch } = useListPage<BusinessSearch>();
  const business = trpc.projects.business.useQuery(search, { placeholderData: (prev) => prev });
  const d = business.data;
  const csv = d ? `/api/webapi/projects/business.csv?${new URLSearchParams({ from: d.from, to: d.to })}` : undefined;
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/business']}</Title>
        <Text c="dimmed" size="sm">
          Approved projects created in the range: value sold, money received and pending, and the commission earned on it.
        </Text>
      </div>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {d ? <DateRangeForm from={d.from} to={d.to} onApply={setSearch} /> : <div />}
          <Button component="a" href={csv} download variant="light" disabled={!csv}>
            Export CSV
          </Button>
        </Group>
      </Paper>
      {d && <BusinessFigures totals={d.totals} />}
      {d && d.byMonth.length > 1 && (
        <Paper withBorder p="md">
          <Suspense fallback={<div style={{ height: 240 }} />}>
            <BusinessChart months={d.byMonth} />
          </Suspense>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          By telecaller
        </Title>
        <AppTable<Business['byTelecaller'][number]>
          aria-label="Business by telecaller"
          query={business}
          records={d?.byTelecaller}
          idAccessor="telicaller_id"
          empty="No approved projects in this range."
          minWidth={900}
          columns={[{ accessor: 'telecaller_name', title: 'Telecaller' }, ...moneyColumns<Business['byTelecaller'][number]>()]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          By month
        </Title>
        <AppTable<Business['byMonth'][number]>
          aria-label="Business by month"
          query={business}
          records={d?.byMonth}
          idAccessor="month"
          empty="No months in this range."
          minWidth={900}
          columns={[{ accessor: 'month', title: 'Month', render: (m) => formatMonth(m.month) }, ...moneyColumns<Business['byMonth'][number]>()]}
        />
      </Paper>
    </Stack>
  );
}
