import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRouteExists } from '../layout/useRouteExists';
import { countColor, formatCount } from '../../lib/format';

interface Props {
  label: string;
  value: number | string;
  color?: string;
  /** the page the card opens; the card is a link only when that page exists */
  to?: string;
  search?: Record<string, string>;
  hint?: ReactNode;
}

export function StatCard({ label, value, color: wanted = 'blue', to, search, hint }: Props) {
  const color = value === 0 ? countColor(0, wanted) : wanted;
  const exists = useRouteExists();
  const linked = to !== undefined && exists(to);
  const body = (
    <Stack gap={6} h="100%" justify="space-between">
      <Text size="sm" fw={500} c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Text fz={28} fw={700} lh={1} c={`${color}.7`}>
          {typeof value === 'number' ? formatCount(value) : value}
        </Text>
        {linked && (
          <Text c="dimmed" aria-hidden fz="lg" lh={1}>
            ›
          </Text>
        )}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
  const style = { borderTop: `3px solid var(--mantine-color-${color}-${value === 0 ? 3 : 5})` };
  // `to` is a plain path (the page may come later), so the router cannot type its search: pass it as is.
  const linkSearch = search as never;
  return linked ? (
    <Card component={Link} to={to} search={linkSearch} withBorder padding="md" style={style}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md" style={style}>
      {body}
    </Card>
  );
}
