import { Badge } from '@mantine/core';

/** 0 is Pending; any other status is shown as Resolved. */
export function ComplaintStatusBadge({ status }: { status: number }) {
  return status === 0 ? (
    <Badge color="orange" variant="light" style={{ minWidth: 'max-content' }}>
      Pending
    </Badge>
  ) : (
    <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
      Resolved
    </Badge>
  );
}
