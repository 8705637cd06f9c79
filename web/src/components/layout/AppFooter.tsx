import { useEffect, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { timeZoneName } from '../../lib/format';
import { whenIdle } from '../../lib/whenIdle';
import { APP_VERSION, PRODUCT_NAME } from './brand';
import { useSharedText } from '../../i18n/sharedText';

/**
 * The footer of every signed-in page. It says once which time zone the page's times are in, on the
 * left, where the toasts (bottom-right on desktop, top on phones) never cover it.
 */
export function AppFooter({ owner, timeZone }: { owner?: string | null; timeZone: string }) {
  // The zone's long name needs the browser's time-zone names, which take a slow phone a fifth of a
  // second to load: it is worked out once the page's content is on screen and the phone is idle, the
  // zone's id standing in till then.
  const { t } = useSharedText();
  const [zoneName, setZoneName] = useState(timeZone);
  useEffect(() => whenIdle(() => setZoneName(timeZoneName(timeZone))), [timeZone]);
  return (
    <Group justify="space-between" gap="xs" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap={4} wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-lg)' }}>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} {owner || PRODUCT_NAME}
        </Text>
        <Text size="xs" c="dimmed" data-testid="time-zone-note">
          {t('shell.timesIn', { zone: zoneName })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {owner ? `${PRODUCT_NAME} ` : ''}v{APP_VERSION}
      </Text>
    </Group>
  );
}
