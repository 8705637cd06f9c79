import { Badge } from '@mantine/core';
import type { UserTypeValue } from '../../../../shared/constants';
import { USER_TYPE_COLORS, userTypeLabel } from './userTypes';

export function UserTypeBadge({ type }: { type: UserTypeValue }) {
  return (
    <Badge variant="light" color={USER_TYPE_COLORS[type] ?? 'gray'} radius="sm" tt="none">
      {userTypeLabel(type)}
    </Badge>
  );
}

export function UserStatusBadge({ blocked }: { blocked: boolean }) {
  return (
    <Badge variant="dot" color={blocked ? 'red' : 'green'} radius="sm" tt="none">
      {blocked ? 'Blocked' : 'Active'}
    </Badge>
  );
}
