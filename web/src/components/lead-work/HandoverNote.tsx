import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSharedText } from '../../i18n/sharedText';
import type { LeadDetail } from './openLead';

/**
 * For a head, what the telecaller said when handing the lead over (the outcome that named this head),
 * above the form: the head reads it before calling, not after scrolling past the form.
 */
export function HandoverNote({ items, headId }: { items: LeadDetail['history']; headId: number }) {
  const { t } = useTranslation();
  const { feedbackText } = useSharedText();
  const handover = items.find((h) => h.kind === 'outcome' && h.handler_id === headId);
  if (!handover) return null;
  const details = [handover.feedback ? feedbackText(handover.feedback) : '', handover.project_name ?? ''].filter(Boolean).join(' · ');
  return (
    <Paper withBorder radius="md" p="sm" bg="yellow.0" component="section" aria-label={t('lead.handover', { name: handover.telecaller_name })}>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t('lead.handover', { name: handover.telecaller_name })}
        </Text>
        {details && <Text size="sm">{details}</Text>}
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} c={handover.remarks ? undefined : 'dimmed'}>
          {handover.remarks || t('lead.noRemarks')}
        </Text>
      </Stack>
    </Paper>
  );
}
