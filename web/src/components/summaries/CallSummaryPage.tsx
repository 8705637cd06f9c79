import { Card, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { PAGE_TITLES } from '../layout/pageTitles';
import { splitDuration, type CallerCallSummary, type CategoryTotal } from '../../../../shared/schemas/summaries';
import { AppTable, type AppColumn } from '../DataTable/AppTable';
import { CATEGORY_COLORS } from './CallCategoryBadge';
import { FeedbackBreakdown } from './FeedbackBreakdown';
import { CallerName } from './CallerName';
import { DateRangeForm } from './DateRangeForm';
import type { RangeSearch } from './rangeSearch';
import { useListPage } from '../../lib/useListPage';
import { rangeLabel, shownRange } from './useRange';

const hms = (seconds: number) => {
  const { h, m, s } = splitDuration(seconds);
  return `${h}h ${m}m ${s}s`;
};

/** Telecaller Call Summary: one card per telecaller and head, its calls per category, counted and timed. */
export function CallSummaryPage() {
  const { search, setSearch } = useListPage<RangeSearch>();
  const { from, to, today } = shownRange(search);
  const summary = trpc.summaries.callSummary.useQuery({ from, to }, { placeholderData: (prev) => prev });
  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/Leads/callsummary']}</Title>
        <Text c="dimmed" size="sm">
          Each telecaller's calls by what they came to, with the time spent on them.
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      <QueryState query={summary} empty="No data found." isEmpty={(d) => d.callers.length === 0} errorText="Error fetching data. Please try again.">
        {(data) => (
          <div>
            <Text size="sm" c="dimmed" mb="xs">
              Calls of {rangeLabel(data.from, data.to, today)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" style={{ alignItems: 'start' }}>
              {data.callers.map((c) => (
                <CallerCard key={c.id} caller={c} />
              ))}
            </SimpleGrid>
          </div>
        )}
      </QueryState>
    </Stack>
  );
}

function CallerCard({ caller }: { caller: CallerCallSummary }) {
  return (
    <Card withBorder radius="md" padding="md">
      <CallerName caller={caller} />
      <Text size="sm" c="dimmed" mt={2}>
        {caller.total.count} {caller.total.count === 1 ? 'call' : 'calls'} · {hms(caller.total.duration)}
      </Text>
      <Divider my="sm" />
      {caller.total.count === 0 ? (
        <Text size="sm" c="dimmed">
          No calls in this period.
        </Text>
      ) : (
        <AppTable
          compact
          aria-label={`Calls of ${caller.name} by category`}
          records={caller.categories}
          idAccessor="category"
          empty="No calls in this period."
          columns={CATEGORY_COLUMNS}
        />
      )}
    </Card>
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

const CATEGORY_COLUMNS: AppColumn<CategoryTotal>[] = [
  {
    accessor: 'category',
    title: 'Category',
    render: (cat) => (
      <Group gap={6} wrap="nowrap" c={cat.count === 0 ? 'dimmed' : undefined}>
        <span
          aria-hidden
          style={{
            width: 8,
            height: 8,
            borderRadius: 4,
            flex: 'none',
            background: `var(--mantine-color-${CATEGORY_COLORS[cat.category]}-${cat.count ? 6 : 3})`,
          }}
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {cat.category}
          {cat.feedback.length > 0 && <FeedbackBreakdown feedback={cat.feedback} />}
        </Stack>
      </Group>
    ),
  },
  { accessor: 'count', title: 'Calls', textAlign: 'right', cellsStyle: () => numeric },
  { accessor: 'duration', title: 'Duration', textAlign: 'right', noWrap: true, cellsStyle: () => numeric, render: (cat) => hms(cat.duration) },
];
