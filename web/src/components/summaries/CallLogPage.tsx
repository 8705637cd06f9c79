import type { ReactNode } from 'react';
import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { MobileLink } from '../lead-lists/LeadCells';
import { useSharedText } from '../../i18n/sharedText';
import { displayLanguage, formatCount, formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/useListPage';
import { formatHms, type CallLogRow, type LeadCallCard } from '../../../../shared/schemas/summaries';
import { CallCategoryBadge } from './CallCategoryBadge';
import { CallMark, useMarkTexts } from './VerifiedMark';
import { RecordingPlayer } from './RecordingPlayer';
import { DateRangeForm } from './DateRangeForm';
import { MY_CALL_LOG_PAGE_SIZE, rangePageInput, type RangeSearch } from './rangeSearch';
import { rangeLabel, shownRange } from './useRange';

/** The telecaller's calls in a range, shown one card per call (Call Logs) or one per lead called (Calls by Lead). */
export type CallLogView = 'calls' | 'leads';

const VIEWS = {
  calls: { path: '/leadspage/calllogs', intro: 'callLogs.intro', count: 'callLogs.calls' },
  leads: { path: '/leadspage/cardlogs', intro: 'callLogs.byLeadIntro', count: 'callLogs.leadsCalled' },
} as const;

/**
 * Call Logs (/leadspage/calllogs): every call the telecaller made in a range, newest first; Calls by Lead
 * (/leadspage/cardlogs): the same calls, one card per lead, so a lead called five times shows once with
 * its calls counted and its latest outcome.
 */
export function CallLogPage({ view }: { view: CallLogView }) {
  return view === 'calls' ? <Calls /> : <CalledLeads />;
}

function Calls() {
  const { search } = useListPage<RangeSearch>();
  const calls = trpc.summaries.myCallLog.useQuery(rangePageInput(search, MY_CALL_LOG_PAGE_SIZE), { placeholderData: (prev) => prev });
  return <CallLogList view="calls" query={calls} card={(c) => <CallCard key={c.id} call={c} />} />;
}

function CalledLeads() {
  const { search } = useListPage<RangeSearch>();
  const leads = trpc.summaries.myCalledLeads.useQuery(rangePageInput(search, MY_CALL_LOG_PAGE_SIZE), { placeholderData: (prev) => prev });
  return <CallLogList view="leads" query={leads} card={(l) => <LeadCard key={l.lead_id} lead={l} />} />;
}

interface CallLogPageOf<Row> {
  items: Row[];
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  from: string;
  to: string;
}

function CallLogList<Row>({
  view,
  query,
  card,
}: {
  view: CallLogView;
  query: { isPending: boolean; isError: boolean; error: unknown; data: CallLogPageOf<Row> | undefined; refetch: () => unknown };
  card: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const shared = useSharedText();
  const { search, setSearch, setPage, keepInRange } = useListPage<RangeSearch>();
  const { from, to, today } = shownRange(search);
  // A page beyond the end (the range changed meanwhile) falls back to the last page with rows.
  keepInRange(query.data, MY_CALL_LOG_PAGE_SIZE);

  return (
    <Stack>
      <div>
        <Title order={2}>{t(`titles.${VIEWS[view].path}`)}</Title>
        <Text c="dimmed" size="sm">
          {t(VIEWS[view].intro)}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      <QueryState query={query} empty={noCallsText(t, from, to, today)} isEmpty={(d) => d.total === 0} errorText={t('callLogs.failed')}>
        {(data) => (
          <div>
            <Text size="sm" c="dimmed" mb="xs">
              {t(VIEWS[view].count, { count: data.total, n: formatCount(data.total), range: rangeLabel(data.from, data.to, today, shared.t) })}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.items.map(card)}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} totalCapped={data.totalCapped} onChange={(p) => setPage(p)} />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}

/** One card of the call log: the lead, the call's outcome and feedback, and a footer line of its own. */
function CallLogCard({
  name,
  mobile,
  outcome,
  feedback,
  children,
}: {
  name: string | null;
  mobile: string;
  outcome: ReactNode;
  feedback: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { feedbackText } = useSharedText();
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name || t('callLogs.unnamed')}
          </Text>
          <MobileLink mobile={mobile} />
        </div>
        {outcome}
      </Group>
      {feedback && (
        <Text size="sm" mt={6}>
          {feedbackText(feedback)}
        </Text>
      )}
      {children}
    </Card>
  );
}

function CallCard({ call }: { call: CallLogRow }) {
  const { t } = useTranslation();
  const marks = useMarkTexts();
  return (
    <CallLogCard
      name={call.lead_name}
      mobile={call.lead_mobile}
      outcome={<CallCategoryBadge category={call.category} outcome={call.outcome} />}
      feedback={call.feedback}
    >
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="sm" c="dimmed">
          {formatDateTime(call.created_at)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <CallMark call={call} texts={marks} />
          <Text
            size="sm"
            fw={500}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-label={t('callLogs.duration', { duration: formatHms(call.call_duration, displayLanguage()) })}
          >
            {formatHms(call.call_duration, displayLanguage())}
          </Text>
        </Group>
      </Group>
      {call.recording_call_id !== null && <RecordingPlayer callId={call.recording_call_id} label={t('history.playRecording')} />}
    </CallLogCard>
  );
}

function LeadCard({ lead }: { lead: LeadCallCard }) {
  const { t } = useTranslation();
  return (
    <CallLogCard
      name={lead.lead_name}
      mobile={lead.lead_mobile}
      outcome={<CallCategoryBadge category={lead.last_category} outcome={lead.last_outcome} />}
      feedback={lead.last_feedback}
    >
      <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('callLogs.callsOfLead', { count: lead.calls, duration: formatHms(lead.duration, displayLanguage()) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('callLogs.last', { time: formatDateTime(lead.last_at) })}
        </Text>
      </Group>
    </CallLogCard>
  );
}

/** "No calls today." or "No calls in this period." */
const noCallsText = (t: TFunction, from: string, to: string, today: string) =>
  t(from === to && from === today ? 'callLogs.emptyToday' : 'callLogs.emptyPeriod');
