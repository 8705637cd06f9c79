import { Anchor, Badge, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { AppTable, type AppColumn, pagingOf } from '../DataTable/AppTable';
import { useRouteExists } from '../layout/useRouteExists';
import { LEAD_STATUS_CODES, LEAD_STATUS_LABELS } from '../../../../shared/lead-status';
import type { UploadedLeadRow } from '../../../../shared/schemas/lead-lists';
import { uploadedLeadsInput, type UploadedLeadsSearch } from './uploadedLeadsSearch';
import { LIST_PAGE_SIZE } from '../../lib/listSearch';
import { useListPage } from '../../lib/useListPage';
import { leadIdentityColumns, LeadStatusBadge, StackedTime } from './LeadCells';
import { ExportCsvButton } from './ExportCsvButton';
import { useSearchText } from '../../lib/useSearchText';
import { formatCount } from '../../lib/format';
import { useState } from 'react';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { completeFilter, fieldColumns, FieldListControls, useFieldColumns, type FieldListState } from './FieldListControls';

const UPLOAD_PATH = '/subadmin/uploaddata';
// Stands for "no category filter" in the select; no upload names a category like this.
const ALL_CATEGORIES = '\u0000all';

const ASSIGNED_OPTIONS = [
  { value: 'all', label: 'Any assignment' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'unassigned', label: 'Unassigned' },
];
const STATUS_OPTIONS = [{ value: 'all', label: 'Any status' }, ...LEAD_STATUS_CODES.map((c) => ({ value: c, label: LEAD_STATUS_LABELS[c] }))];

/** "Uploaded Leads": every lead of the company with who holds it, filtered, paged and exportable. */
export function UploadedLeadsPage() {
  const { search, setSearch, setPage, keepInRange } = useListPage<UploadedLeadsSearch>();
  const exists = useRouteExists();
  const setFilter = (next: Partial<UploadedLeadsSearch>) => setSearch({ ...search, ...next, page: undefined }, 'replace');
  const [text, setText] = useSearchText(search.q ?? '', (q) => setFilter({ q: q || undefined }));

  const categories = trpc.leads.categories.useQuery();
  const shape = useCompanyShape();
  const fields = shape.data?.fields ?? [];
  const [columnKeys, setColumnKeys] = useFieldColumns('uploaded');
  const [fieldState, setFieldState] = useState<FieldListState>({ filter: null, sort: null });
  const fieldFilters = completeFilter(fieldState.filter);
  const leads = trpc.leads.uploaded.useQuery(
    { ...uploadedLeadsInput(search), fields: fieldFilters, sortField: fieldState.sort ?? undefined },
    { placeholderData: (prev) => prev },
  );

  keepInRange(leads.data, LIST_PAGE_SIZE);

  const categoryOptions = [
    { value: ALL_CATEGORIES, label: 'All categories' },
    ...(categories.data ?? []).map((c) => ({ value: c.category, label: `${c.category} (${formatCount(c.count)})` })),
    // A category in the URL that has no leads any more still shows as chosen.
    ...(search.category && !categories.data?.some((c) => c.category === search.category) ? [{ value: search.category, label: search.category }] : []),
  ];
  const filtered = Boolean(search.q || search.category || search.assigned || search.status || fieldFilters);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Uploaded Leads</Title>
          <Text c="dimmed" size="sm">
            Every lead your company has uploaded or received, and who holds it.
          </Text>
        </div>
        <ExportCsvButton
          params={{
            search: search.q,
            category: search.category,
            assigned: search.assigned,
            status: search.status,
            fields: fieldFilters ? JSON.stringify(fieldFilters) : undefined,
          }}
          disabled={!leads.data || leads.data.total === 0}
        />
      </Group>

      <Paper withBorder p="md">
        <Group mb="md" wrap="wrap" gap="sm" align="flex-end">
          <TextInput
            placeholder="Name or mobile, from its start"
            aria-label="Search leads by the start of the name or of the mobile number"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            aria-label="Category"
            data={categoryOptions}
            value={search.category ?? ALL_CATEGORIES}
            allowDeselect={false}
            searchable
            onChange={(v) => setFilter({ category: v && v !== ALL_CATEGORIES ? v : undefined })}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            aria-label="Assigned or unassigned"
            data={ASSIGNED_OPTIONS}
            value={search.assigned ?? 'all'}
            allowDeselect={false}
            onChange={(v) => setFilter({ assigned: v === 'assigned' || v === 'unassigned' ? v : undefined })}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            aria-label="Status"
            data={STATUS_OPTIONS}
            value={search.status ?? 'all'}
            allowDeselect={false}
            onChange={(v) => setFilter({ status: LEAD_STATUS_CODES.find((c) => c === v) })}
            style={{ flex: '1 1 160px' }}
          />
        </Group>
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
        <AppTable
          aria-label="Uploaded leads"
          query={leads}
          records={leads.data?.items}
          empty="No leads found"
          emptyAction={
            filtered ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setFieldState({ filter: null, sort: null });
                  setSearch({}, 'replace');
                }}
              >
                Clear the filters
              </Anchor>
            ) : (
              exists(UPLOAD_PATH) && (
                <Anchor component={Link} to={UPLOAD_PATH} size="sm">
                  Upload leads
                </Anchor>
              )
            )
          }
          errorText="Error fetching leads."
          minWidth={900}
          paging={pagingOf(leads.data, setPage)}
          columns={[...UPLOADED_LEAD_COLUMNS, ...fieldColumns<UploadedLeadRow>(fields, columnKeys)]}
        />
      </Paper>
    </Stack>
  );
}

function Assignee({ lead }: { lead: UploadedLeadRow }) {
  if (lead.telicaller_id === null && lead.waiting_for_routing) {
    return (
      <Badge variant="light" color="yellow" tt="none" style={{ whiteSpace: 'nowrap' }}>
        Waiting for routing
      </Badge>
    );
  }
  if (lead.telicaller_id === null) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Unassigned
      </Text>
    );
  }
  return (
    <Text size="sm" maw={130}>
      {lead.assignee_name ?? 'Unknown'}
    </Text>
  );
}

const UPLOADED_LEAD_COLUMNS: AppColumn<UploadedLeadRow>[] = [
  ...leadIdentityColumns<UploadedLeadRow>(240),
  {
    accessor: 'area',
    title: 'Area',
    render: (l) => (
      <Text size="sm" maw={110}>
        {l.area}
      </Text>
    ),
  },
  // Worked leads' statuses ("Not submitted") are long: a two-word category wraps so the table still fits 1280 px.
  {
    accessor: 'category',
    title: 'Category',
    render: (l) => (
      <Text size="sm" maw={110}>
        {l.category}
      </Text>
    ),
  },
  {
    accessor: 'assignee_name',
    // The heading may take two lines: the column is then as narrow as "Unassigned".
    title: <span style={{ whiteSpace: 'normal' }}>Assigned to</span>,
    render: (l) => <Assignee lead={l} />,
  },
  { accessor: 'status', title: 'Status', render: (l) => <LeadStatusBadge status={l.status} /> },
  { accessor: 'upload_date', title: 'Upload Time', render: (l) => <StackedTime stored={l.upload_date} /> },
];
