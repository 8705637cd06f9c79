import { Badge } from '@mantine/core';
import { NOT_CONNECTED_LABELS, type NotConnectedOutcome } from '../../../../shared/schemas/lead-work';
import type { CallCategory } from '../../../../shared/schemas/summaries';

export const CATEGORY_COLORS: Record<CallCategory, string> = {
  Interested: 'green',
  'Not interested': 'red',
  'Follow-up': 'yellow',
  Invalid: 'gray',
  'Not submitted': 'orange',
  'Not connected': 'grape',
};

/** What a call came to; an unanswered one says why ("Not connected · Busy"). */
export function CallCategoryBadge({ category, outcome }: { category: CallCategory; outcome?: string | null }) {
  const reason = outcome ? NOT_CONNECTED_LABELS[outcome as NotConnectedOutcome] : undefined;
  return (
    <Badge variant="light" color={CATEGORY_COLORS[category]} radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {reason ? `${category} · ${reason}` : category}
    </Badge>
  );
}
