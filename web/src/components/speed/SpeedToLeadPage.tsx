import { lazy, Suspense } from 'react';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { AppTable, pagingOf, type AppColumn } from '../DataTable/AppTable';
import { MobileLink, StackedTime } from '../lead-lists/LeadCells';
import { PAGE_TITLES } from '../layout/pageTitles';
import { userTypeLabel } from '../users/userTypes';
import { DateRangeForm } from '../summaries/DateRangeForm';
import { rangeInput, type RangeSearch } from '../summaries/rangeSearch';
import { rangeLabel, shownRange } from '../summaries/useRange';
import { useListPage } from '../../lib/useListPage';
import { formatCount } from '../../lib/format';
import { formatWait } from '../../../../shared/durations';
import {
  QUICK_CALL_MINUTES,
  SpeedRangeInput,
  type SpeedCallerRow,
  type SpeedFigures,
  type SpeedReport,
  type WaitingLead,
} from '../../../../shared/schemas/speed';
import { WAITING_PAGE_SIZE, waitingInput } from './speedSearch';
import { shareText, waitText } from './speedFormat';
import { VerifiedMark } from '../summaries/VerifiedMark';

// Charts (recharts) load with this page's charts only.
const SpeedDayCharts = lazy(() => import('./SpeedDayCharts'));

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const exportUrl = (kind: 'telecallers' | 'days', from: string, to: string) => `/api/webapi/speed/${kind}.csv?${new URLSearchParams({ from, to })}`;

/** "Mon–Sat 09:30–18:30": the working week the waits are counted in. */
function workingWeekText(r: SpeedReport): string {
  const days = [...r.workingHours.days].sort((a, b) => a - b);
  if (days.length === 0) return 'no working days set';
  const contiguous = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const names =
    contiguous && days.length > 2 ? `${WEEKDAYS[days[0]! - 1]}–${WEEKDAYS[days[days.length - 1]! - 1]}` : days.map((d) => WEEKDAYS[d - 1]).join(', ');
  return `${names} ${r.workingHours.start}–${r.workingHours.end}`;
}

/** Speed to lead: how long the leads that arrived in a range waited for their first call, in working hours. */
export function SpeedToLeadPage() {
  const { search, setSearch, setPage, keepInRange } = useListPage<RangeSearch>();
  const { from, to, today } = shownRange(search);
  const report = trpc.speed.report.useQuery(rangeInput(search), { placeholderData: (prev) => prev });
  const waiting = trpc.speed.waiting.useQuery(waitingInput(search), { placeholderData: (prev) => prev });
  keepInRange(waiting.data, WAITING_PAGE_SIZE);
  const data = report.data;
  const exportable = data !== undefined && data.company.arrived > 0;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{PAGE_TITLES['/subadmin/speed-to-lead']}</Title>
          <Text c="dimmed" size="sm">
            How long new leads waited for their first call, counted in working hours{data ? ` (${workingWeekText(data)}, ${data.timeZone})` : ''}.
          </Text>
        </div>
        <Group gap="xs">
          {(['telecallers', 'days'] as const).map((kind) => {
            const label = kind === 'telecallers' ? 'Export per telecaller' : 'Export per day';
            return exportable ? (
              <Button key={kind} component="a" href={exportUrl(kind, data.from, data.to)} variant="light">
                {label}
              </Button>
            ) : (
              <Button key={kind} variant="light" disabled>
                {label}
              </Button>
            );
          })}
        </Group>
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} schema={SpeedRangeInput} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      {data && (
        <Text size="sm" c="dimmed">
          Leads that arrived {rangeLabel(data.from, data.to, today)}
        </Text>
      )}
      {data && <CompanyFigures figures={data.company} />}
      <Text size="xs" c="dimmed">
        Leads not called yet count in Arrived but not in the median or the 90th percentile. The {QUICK_CALL_MINUTES}-minute share counts them once they have
        waited {QUICK_CALL_MINUTES} working minutes. Each lead counts for the telecaller who holds it now; leads in the pool count for the company only.
      </Text>
      <AppTable
        aria-label="Speed to lead per telecaller"
        query={report}
        records={data?.callers}
        idAccessor="id"
        empty="No telecallers yet."
        errorText="Could not load speed to lead. Please try again."
        minWidth={760}
        columns={CALLER_COLUMNS}
      />
      {data && data.pool.arrived > 0 && (
        <Text size="sm" c="dimmed">
          Pool (nobody holds them): {formatCount(data.pool.arrived)} arrived, {formatCount(data.pool.called)} called, median {waitText(data.pool.medianMs)}.
        </Text>
      )}
      {data &&
        data.company.called > 0 &&
        (data.perDay.length > 1 ? (
          <Suspense fallback={<Skeleton h={300} />}>
            <SpeedDayCharts days={data.perDay} />
          </Suspense>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a range of several days to see the median wait and the {QUICK_CALL_MINUTES}-minute share day by day.
          </Text>
        ))}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Title order={4}>Waiting now</Title>
        <Text size="sm" c="dimmed" mb="sm">
          New leads never called, that arrived in the range or in the last 7 days, the longest waiting first. Ages are in working hours.
        </Text>
        <AppTable
          aria-label="Leads waiting for a first call"
          query={waiting}
          records={waiting.data?.items}
          idAccessor="id"
          empty="No lead is waiting for a first call."
          errorText="Could not load the waiting leads. Please try again."
          minWidth={640}
          paging={pagingOf(waiting.data, setPage)}
          columns={WAITING_COLUMNS}
        />
      </Paper>
    </Stack>
  );
}

function CompanyFigures({ figures: f }: { figures: SpeedFigures }) {
  const cards = [
    { label: 'Arrived', value: formatCount(f.arrived), note: `${formatCount(f.arrived - f.called)} not called yet` },
    {
      label: 'Called',
      value: formatCount(f.called),
      note: f.verified ? `had a first call attempt · ${formatCount(f.verified)} verified by your provider` : 'had a first call attempt',
    },
    { label: 'Median wait', value: waitText(f.medianMs), note: 'half were called sooner' },
    { label: '90th percentile', value: waitText(f.p90Ms), note: '9 in 10 were called sooner' },
    { label: `Called within ${QUICK_CALL_MINUTES} min`, value: shareText(f.quickShare), note: `${formatCount(f.quick)} of ${formatCount(f.decided)} leads` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
      {cards.map((c) => (
        <Card key={c.label} withBorder radius="md" padding="sm">
          <Text size="sm" c="dimmed" fw={500}>
            {c.label}
          </Text>
          <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {c.value}
          </Text>
          <Text size="xs" c="dimmed">
            {c.note}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const figure = (text: string) => (
  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {text}
  </Text>
);

const CALLER_COLUMNS: AppColumn<SpeedCallerRow>[] = [
  {
    accessor: 'name',
    title: 'Telecaller',
    render: (c) => (
      <Group gap={6} wrap="nowrap">
        <div>
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {userTypeLabel(c.user_type)}
          </Text>
        </div>
        {c.deleted ? (
          <Badge size="xs" color="gray" variant="light" tt="none">
            Removed
          </Badge>
        ) : c.blocked ? (
          <Badge size="xs" color="red" variant="light" tt="none">
            Blocked
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { accessor: 'arrived', title: 'Arrived', textAlign: 'right', render: (c) => figure(formatCount(c.arrived)) },
  {
    accessor: 'called',
    title: 'Called',
    textAlign: 'right',
    render: (c) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {c.verified > 0 && (
          <VerifiedMark tip={`${formatCount(c.verified)} of these first calls were placed through your telephony provider: their times are its facts`} />
        )}
        {figure(formatCount(c.called))}
      </Group>
    ),
  },
  { accessor: 'medianMs', title: 'Median wait', textAlign: 'right', noWrap: true, render: (c) => figure(waitText(c.medianMs)) },
  { accessor: 'p90Ms', title: '90th percentile', textAlign: 'right', noWrap: true, render: (c) => figure(waitText(c.p90Ms)) },
  {
    accessor: 'quickShare',
    title: `Within ${QUICK_CALL_MINUTES} min`,
    textAlign: 'right',
    noWrap: true,
    render: (c) => figure(c.decided === 0 ? '—' : `${shareText(c.quickShare)} (${formatCount(c.quick)} of ${formatCount(c.decided)})`),
  },
];

const WAITING_COLUMNS: AppColumn<WaitingLead>[] = [
  {
    accessor: 'name',
    title: 'Lead',
    render: (w) => (
      <div>
        <Text size="sm" fw={500} maw={220}>
          {w.name || 'Unnamed lead'}
        </Text>
        <MobileLink mobile={w.mobile} />
      </div>
    ),
  },
  { accessor: 'created_at', title: 'Arrived', render: (w) => <StackedTime stored={w.created_at} /> },
  { accessor: 'waitingMs', title: 'Waiting', textAlign: 'right', noWrap: true, render: (w) => figure(formatWait(w.waitingMs)) },
  {
    accessor: 'owner',
    title: 'With',
    render: (w) =>
      w.owner.kind === 'user' ? (
        <Text size="sm">{w.owner.name}</Text>
      ) : (
        <Badge color={w.owner.kind === 'routing' ? 'orange' : 'gray'} variant="light" tt="none">
          {w.owner.kind === 'routing' ? 'Waiting for routing' : 'Pool'}
        </Badge>
      ),
  },
];
