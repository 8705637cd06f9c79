import { lazy, Suspense } from 'react';
import { Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { AppTable } from '../DataTable/AppTable';
import { PAGE_TITLES } from '../layout/pageTitles';
import { PRODUCTIVITY_COLUMNS } from '../../../../shared/productivity-columns';
import type { Productivity } from '../../../../shared/schemas/summaries';
import { DateRangeForm } from './DateRangeForm';
import { PRODUCTIVITY_TABLE_COLUMNS } from './productivityColumns';
import type { RangeSearch } from './rangeSearch';
import { rangeLabel, shownRange } from './useRange';
import { useListPage } from '../../lib/useListPage';

// Charts (recharts) load with this page's charts only.
const ProductivityCharts = lazy(() => import('./ProductivityCharts'));

const exportUrl = (from: string, to: string) => `/api/webapi/summaries/productivity.csv?${new URLSearchParams({ from, to })}`;

/** Productivity per telecaller for a range: the table, its charts and its CSV. */
export function ProductivityPage() {
  const { search, setSearch } = useListPage<RangeSearch>();
  const { from, to, today } = shownRange(search);
  const table = trpc.summaries.productivity.useQuery({ from, to }, { placeholderData: (prev) => prev });
  const data = table.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/Leads/productivity']}</Title>
          <Text c="dimmed" size="sm">
            Calls, talk time, callbacks and conversion of each telecaller, by your company's days.
          </Text>
        </div>
        {data && data.totals.calls > 0 ? (
          <Button component="a" href={exportUrl(data.from, data.to)} variant="light">
            Export CSV
          </Button>
        ) : (
          <Button variant="light" disabled>
            Export CSV
          </Button>
        )}
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      {data && (
        <Text size="sm" c="dimmed">
          {rangeLabel(data.from, data.to, today)}
        </Text>
      )}
      {data && <Totals data={data} />}
      <AppTable
        aria-label="Productivity per telecaller"
        query={table}
        records={data?.rows}
        idAccessor="id"
        empty="No data found."
        errorText="Error fetching data. Please try again."
        minWidth={880}
        columns={PRODUCTIVITY_TABLE_COLUMNS}
      />
      {data && data.totals.calls > 0 && (
        <Suspense fallback={<Skeleton h={260} />}>
          <ProductivityCharts data={data} />
        </Suspense>
      )}
    </Stack>
  );
}

function Totals({ data }: { data: Productivity }) {
  const figures = PRODUCTIVITY_COLUMNS.flatMap((c) => c.card?.(data.totals) ?? []);
  return (
    <SimpleGrid cols={{ base: 2, lg: figures.length }} spacing={{ base: 'sm', sm: 'md' }}>
      {figures.map((f) => (
        <Card key={f.label} withBorder radius="md" padding="sm">
          <Text size="sm" c="dimmed" fw={500}>
            {f.label}
          </Text>
          <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {f.value}
          </Text>
          <Text size="xs" c="dimmed">
            {f.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
