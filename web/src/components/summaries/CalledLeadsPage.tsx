import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { Pager } from '../Pager';
import { MobileLink } from '../lead-lists/LeadCells';
import { PAGE_TITLES } from '../layout/pageTitles';
import { formatDateTime } from '../../lib/format';
import { formatHms, type LeadCallCard } from '../../../../shared/schemas/summaries';
import { CallCategoryBadge } from './CallCategoryBadge';
import { DateRangeForm } from './DateRangeForm';
import { usePageInRange } from './MyCallLogPage';
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
  const { from, to, today } = shownRange(search);
  const page = search.page ?? 1;
  const leads = trpc.summaries.myCalledLeads.useQuery({ from, to, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev });
  usePageInRange(leads.data, page, (p) => setSearch({ ...search, page: p }, 'replace'));

  return (
    <Stack>
      <div>
        <Title order={2}>{PAGE_TITLES['/leadspage/cardlogs']}</Title>
        <Text c="dimmed" size="sm">
          The leads you called, one card each: how often, for how long, and how the latest call went.
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <DateRangeForm from={from} to={to} onApply={(r) => setSearch({ from: r.from, to: r.to }, 'push')} />
      </Paper>
      <QueryState query={leads} empty={`No calls ${from === to && from === today ? 'today' : 'in this period'}.`} isEmpty={(d) => d.total === 0} errorText="Could not load your calls.">
        {(data) => (
          <div>
            <Text size="sm" c="dimmed" mb="xs">
              {data.total.toLocaleString('en-IN')} {data.total === 1 ? 'lead' : 'leads'} called, {rangeLabel(data.from, data.to, today)}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.items.map((l) => (
                <LeadCard key={l.lead_id} lead={l} />
              ))}
            </SimpleGrid>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onChange={(p) => setSearch({ ...search, page: p > 1 ? p : undefined }, 'push')} />
          </div>
        )}
      </QueryState>
    </Stack>
  );
}

function LeadCard({ lead }: { lead: LeadCallCard }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {lead.lead_name || 'Unnamed lead'}
          </Text>
          <MobileLink mobile={lead.lead_mobile} />
        </div>
        <CallCategoryBadge category={lead.last_category} outcome={lead.last_outcome} />
      </Group>
      {lead.last_feedback && (
        <Text size="sm" mt={6}>
          {lead.last_feedback}
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {lead.calls} {lead.calls === 1 ? 'call' : 'calls'} · {formatHms(lead.duration)}
        </Text>
        <Text size="sm" c="dimmed">
          Last {formatDateTime(lead.last_at)}
        </Text>
      </Group>
    </Card>
  );
}
