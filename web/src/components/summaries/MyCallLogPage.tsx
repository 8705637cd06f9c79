import { useEffect } from 'react';
import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { MobileLink } from '../lead-lists/LeadCells';
import { useSharedText } from '../../i18n/sharedText';
import { formatCount, formatDateTime } from '../../lib/format';
import { formatHms, type CallLogRow } from '../../../../shared/schemas/summaries';
import { CallCategoryBadge } from './CallCategoryBadge';
import { DateRangeForm } from './DateRangeForm';
import type { RangeSearch } from './rangeSearch';
import { rangeLabel, shownRange } from './useRange';
import type { TFunction } from 'i18next';

const PAGE_SIZE = 20;

interface Props {
  search: RangeSearch;
  setSearch: (next: RangeSearch, mode?: 'push' | 'replace') => void;
}

/** Call Logs: every call the telecaller made in a range, newest first, one card each. */
export function MyCallLogPage({ search, setSearch }: Props) {
  const { t } = useTranslation();
  const shared = useSharedText();
  const { from, to, today } = shownRange(search);
  const page = search.page ?? 1;
  const calls = trpc.summaries.myCallLog.useQuery({ from, to, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  usePageInRange(calls.data, page, (p) => setSearch({ ...search, page: p }, 'replace'));

  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./leadspage/calllogs')}</Title>
        <Text c="dimmed" size="sm">
          {t('callLogs.intro')}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      <QueryState query={calls} empty={noCallsText(t, from, to, today)} isEmpty={(d) => d.total === 0} errorText={t('callLogs.failed')}>
        {(data) => (
          <div>
            <Text size="sm" c="dimmed" mb="xs">
              {t('callLogs.calls', { count: data.total, n: formatCount(data.total), range: rangeLabel(data.from, data.to, today, shared.t) })}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.items.map((c) => (
                <CallCard key={c.id} call={c} />
              ))}
            </SimpleGrid>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              totalCapped={data.totalCapped}
              onChange={(p) => setSearch({ ...search, page: p > 1 ? p : undefined }, 'push')}
            />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}

function CallCard({ call }: { call: CallLogRow }) {
  const { t } = useTranslation();
  const { feedbackText } = useSharedText();
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {call.lead_name || t('callLogs.unnamed')}
          </Text>
          <MobileLink mobile={call.lead_mobile} />
        </div>
        <CallCategoryBadge category={call.category} outcome={call.outcome} />
      </Group>
      {call.feedback && (
        <Text size="sm" mt={6}>
          {feedbackText(call.feedback)}
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="sm" c="dimmed">
          {formatDateTime(call.created_at)}
        </Text>
        <Text
          size="sm"
          fw={500}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          aria-label={t('callLogs.duration', { duration: formatHms(call.call_duration) })}
        >
          {formatHms(call.call_duration)}
        </Text>
      </Group>
    </Card>
  );
}

/** "No calls today." or "No calls in this period." */
export const noCallsText = (t: TFunction, from: string, to: string, today: string) =>
  t(from === to && from === today ? 'callLogs.emptyToday' : 'callLogs.emptyPeriod');

/** A page beyond the end (the range changed meanwhile) falls back to the last page with rows. */
export function usePageInRange(data: { items: unknown[]; total: number; pageSize: number } | undefined, page: number, go: (page: number) => void) {
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) go(Math.ceil(data.total / data.pageSize));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, page]);
}
