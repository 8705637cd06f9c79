import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { MobileLink } from '../lead-lists/LeadCells';
import { useSharedText } from '../../i18n/sharedText';
import { formatCount, formatDateTime } from '../../lib/format';
import { formatHms, type LeadCallCard } from '../../../../shared/schemas/summaries';
import { CallCategoryBadge } from './CallCategoryBadge';
import { DateRangeForm } from './DateRangeForm';
import { noCallsText, usePageInRange } from './MyCallLogPage';
import type { RangeSearch } from './rangeSearch';
import { rangeLabel, shownRange } from './useRange';

const PAGE_SIZE = 20;

interface Props {
  search: RangeSearch;
  setSearch: (next: RangeSearch, mode?: 'push' | 'replace') => void;
}

/**
 * Calls by Lead (/leadspage/cardlogs): the same calls as Call Logs, one card per lead, so a lead
 * called five times shows once with its calls counted and its latest outcome.
 */
export function CalledLeadsPage({ search, setSearch }: Props) {
  const { t } = useTranslation();
  const shared = useSharedText();
  const { from, to, today } = shownRange(search);
  const page = search.page ?? 1;
  const leads = trpc.summaries.myCalledLeads.useQuery({ from, to, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  usePageInRange(leads.data, page, (p) => setSearch({ ...search, page: p }, 'replace'));

  return (
    <Stack>
      <div>
        <Title order={2}>{t('titles./leadspage/cardlogs')}</Title>
        <Text c="dimmed" size="sm">
          {t('callLogs.byLeadIntro')}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      <QueryState query={leads} empty={noCallsText(t, from, to, today)} isEmpty={(d) => d.total === 0} errorText={t('callLogs.failed')}>
        {(data) => (
          <div>
            <Text size="sm" c="dimmed" mb="xs">
              {t('callLogs.leadsCalled', { count: data.total, n: formatCount(data.total), range: rangeLabel(data.from, data.to, today, shared.t) })}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.items.map((l) => (
                <LeadCard key={l.lead_id} lead={l} />
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

function LeadCard({ lead }: { lead: LeadCallCard }) {
  const { t } = useTranslation();
  const { feedbackText } = useSharedText();
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {lead.lead_name || t('callLogs.unnamed')}
          </Text>
          <MobileLink mobile={lead.lead_mobile} />
        </div>
        <CallCategoryBadge category={lead.last_category} outcome={lead.last_outcome} />
      </Group>
      {lead.last_feedback && (
        <Text size="sm" mt={6}>
          {feedbackText(lead.last_feedback)}
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('callLogs.callsOfLead', { count: lead.calls, duration: formatHms(lead.duration) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('callLogs.last', { time: formatDateTime(lead.last_at) })}
        </Text>
      </Group>
    </Card>
  );
}
