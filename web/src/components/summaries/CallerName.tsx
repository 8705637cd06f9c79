import { Badge, Group, Text } from '@mantine/core';
import type { UserTypeValue } from '../../../../shared/constants';
import type { CallerRef } from '../../../../shared/schemas/summaries';
import { UserTypeBadge } from '../users/UserBadges';

/** A telecaller's name with its role, and whether it was blocked or removed. */
export function CallerName({ caller, size = 'sm' }: { caller: CallerRef; size?: 'sm' | 'md' }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size={size} fw={600}>
        {caller.name}
      </Text>
      <UserTypeBadge type={caller.user_type as UserTypeValue} />
      {caller.deleted ? (
        <Badge variant="dot" color="gray" radius="sm" tt="none">
          Deleted
        </Badge>
      ) : (
        caller.blocked && (
          <Badge variant="dot" color="red" radius="sm" tt="none">
            Blocked
          </Badge>
        )
      )}
    </Group>
  );
}
