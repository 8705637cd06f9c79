import { useState } from 'react';
import { Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { Icon } from '../layout/icons';
import { canNotify } from './notify';
import { ensurePushSubscription } from './pushSubscription';

/**
 * "Get an alert when a lead arrives": asks for notifications when the telecaller chooses to, on their
 * Home, never at sign-in; shown while the browser has not been answered yet. Allowed, this browser
 * subscribes to Web Push.
 */
export function AlertPermissionCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() => (canNotify() ? Notification.permission : 'unsupported'));
  const [asking, setAsking] = useState(false);
  if (permission !== 'default') return null;
  return (
    <Card withBorder padding="sm" radius="md" data-testid="alert-permission">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Icon name="bell" size={22} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {t('alerts.card.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('alerts.card.text')}
          </Text>
        </div>
        <Button
          size="sm"
          loading={asking}
          onClick={async () => {
            setAsking(true);
            try {
              const answer = await Notification.requestPermission();
              setPermission(answer);
              if (answer === 'granted') await ensurePushSubscription(utils);
            } finally {
              setAsking(false);
            }
          }}
        >
          {t('alerts.card.allow')}
        </Button>
      </Group>
    </Card>
  );
}
