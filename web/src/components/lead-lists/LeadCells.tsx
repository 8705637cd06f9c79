import { Anchor, Badge, Text } from '@mantine/core';
import { requirementText } from '../../../../shared/leads';
import { LEAD_STATUS_COLORS, LEAD_STATUS_LABELS, type LeadStatus } from '../../../../shared/lead-status';
import { formatClock, formatDate, formatDateTime, zonedParts } from '../../lib/format';
import type { AppColumn } from '../DataTable/AppTable';
import { useSharedText } from '../../i18n/sharedText';

/** A stored instant (ISO) in the company's time zone, e.g. "05 Mar 2025, 02:30 PM"; a bare date stays a date. */
export const formatWhen = (stored: string | null | undefined): string => formatDateTime(stored);

/** A wall-clock time as entered (HH:MM or HH:MM:SS) as people read it, in their language: 04:30 PM. */
export { formatClock };

/** A callback's calendar date and wall-clock time as entered (no time zone conversion). */
export function formatCallback(date: string | null, time: string | null): string {
  if (!date) return '';
  const day = formatDate(date);
  return time ? `${day}, ${formatClock(time)}` : day;
}

export function MobileLink({ mobile }: { mobile: string }) {
  return (
    <Anchor href={`tel:${mobile}`} size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {mobile}
    </Anchor>
  );
}

/** The requirement as readable text, clamped to three lines; the whole text shows on hover. */
export function RequirementText({ raw, maw = 320 }: { raw: string; maw?: number | string }) {
  const text = requirementText(raw);
  // Blank lines would spend the three visible lines on nothing; the hover text keeps them.
  const compact = text.replace(/\n\s*\n+/g, '\n');
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" lineClamp={3} title={text} maw={maw} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {compact}
    </Text>
  );
}

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant="light" size="sm" color={LEAD_STATUS_COLORS[status] ?? 'gray'} radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {LEAD_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

const QUALITY_COLORS: Record<string, string> = { excellent: 'green', good: 'blue', poor: 'orange' };

export function QualityBadge({ quality }: { quality: string | null }) {
  const { t, language } = useSharedText();
  if (!quality) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('quality.notRated')}
      </Text>
    );
  }
  const key = quality.toLowerCase();
  const known = key === 'excellent' || key === 'good' || key === 'poor';
  // English shows the stored word as it always has (capitalised by CSS); another language its own word.
  return (
    <Badge variant="light" color={QUALITY_COLORS[key] ?? 'gray'} radius="sm" tt="capitalize">
      {known && language !== 'en' ? t(`quality.${key}`) : quality}
    </Badge>
  );
}

/** A stored instant as its date over its time (company time zone), for narrow table columns. */
export function StackedTime({ stored, title }: { stored: string | null | undefined; title?: string }) {
  if (!stored) return null;
  const p = zonedParts(stored);
  return (
    <div title={title}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {p ? p.date : stored}
      </Text>
      {p?.time && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {p.time}
        </Text>
      )}
    </div>
  );
}

interface LeadIdentity {
  id: number;
  name: string;
  mobile: string;
  requirement: string;
}

/** The columns every lead table opens with: Id, Name, Mobile (a tel: link), Requirement. */
export function leadIdentityColumns<T extends LeadIdentity>(requirementWidth: number): AppColumn<T>[] {
  return [
    { accessor: 'id', title: 'Id', cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums' }) },
    {
      accessor: 'name',
      title: 'Name',
      render: (l) => (
        <Text size="sm" fw={500} miw={90} maw={200} style={{ overflowWrap: 'anywhere' }}>
          {l.name}
        </Text>
      ),
    },
    { accessor: 'mobile', title: 'Mobile', render: (l) => <MobileLink mobile={l.mobile} /> },
    { accessor: 'requirement', title: 'Requirement', render: (l) => <RequirementText raw={l.requirement} maw={requirementWidth} /> },
  ];
}
