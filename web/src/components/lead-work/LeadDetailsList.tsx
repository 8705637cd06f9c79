import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyShape } from '../../lib/useCompanyShape';
import { FieldValue, hasValue } from '../lead-fields/fieldInputs';
import type { LeadDetail } from './openLead';
import { EMAIL_FIELD } from '../../../../shared/lead-form-rules';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * What else the lead carries, read-only: its email, the company's fields that have a value (a retired
 * field's too: its value stays on the lead), and what a file or a source gave that maps to no field
 * (docs/lead-fields.md). Hidden fields are the company's to see.
 */
export function LeadDetailsList({ detail }: { detail: LeadDetail }) {
  const { t } = useTranslation();
  const shape = useCompanyShape().data;
  const { lead } = detail;
  const fields = (shape?.fields ?? []).filter((f) => !f.hidden && hasValue(detail.fields[f.key]));
  const extras = Object.entries(lead.extra_details ?? {});
  if (!lead.email && !fields.length && !extras.length) return null;
  return (
    <>
      {(lead.email || fields.length > 0) && (
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={8} aria-label={t('lead.details')} component="section">
          {lead.email && (
            <Item label={t('lead.email')}>
              <FieldValue field={EMAIL_FIELD} value={lead.email} />
            </Item>
          )}
          {fields.map((f) => (
            <Item key={f.key} label={f.label}>
              <FieldValue field={f} value={detail.fields[f.key]} />
            </Item>
          ))}
        </SimpleGrid>
      )}
      {extras.length > 0 && (
        <section aria-labelledby="lead-other-details">
          <Text size="sm" fw={600} id="lead-other-details" mb={4}>
            {t('lead.otherDetails')}
          </Text>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={8}>
            {extras.map(([label, value]) => (
              <Item key={label} label={label}>
                {value}
              </Item>
            ))}
          </SimpleGrid>
        </section>
      )}
    </>
  );
}
