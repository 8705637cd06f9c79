import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../../shared/leads';
import { LEAD_QUALITY_LABELS, NOT_CONNECTED_LABELS, formatDuration, type LeadQuality, type NotConnectedOutcome } from '../../../../shared/schemas/lead-work';
import { formatDateTime } from '../../lib/format';
import { formatCallback } from '../lead-lists/LeadCells';
import type { LeadDetail } from './openLead';

type HistoryItem = LeadDetail['history'][number];

const statusText = (s: string) => `${LEAD_STATUS_LABELS[s as LeadStatus] ?? 'Status'} (${s})`;
const outcomeText = (o: string | null) => `Not connected · ${(o && NOT_CONNECTED_LABELS[o as NotConnectedOutcome]) || 'No answer'}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

function HistoryEntry({ item }: { item: HistoryItem }) {
  const attempt = item.kind === 'attempt';
  const who = `${item.telecaller_name}${item.user_type === 'Telicaller-hade' ? ' (head)' : ''}${item.by_subadmin ? ' · by the company' : ''}`;
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Badge variant="light" color={attempt ? 'orange' : 'blue'} radius="sm" tt="none">
          {attempt ? outcomeText(item.outcome) : statusText(item.status)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {!attempt && <Field label="Feedback">{item.feedback || '—'}</Field>}
        <Field label="Duration">{formatDuration(item.call_duration)}</Field>
        {!attempt && <Field label="Demo">{item.demo ? 'Yes' : 'No'}</Field>}
        <Field label="Telecaller">{who}</Field>
        {!attempt && <Field label="Telecaller head">{item.handler_name || 'No Handler Assigned'}</Field>}
        {item.invalid_reason && <Field label="Reason">{item.invalid_reason}</Field>}
        {item.lead_quality && <Field label="Lead quality">{LEAD_QUALITY_LABELS[item.lead_quality as LeadQuality] ?? item.lead_quality}</Field>}
        {item.project_name && <Field label="Project Name">{item.project_name}</Field>}
        {item.callback && item.callback_date && <Field label="Callback">{formatCallback(item.callback_date, item.callback_time)}</Field>}
        {item.optional_whatsapp && <Field label="Optional WhatsApp">{item.optional_whatsapp}</Field>}
        {item.optional_number && <Field label="Optional Number">{item.optional_number}</Field>}
      </SimpleGrid>
      {item.remarks && (
        <Stack mt={6} gap={0}>
          <Field label="Remarks">{item.remarks}</Field>
        </Stack>
      )}
    </Paper>
  );
}

/** What was done with the lead before, newest first: outcomes and unanswered calls; null while it loads. */
export function LeadHistory({ items }: { items: HistoryItem[] | null }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="lead-history-title">
      <Title order={3} size="h4" id="lead-history-title">
        Lead History
      </Title>
      {items === null ? (
        <Text c="dimmed" size="sm" py="sm">
          Loading history...
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm">
          No history found
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {items.map((item) => (
            <HistoryEntry key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
