import { Badge } from '@mantine/core';
import { NOT_CONNECTED_LABELS, type NotConnectedOutcome } from '../../../../shared/schemas/lead-work';
import { CATEGORY_COLORS_OF_STATUSES, type CallCategory } from '../../../../shared/lead-status';
import { useSharedText } from '../../i18n/sharedText';

export const CATEGORY_COLORS: Record<CallCategory, string> = { ...CATEGORY_COLORS_OF_STATUSES, 'Not connected': 'grape' };

/** What a call came to; an unanswered one says why ("Not connected · Busy"). */
export function CallCategoryBadge({ category, outcome }: { category: CallCategory; outcome?: string | null }) {
  const { t } = useSharedText();
  const known = outcome && outcome in NOT_CONNECTED_LABELS ? (outcome as NotConnectedOutcome) : undefined;
  const name = t(`callCategory.${category}`);
  return (
    <Badge variant="light" color={CATEGORY_COLORS[category]} radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {known ? `${name} · ${t(`notConnected.${known}`)}` : name}
    </Badge>
  );
}
