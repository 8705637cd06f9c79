import { Group, Text } from '@mantine/core';
import { APP_VERSION, PRODUCT_NAME } from './brand';

export function AppFooter({ owner }: { owner?: string | null }) {
  return (
    <Group justify="space-between" gap="xs" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {owner || PRODUCT_NAME}
      </Text>
      <Text size="xs" c="dimmed">
        {owner ? `${PRODUCT_NAME} ` : ''}v{APP_VERSION}
      </Text>
    </Group>
  );
}
