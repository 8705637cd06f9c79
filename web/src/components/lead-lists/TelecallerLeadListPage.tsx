import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { AppTable, pagingOf } from '../DataTable/AppTable';
import { UserTypeBadge } from '../users/UserBadges';
import type { TelecallerLeadCount, TelecallerSummary } from '../../../../shared/schemas/lead-lists';
import type { LeadList } from '../../../../shared/schemas/lead-lists';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { useListPage } from '../../lib/useListPage';
import { LEAD_LIST_PAGES, telecallerCountsInput, telecallerLeadsInput, type LeadListSearch } from './listPages';
import { useSearchText } from '../../lib/useSearchText';
import { TelecallerLeadsTable } from './TelecallerLeadsTable';
import { ExportCsvButton } from './ExportCsvButton';
import { useState } from 'react';
import { useCompanyShape } from '../../lib/useCompanyShape';
import type { TelecallerLeadRow } from '../../../../shared/schemas/lead-lists';
import { completeFilter, fieldColumns, FieldListControls, useFieldColumns, type FieldListState } from './FieldListControls';
import { formatCount } from '../../lib/format';

/** A sub-admin lead list: telecallers with their count, drilling into one telecaller's leads. */
export function TelecallerLeadListPage({ list }: { list: LeadList }) {
  const config = LEAD_LIST_PAGES[list];
  const { search } = useListPage<LeadListSearch>();
  return (
    <Stack>
      <div>
        <Title order={2}>{config.title}</Title>
        <Text c="dimmed" size="sm">
          {config.subtitle}
        </Text>
      </div>
      {search.telecaller ? <TelecallerLeads key={search.telecaller} list={list} telecallerId={search.telecaller} /> : <TelecallerCounts list={list} />}
    </Stack>
  );
}

function TelecallerFlags({ t }: { t: Pick<TelecallerSummary, 'blocked' | 'deleted'> }) {
  if (t.deleted) {
    return (
      <Badge variant="dot" color="gray" radius="sm" tt="none">
        Deleted
      </Badge>
    );
  }
  if (t.blocked) {
    return (
      <Badge variant="dot" color="red" radius="sm" tt="none">
        Blocked
      </Badge>
    );
  }
  return null;
}

function TelecallerCounts({ list }: { list: LeadList }) {
  const config = LEAD_LIST_PAGES[list];
  const { search, setSearch, setPage } = useListPage<LeadListSearch>();
  const [text, setText] = useSearchText(search.q ?? '', (q) => setSearch({ q: q || undefined }, 'replace'));
  const counts = trpc.leads.byTelecaller.useQuery(telecallerCountsInput(list, search), { placeholderData: (prev) => prev });

  const open = (t: TelecallerLeadCount) => setSearch({ telecaller: t.id }, 'push');

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {counts.data && counts.data.total > 0
            ? `${formatCount(counts.data.leadTotal)} lead${counts.data.leadTotal === 1 ? '' : 's'} with ${counts.data.total} telecaller${counts.data.total === 1 ? '' : 's'}`
            : ' '}
        </Text>
        <TextInput
          placeholder="Search telecaller"
          aria-label="Search telecallers"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '0 1 280px' }}
        />
      </Group>
      <AppTable
        aria-label="Telecallers"
        query={counts}
        records={counts.data?.items}
        empty="No data found."
        errorText="Error fetching data. Please try again."
        minWidth={480}
        paging={pagingOf(counts.data, setPage)}
        columns={[
          { accessor: 'id', title: 'Telecaller ID', width: 110, cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums' }) },
          {
            accessor: 'name',
            title: 'Name',
            render: (t) => (
              <Group gap={8}>
                <Text size="sm" fw={500}>
                  {t.name}
                </Text>
                <UserTypeBadge type={t.user_type} />
                <TelecallerFlags t={t} />
              </Group>
            ),
          },
          {
            accessor: 'count',
            title: config.countLabel,
            textAlign: 'right',
            cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums' }),
            render: (t) => formatCount(t.count),
          },
        ]}
        actions={{
          title: 'Action',
          render: (t) => (
            <Button size="compact-sm" variant="light" onClick={() => open(t)} aria-label={`View leads of ${t.name}`}>
              View Leads
            </Button>
          ),
        }}
      />
    </Paper>
  );
}

function TelecallerLeads({ list, telecallerId }: { list: LeadList; telecallerId: number }) {
  const config = LEAD_LIST_PAGES[list];
  const { search, setSearch, setPage, keepInRange } = useListPage<LeadListSearch>();
  const [text, setText] = useSearchText(search.q ?? '', (q) => setSearch({ telecaller: telecallerId, q: q || undefined }, 'replace'));
  const fields = useCompanyShape().data?.fields ?? [];
  const [columnKeys, setColumnKeys] = useFieldColumns(list);
  const [fieldState, setFieldState] = useState<FieldListState>({ filter: null, sort: null });
  const fieldFilters = completeFilter(fieldState.filter);
  const leads = trpc.leads.ofTelecaller.useQuery(
    { ...telecallerLeadsInput(list, telecallerId, search), fields: fieldFilters, sortField: fieldState.sort ?? undefined },
    { placeholderData: (prev) => (prev?.telecaller.id === telecallerId ? prev : undefined) },
  );

  // A page beyond the end (leads were worked meanwhile) falls back to the last page with rows.
  keepInRange(leads.data, LIST_PAGE_SIZE);

  const back = () => setSearch({}, 'push');
  const telecaller = leads.data?.telecaller;
  const actions = (fullWidth: boolean) => (
    <>
      <ExportCsvButton
        params={{ telecallerId, status: list, search: search.q, fields: fieldFilters ? JSON.stringify(fieldFilters) : undefined }}
        disabled={!leads.data || leads.data.total === 0}
        fullWidth={fullWidth}
      />
      <Button variant="default" onClick={back} fullWidth={fullWidth}>
        Back to Telecallers List
      </Button>
    </>
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Group gap={8}>
            <Title order={4}>{telecaller ? telecaller.name : 'Telecaller'}</Title>
            {telecaller && <UserTypeBadge type={telecaller.user_type} />}
            {telecaller && <TelecallerFlags t={telecaller} />}
          </Group>
          <Text size="sm" c="dimmed">
            {leads.data
              ? `Telecaller ID ${telecallerId} · ${formatCount(leads.data.total)}${leads.data.totalCapped ? '+' : ''} ${(leads.data.total === 1 ? config.title.replace(/s$/, '') : config.title).toLowerCase()}${search.q || fieldFilters ? ' matching the search' : ''}`
              : `Telecaller ID ${telecallerId}`}
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap" visibleFrom="sm">
          {actions(false)}
        </Group>
        <Stack gap="xs" hiddenFrom="sm" w="100%">
          {actions(true)}
        </Stack>
      </Group>
      <TextInput
        mb="md"
        placeholder="Name or mobile, from its start"
        aria-label="Search leads by the start of the name or of the mobile number"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        maw={360}
      />
      <FieldListControls
        fields={fields}
        columns={columnKeys}
        onColumns={setColumnKeys}
        state={fieldState}
        onState={(next) => {
          setFieldState(next);
          setPage(1);
        }}
      />
      <TelecallerLeadsTable
        list={list}
        query={leads}
        empty={search.q || fieldFilters ? 'No leads found' : config.emptyLeads}
        paging={pagingOf(leads.data, setPage)}
        extraColumns={fieldColumns<TelecallerLeadRow>(fields, columnKeys)}
      />
    </Paper>
  );
}
