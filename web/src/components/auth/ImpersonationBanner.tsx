import { Button, Group, Paper, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { notifyError } from '../../lib/notify';
import type { Me } from './session';
import { resetSessionCache } from './session';

/** Shown while a sub-admin works as one of its users (login-as), with the way back; in the user's language, as the rest of its area. */
export function ImpersonationBanner({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = trpc.auth.returnToSubadmin.useMutation({
    onSuccess: async () => {
      resetSessionCache();
      await navigate({ to: '/subadmin/telicallerlist/alltelicaller', replace: true });
    },
    onError: (err) => notifyError(err, t('impersonation.backFailed')),
  });
  if (!me.impersonatedBy) return null;
  return (
    <Paper radius={0} px={{ base: 'sm', sm: 'lg' }} py="xs" bg="yellow.1" style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }} role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="yellow.9" fw={500} style={{ flex: '1 1 240px' }}>
          {t('impersonation.banner', { name: me.name, owner: me.impersonatedBy.name })}
        </Text>
        <Button size="xs" color="yellow.8" onClick={() => back.mutate()} loading={back.isPending}>
          {t('impersonation.back')}
        </Button>
      </Group>
    </Paper>
  );
}
