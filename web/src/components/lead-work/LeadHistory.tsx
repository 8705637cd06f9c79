import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSharedText } from '../../i18n/sharedText';
import type { TFunction } from 'i18next';
import { NOT_CONNECTED_LABELS, type NotConnectedOutcome } from '../../../../shared/leads';
import { isLeadStatus } from '../../../../shared/lead-status';
import { LEAD_QUALITIES, formatDuration, type LeadQuality } from '../../../../shared/schemas/lead-work';
import { formatDateTime } from '../../lib/format';
import { formatCallback } from '../lead-lists/LeadCells';
import type { LeadDetail } from './openLead';
import { VerifiedMark, useMarkTexts } from '../summaries/VerifiedMark';
import { RecordingPlayer } from '../summaries/RecordingPlayer';

type HistoryItem = LeadDetail['history'][number];
type EventItem = LeadDetail['events'][number];
type ChangeItem = LeadDetail['changes'][number];

const statusText = (t: TFunction, s: string) => (isLeadStatus(s) ? t(`shared.status.${s}`) : t('queue.status'));
const outcomeText = (t: TFunction, o: string | null) =>
  t('history.notConnected', { reason: t(`shared.notConnected.${o && o in NOT_CONNECTED_LABELS ? (o as NotConnectedOutcome) : 'no_answer'}`) });
const qualityText = (t: TFunction, q: string) => ((LEAD_QUALITIES as readonly string[]).includes(q) ? t(`shared.quality.${q as LeadQuality}`) : q);

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
  const { t } = useTranslation();
  const marks = useMarkTexts();
  const { feedbackText } = useSharedText();
  const attempt = item.kind === 'attempt';
  const caller = item.user_type === 'Telicaller-hade' ? t('history.byHead', { name: item.telecaller_name }) : item.telecaller_name;
  const who = item.by_subadmin ? t('history.byCompany', { name: caller }) : caller;
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Badge variant="light" color={attempt ? 'orange' : 'blue'} radius="sm" tt="none">
          {attempt ? outcomeText(t, item.outcome) : statusText(t, item.status)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {!attempt && <Field label={t('history.feedback')}>{item.feedback ? feedbackText(item.feedback) : '—'}</Field>}
        <Field label={t('history.duration')}>
          {formatDuration(item.call_duration)}
          {item.call_via && (
            <>
              {' '}
              <VerifiedMark kind={item.call_via === 'provider' ? 'verified' : 'appTimer'} texts={marks} />
            </>
          )}
        </Field>
        {item.recording_call_id !== null && (
          <Field label={t('history.recording')}>
            <RecordingPlayer callId={item.recording_call_id} label={t('history.playRecording')} />
          </Field>
        )}
        {!attempt && <Field label={t('history.demo')}>{t(item.demo ? 'history.yes' : 'history.no')}</Field>}
        <Field label={t('history.telecaller')}>{who}</Field>
        {!attempt && <Field label={t('history.head')}>{item.handler_name || t('history.noHandler')}</Field>}
        {item.invalid_reason && <Field label={t('history.reason')}>{item.invalid_reason}</Field>}
        {item.lead_quality && <Field label={t('history.leadQuality')}>{qualityText(t, item.lead_quality)}</Field>}
        {item.project_name && <Field label={t('history.projectName')}>{item.project_name}</Field>}
        {item.callback && item.callback_date && <Field label={t('history.callback')}>{formatCallback(item.callback_date, item.callback_time)}</Field>}
        {item.optional_whatsapp && <Field label={t('history.optionalWhatsapp')}>{item.optional_whatsapp}</Field>}
        {item.optional_number && <Field label={t('history.optionalNumber')}>{item.optional_number}</Field>}
      </SimpleGrid>
      {item.remarks && (
        <Stack mt={6} gap={0}>
          <Field label={t('history.remarks')}>{item.remarks}</Field>
        </Stack>
      )}
    </Paper>
  );
}

const EVENT_COLORS: Record<string, string> = {
  repeat_enquiry: 'grape',
  routed: 'teal',
  recycled: 'orange',
  returned_to_pool: 'gray',
  waiting: 'gray',
  call_in: 'green',
  call_missed: 'red',
};

/** A move routing made, or a repeat enquiry: one line with its details. */
function EventEntry({ item }: { item: EventItem }) {
  const { t } = useTranslation();
  const kind = item.kind in EVENT_COLORS ? item.kind : 'routed';
  const source = item.source ? t(`history.sources.${item.source}`, { defaultValue: item.source }) : '';
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={4}>
        <Badge variant="light" color={EVENT_COLORS[kind]} radius="sm" tt="none">
          {t(`history.events.${kind as 'routed'}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {t(`history.eventText.${kind as 'routed'}`, { to: item.user_name ?? '—', from: item.from_user_name ?? '—', source })}
      </Text>
      {item.detail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {item.detail}
        </Text>
      )}
    </Paper>
  );
}

/** A change of the lead's field values: one line a field, "Roof type: RCC → Tin sheet", as people read them then. */
function ChangeEntry({ item }: { item: ChangeItem }) {
  const { t } = useTranslation();
  const who = item.by_name ? t('history.changedBy', { name: item.by_name }) : item.by_subadmin ? t('history.changedByCompany') : t('history.changedBySource');
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={4}>
        <Badge variant="light" color="indigo" radius="sm" tt="none">
          {t('history.changed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
      <Stack gap={2}>
        {item.changes.map((c) => (
          <Text key={c.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {c.label}:
            </Text>{' '}
            {c.from || '—'} → {c.to || '—'}
          </Text>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt={4}>
        {who}
      </Text>
    </Paper>
  );
}

type Entry =
  | { at: string; call: HistoryItem; event?: never; change?: never }
  | { at: string; event: EventItem; call?: never; change?: never }
  | { at: string; change: ChangeItem; call?: never; event?: never };

/** What was done with the lead before, newest first: outcomes, unanswered calls, routing's moves, repeat enquiries and field changes; null while it loads. */
export function LeadHistory({ items, events = [], changes = [] }: { items: HistoryItem[] | null; events?: EventItem[]; changes?: ChangeItem[] }) {
  const { t } = useTranslation();
  const entries: Entry[] | null =
    items === null
      ? null
      : [
          ...items.map((call) => ({ at: call.created_at, call })),
          ...events.map((event) => ({ at: event.created_at, event })),
          ...changes.map((change) => ({ at: change.created_at, change })),
        ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <Stack gap="xs" component="section" aria-labelledby="lead-history-title">
      <Title order={3} size="h4" id="lead-history-title">
        {t('history.title')}
      </Title>
      {entries === null ? (
        <Text c="dimmed" size="sm" py="sm">
          {t('history.loading')}
        </Text>
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm">
          {t('history.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {entries.map((e) =>
            e.call ? (
              <HistoryEntry key={`c${e.call.id}`} item={e.call} />
            ) : e.event ? (
              <EventEntry key={`e${e.event.id}`} item={e.event} />
            ) : (
              <ChangeEntry key={`f${e.change.id}`} item={e.change} />
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
