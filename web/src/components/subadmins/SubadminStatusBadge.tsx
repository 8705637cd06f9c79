import { Badge } from '@mantine/core';
import type { SubadminStatus } from '../../../../shared/schemas/subadmins';

const LOOK: Record<SubadminStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  blocked: { label: 'Blocked', color: 'red' },
  expired: { label: 'Expired', color: 'orange' },
};

export function SubadminStatusBadge({ status }: { status: SubadminStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" style={{ minWidth: 'max-content' }}>
      {look.label}
    </Badge>
  );
}
