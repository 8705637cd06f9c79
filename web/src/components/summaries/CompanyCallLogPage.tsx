import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { AppTable, pagingOf, type AppColumn } from '../DataTable/AppTable';
import { MobileLink, StackedTime } from '../lead-lists/LeadCells';
import { PAGE_TITLES } from '../layout/pageTitles';
import { userTypeLabel } from '../users/userTypes';
import { formatHms, type CallLogRow } from '../../../../shared/schemas/summaries';
import { CallCategoryBadge } from './CallCategoryBadge';
import { CallMark } from './VerifiedMark';
import { RecordingPlayer } from './RecordingPlayer';
import { DateRangeForm } from './DateRangeForm';
import { COMPANY_CALL_LOG_PAGE_SIZE, companyCallLogInput, type RangeSearch } from './rangeSearch';
import { useListPage } from '../../lib/useListPage';
import { rangeLabel, shownRange } from './useRange';
import { formatCallCost, formatCount } from '../../lib/format';

// Stands for "every telecaller" in the select.
const EVERYONE = 'all';

/** Call Log History: every call of the company, filtered by telecaller and dates, paged on the server. */
export function CompanyCallLogPage() {
  const { search, setSearch, setPage, keepInRange } = useListPage<RangeSearch>();
  const { from, to, today } = shownRange(search);
  const callers = trpc.summaries.callers.useQuery();
  const calls = trpc.summaries.callLog.useQuery(companyCallLogInput(search), { placeholderData: (prev) => prev });
  keepInRange(calls.data, COMPANY_CALL_LOG_PAGE_SIZE);

  const options = [
    { value: EVERYONE, label: 'All telecallers' },
    ...(callers.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${userTypeLabel(c.user_type)})` })),
    // A telecaller in the URL that is no longer listed (removed) still shows as chosen.
    ...(search.telecaller && callers.data && !callers.data.some((c) => c.id === search.telecaller)
      ? [{ value: String(search.telecaller), label: `Telecaller ${search.telecaller}` }]
      : []),
  ];

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/subadmin/Leads/callloghistory']}</Title>
        <Text c="dimmed" size="sm">
          Every call your telecallers made, connected or not, newest first.
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ ...search, from: r.from, to: r.to, page: undefined }, 'push')}>
          <Select
            label="Telecaller"
            data={options}
            value={search.telecaller ? String(search.telecaller) : EVERYONE}
            allowDeselect={false}
            searchable
            onChange={(v) => setSearch({ ...search, telecaller: v && v !== EVERYONE ? Number(v) : undefined, page: undefined }, 'replace')}
            style={{ flex: '1 1 220px' }}
            maw={320}
          />
        </DateRangeForm>
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Text size="sm" c="dimmed" mb="sm">
          {calls.data
            ? `${formatCount(calls.data.total)} ${calls.data.total === 1 ? 'call' : 'calls'}, ${rangeLabel(calls.data.from, calls.data.to, today)}${
                calls.data.noCall === null ? '' : ` · ${formatCount(calls.data.noCall)} ${calls.data.noCall === 1 ? 'outcome' : 'outcomes'} with no call`
              }`
            : ' '}
        </Text>
        <AppTable
          aria-label="Call log"
          query={calls}
          records={calls.data?.items}
          idAccessor="id"
          empty="No calls found."
          errorText="Error fetching calls. Please try again."
          minWidth={860}
          paging={pagingOf(calls.data, setPage)}
          columns={CALL_LOG_COLUMNS}
        />
      </Paper>
    </Stack>
  );
}

const CALL_LOG_COLUMNS: AppColumn<CallLogRow>[] = [
  { accessor: 'created_at', title: 'When', render: (c) => <StackedTime stored={c.created_at} /> },
  {
    accessor: 'telecaller_name',
    title: 'Telecaller',
    render: (c) => (
      <Text size="sm" maw={150}>
        {c.telecaller_name}
      </Text>
    ),
  },
  {
    accessor: 'lead_name',
    title: 'Lead',
    render: (c) => (
      <div>
        <Text size="sm" fw={500} maw={200}>
          {c.lead_name || 'Unnamed lead'}
        </Text>
        <MobileLink mobile={c.lead_mobile} />
      </div>
    ),
  },
  { accessor: 'category', title: 'Outcome', render: (c) => <CallCategoryBadge category={c.category} outcome={c.outcome} /> },
  {
    accessor: 'feedback',
    title: 'Feedback',
    render: (c) =>
      c.feedback || c.remarks ? (
        <div>
          {c.feedback && <Text size="sm">{c.feedback}</Text>}
          {c.remarks && (
            <Text size="xs" c="dimmed" lineClamp={2} maw={220} title={c.remarks}>
              {c.remarks}
            </Text>
          )}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    accessor: 'call_duration',
    title: 'Duration',
    textAlign: 'right',
    noWrap: true,
    render: (c) => (
      <Stack gap={2} align="flex-end">
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatHms(c.call_duration)}
        </Text>
        <CallMark call={c} />
        {c.call_cost !== null && c.call_cost_currency !== null && (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} title="What the provider charged for the call">
            {formatCallCost(c.call_cost, c.call_cost_currency)}
          </Text>
        )}
        {c.recording_call_id !== null && <RecordingPlayer callId={c.recording_call_id} />}
      </Stack>
    ),
  },
];
