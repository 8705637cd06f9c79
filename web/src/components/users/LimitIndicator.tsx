import { Group, Paper, Progress, Text } from '@mantine/core';
import type { TelecallerLimit } from '../../../../shared/schemas/users';

/** "Telecallers: 3 of 10" with a bar; telecallers and heads count, developers do not. */
export function LimitIndicator({ limit, compact = false }: { limit: TelecallerLimit; compact?: boolean }) {
  const reached = limit.used >= limit.max;
  const pct = limit.max > 0 ? Math.min(100, (limit.used / limit.max) * 100) : 100;
  const color = reached ? 'red' : pct >= 80 ? 'orange' : 'blue';
  return (
    <Paper withBorder p="xs" px="sm" miw={compact ? 180 : 220} aria-label={`Telecallers: ${limit.used} of ${limit.max}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          Telecallers: {limit.used} of {limit.max}
        </Text>
        {reached && (
          <Text size="xs" c="red" fw={600}>
            Limit reached
          </Text>
        )}
      </Group>
      <Progress value={pct} color={color} size="sm" mt={6} aria-hidden />
      {!compact && (
        <Text size="xs" c="dimmed" mt={4}>
          Telecallers and telecaller heads count; developers do not.
        </Text>
      )}
    </Paper>
  );
}
