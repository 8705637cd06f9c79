import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { MobileLink } from '../lead-lists/LeadCells';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import type { Project } from './types';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** One project on a phone: who it is for, the money, the commission, the end date; actions below. */
export function ProjectCard({ project: p, actions }: { project: Project; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={p.project_name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {p.project_name}
            </Text>
            <Text size="sm">
              {p.clint_name} · <MobileLink mobile={p.number} />
            </Text>
            {p.lead && (
              <Text size="xs" c="dimmed">
                {t('projects.fromLead', { name: p.lead.name })}
              </Text>
            )}
          </div>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            #{p.id}
          </Text>
        </Group>
        <ProjectStatusBadge project={p} />
        {p.reject_reason && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('projects.rejectReason', { reason: p.reject_reason })}
          </Text>
        )}
        <SimpleGrid cols={3} spacing="xs" verticalSpacing={6}>
          <Figure label={t('projects.price')}>{formatMoney(p.price)}</Figure>
          <Figure label={t('projects.received')}>{formatMoney(p.received)}</Figure>
          <Figure label={t('projects.pending')}>{formatMoney(p.pending)}</Figure>
          <Figure label={t('projects.commissionOf', { percent: p.commission_percentage })}>{formatMoney(p.commission)}</Figure>
          <Figure label={t('projects.earned')}>{formatMoney(p.commission_earned)}</Figure>
          <Figure label={t('projects.end')}>{formatDate(p.endtime)}</Figure>
        </SimpleGrid>
        {actions}
      </Stack>
    </Card>
  );
}
