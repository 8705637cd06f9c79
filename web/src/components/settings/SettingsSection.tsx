import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** One framed part of a settings page: its heading, what it is for, and its fields. */
export function SettingsSection({ title, description, maw, children }: { title: string; description?: ReactNode; maw?: number; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={maw}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
