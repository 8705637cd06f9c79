import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { CALL_CATEGORIES, formatHms, type ProductivityRow } from '../../../../shared/schemas/summaries';
import { PRODUCTIVITY_COLUMNS, type ProductivityColumnKey } from '../../../../shared/productivity-columns';
import type { AppColumn } from '../DataTable/AppTable';
import { zonedParts } from '../../lib/format';
import { CATEGORY_COLORS } from './CallCategoryBadge';
import { CallerName } from './CallerName';
import { VerifiedMark } from './VerifiedMark';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);
const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

/** "18 Nov, 09:34 AM" in the company's zone. */
function shortTime(stored: string): string {
  const p = zonedParts(stored);
  return p ? `${p.date.slice(0, 6)}, ${p.time ?? ''}` : stored;
}

function FirstLast({ row }: { row: ProductivityRow }) {
  if (!row.firstCall || !row.lastCall) return dash;
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap', ...numeric }}>
      <Text size="sm">{shortTime(row.firstCall)}</Text>
      <Text size="sm" c="dimmed">
        {shortTime(row.lastCall)}
      </Text>
    </Stack>
  );
}

function Mix({ row }: { row: ProductivityRow }) {
  const shown = CALL_CATEGORIES.filter((c) => row.mix[c] > 0);
  if (shown.length === 0) return dash;
  return (
    <Stack gap={1}>
      {shown.map((c) => (
        <Group key={c} gap={6} wrap="nowrap">
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, flex: 'none', background: `var(--mantine-color-${CATEGORY_COLORS[c]}-6)` }} />
          <Text size="xs" style={{ whiteSpace: 'nowrap', ...numeric }}>
            {c} {row.mix[c]}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Callbacks({ row }: { row: ProductivityRow }) {
  const { due, followed, missed } = row.callbacks;
  if (due === 0) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        None due
      </Text>
    );
  }
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap', ...numeric }}>
      <Text size="sm">{due} due</Text>
      <Text size="xs" c="dimmed">
        {followed} followed up
      </Text>
      <Text size="xs" c={missed ? 'red.7' : 'dimmed'} fw={missed ? 600 : undefined}>
        {missed} missed
      </Text>
    </Stack>
  );
}

function Proof({ row }: { row: ProductivityRow }) {
  const { verified, appTimer, noCall } = row.proof;
  if (verified + appTimer + noCall === 0) return dash;
  return (
    <Stack gap={1} align="flex-end" style={{ whiteSpace: 'nowrap', ...numeric }}>
      <Group gap={4} wrap="nowrap">
        {verified > 0 && <VerifiedMark />}
        <Text size="sm">{verified}</Text>
      </Group>
      {appTimer > 0 && (
        <Text size="xs" c="dimmed">
          {appTimer} app timer
        </Text>
      )}
      <Text size="xs" c={noCall ? 'red.7' : 'dimmed'} fw={noCall ? 600 : undefined}>
        {noCall} no call
      </Text>
    </Stack>
  );
}

function Conversion({ row }: { row: ProductivityRow }) {
  const { worked, interested, projects } = row.conversion;
  return (
    <Stack gap={0} style={{ whiteSpace: 'nowrap', ...numeric }}>
      <Text size="sm" aria-label={`${worked} worked, ${interested} interested, ${projects} projects`}>
        {worked} → {interested} → {projects}
      </Text>
      <Text size="xs" c="dimmed">
        {percent(interested, worked)} interested
      </Text>
    </Stack>
  );
}

interface Cell {
  render: (r: ProductivityRow) => ReactNode;
  textAlign?: 'right';
  noWrap?: boolean;
}

/** How the table shows each column of the report's spec, which the CSV and the totals share. */
const CELLS: Record<ProductivityColumnKey, Cell> = {
  name: { render: (r) => <CallerName caller={r} /> },
  calls: {
    textAlign: 'right',
    render: (r) => (
      <Stack gap={0} align="flex-end" style={numeric}>
        <Text size="sm" fw={600}>
          {r.calls}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {r.connected} connected
        </Text>
      </Stack>
    ),
  },
  talkTime: {
    textAlign: 'right',
    noWrap: true,
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" style={numeric} title={`All calls, connected or not: ${formatHms(r.callTime)}`}>
          {formatHms(r.talkTime)}
        </Text>
        {r.proof.verifiedTalkTime > 0 && (
          <Group gap={4} wrap="nowrap">
            <VerifiedMark tip="The part of the talk time your telephony provider reported" />
            <Text size="xs" c="dimmed" style={numeric}>
              {formatHms(r.proof.verifiedTalkTime)}
            </Text>
          </Group>
        )}
      </Stack>
    ),
  },
  proof: { textAlign: 'right', render: (r) => <Proof row={r} /> },
  firstCall: { render: (r) => <FirstLast row={r} /> },
  mix: { render: (r) => <Mix row={r} /> },
  callbacks: { render: (r) => <Callbacks row={r} /> },
  conversion: { render: (r) => <Conversion row={r} /> },
};

function TwoLineTitle({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      {title}
      <Text size="xs" c="dimmed" fw={400} style={{ whiteSpace: 'nowrap' }}>
        {subtitle}
      </Text>
    </div>
  );
}

/** The productivity table's columns. */
export const PRODUCTIVITY_TABLE_COLUMNS: AppColumn<ProductivityRow>[] = PRODUCTIVITY_COLUMNS.map((c) => ({
  accessor: c.key,
  title: c.subtitle ? <TwoLineTitle title={c.title} subtitle={c.subtitle} /> : c.title,
  ...CELLS[c.key],
}));
