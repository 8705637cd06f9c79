import { Badge } from '@mantine/core';
import { useSharedText } from '../../i18n/sharedText';

/** 0 is Pending; any other status is shown as Resolved. */
export function ComplaintStatusBadge({ status }: { status: number }) {
  const { t } = useSharedText();
  return status === 0 ? (
    <Badge color="orange" variant="light" style={{ minWidth: 'max-content' }}>
      {t('complaint.pending')}
    </Badge>
  ) : (
    <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
      {t('complaint.resolved')}
    </Badge>
  );
}
