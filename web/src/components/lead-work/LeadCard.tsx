import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import type { LeadQueue } from '../../../../shared/constants';
import { requirementText } from '../../../../shared/leads';
import { formatDateTime } from '../../lib/format';
import { useZoneReady } from '../../lib/useZoneReady';
import { Icon } from '../layout/icons';
import { ButtonLink } from '../ButtonLink';
import { CallbackStateBadge, useCallbackWhen } from './leadBadges';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { FieldValue, hasValue } from '../lead-fields/fieldInputs';

export type QueueCard = inferRouterOutputs<AppRouter>['work']['queue']['items'][number];

interface Props {
  lead: QueueCard;
  queue: LeadQueue;
}

/** One lead of a queue, as a telecaller reads it on a phone: who, the number to tap, what they want. */
export function LeadCard({ lead, queue }: Props) {
  const { t } = useTranslation();
  const callbackWhen = useCallbackWhen();
  // The callback and sent times follow the card's first paint by a moment (useZoneReady), in their own line.
  const zoneReady = useZoneReady();
  const requirement = requirementText(lead.requirement);
  const place = [lead.area, lead.category].filter(Boolean).join(' · ');
  // The company's fields it shows on cards, those this lead has a value of (docs/lead-fields.md).
  const cardFields = (useCompanyShape().data?.fields ?? []).filter((f) => f.onCards && !f.hidden && !f.retired && hasValue(lead.fields[f.key]));
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={lead.name || lead.mobile}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} size="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {lead.name || t('queue.noName')}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {lead.attempts > 0 && (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {t('queue.attempts', { count: lead.attempts })}
              </Badge>
            )}
            <CallbackStateBadge state={lead.callback_state} />
          </Group>
        </Group>

        <Button
          component="a"
          href={`tel:${lead.mobile}`}
          variant="light"
          color="green"
          size="md"
          leftSection={<Icon name="phone" size={18} />}
          style={{ alignSelf: 'flex-start', fontVariantNumeric: 'tabular-nums' }}
        >
          {lead.mobile}
        </Button>

        {requirement && (
          <Text size="sm" lineClamp={6} title={requirement} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {requirement}
          </Text>
        )}

        <Stack gap={2}>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {cardFields.map((f) => (
            <Text key={f.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed">
                {f.label}:
              </Text>{' '}
              <FieldValue field={f} value={lead.fields[f.key]} />
            </Text>
          ))}
          {lead.callback_date && (
            <Text size="sm" fw={500}>
              {zoneReady ? t('queue.callback', { when: callbackWhen(lead.callback_date, lead.callback_time) }) : '\u00a0'}
            </Text>
          )}
          {lead.assigned_by_name && (
            <Text size="sm" fw={500}>
              {t('queue.assignedBy', { name: lead.assigned_by_name })}
            </Text>
          )}
          {lead.send_date && (
            <Text size="xs" c="dimmed">
              {zoneReady ? t('queue.sent', { time: formatDateTime(lead.send_date) }) : '\u00a0'}
            </Text>
          )}
        </Stack>

        <ButtonLink to="/leadspage/lead/$leadId" params={{ leadId: String(lead.id) }} search={{ queue }} preload="intent" size="md" fullWidth mt="auto">
          {/* Call Back on Today's Callbacks, Process Lead elsewhere */}
          {t(queue === 'callback' ? 'queue.callBack' : 'queue.processLead')}
        </ButtonLink>
        {queue === 'interested' && (
          // An interested lead is where a sale starts: its project links back to it.
          <ButtonLink to="/leadspage/createproject" search={{ lead: lead.id, name: lead.name, mobile: lead.mobile }} size="md" variant="light" fullWidth>
            {t('queue.createProject')}
          </ButtonLink>
        )}
      </Stack>
    </Paper>
  );
}
