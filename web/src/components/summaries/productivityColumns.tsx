import { Badge, Group, Stack, Text } from '@mantine/core';
import { CALL_CATEGORIES, formatHms, type ProductivityRow } from '../../../../shared/schemas/summaries';
import type { AppColumn } from '../DataTable/AppTable';
import { StackedTime } from '../lead-lists/LeadCells';
import { CATEGORY_COLORS } from './CallCategoryBadge';
import { CallerName } from './CallerName';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

function Mix({ row }: { row: ProductivityRow }) {
  const shown = CALL_CATEGORIES.filter((c) => row.mix[c] > 0);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} maw={260}>
      {shown.map((c) => (
        <Badge key={c} size="sm" variant="light" color={CATEGORY_COLORS[c]} radius="sm" tt="none" style={numeric}>
          {c} {row.mix[c]}
        </Badge>
      ))}
    </Group>
  );
}

function Callbacks({ row }: { row: ProductivityRow }) {
  const { due, followed, missed } = row.callbacks;
  if (due === 0) {
    return (
      <Text size="sm" c="dimmed">
        None due
      </Text>
    );
  }
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm" style={numeric}>
        {due} due · {followed} followed up
      </Text>
      <Text size="xs" c={missed ? 'red.7' : 'dimmed'} fw={missed ? 600 : undefined} style={numeric}>
        {missed} missed
      </Text>
    </Stack>
  );
}

function Conversion({ row }: { row: ProductivityRow }) {
  const { worked, interested, projects } = row.conversion;
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm" style={numeric} aria-label={`${worked} worked, ${interested} interested, ${projects} projects`}>
        {worked} → {interested} → {projects}
      </Text>
      <Text size="xs" c="dimmed" style={numeric}>
        {percent(interested, worked)} interested
      </Text>
    </Stack>
  );
}

/** The productivity table's columns; the CSV export has the same figures. */
export const PRODUCTIVITY_COLUMNS: AppColumn<ProductivityRow>[] = [
  { accessor: 'name', title: 'Telecaller', render: (r) => <CallerName caller={r} /> },
  {
    accessor: 'calls',
    title: 'Calls',
    textAlign: 'right',
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600} style={numeric}>
          {r.calls}
        </Text>
        <Text size="xs" c="dimmed" style={{ ...numeric, whiteSpace: 'nowrap' }}>
          {r.connected} connected
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'talkTime',
    title: 'Talk time',
    textAlign: 'right',
    noWrap: true,
    render: (r) => (
      <Text size="sm" style={numeric} title={`All calls, connected or not: ${formatHms(r.callTime)}`}>
        {formatHms(r.talkTime)}
      </Text>
    ),
  },
  { accessor: 'firstCall', title: 'First call', render: (r) => (r.firstCall ? <StackedTime stored={r.firstCall} /> : <Text size="sm" c="dimmed">—</Text>) },
  { accessor: 'lastCall', title: 'Last call', render: (r) => (r.lastCall ? <StackedTime stored={r.lastCall} /> : <Text size="sm" c="dimmed">—</Text>) },
  { accessor: 'mix', title: 'Outcome mix', render: (r) => <Mix row={r} /> },
  { accessor: 'callbacks', title: 'Callbacks', render: (r) => <Callbacks row={r} /> },
  { accessor: 'conversion', title: 'Worked → interested → projects', render: (r) => <Conversion row={r} /> },
];
