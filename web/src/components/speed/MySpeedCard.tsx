import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { shareText, waitText } from './speedFormat';

/** A telecaller's (or head's) own speed to lead today, on their Home: median wait and the share called within 5 minutes. */
export function MySpeedCard() {
  const { t } = useTranslation();
  const mine = trpc.speed.mine.useQuery();
  const units = { h: t('dashboard.speed.units.h'), min: t('dashboard.speed.units.min'), s: t('dashboard.speed.units.s') };
  const f = mine.data;
  return (
    <Paper withBorder p="md" radius="md" aria-label={t('dashboard.speed.title')} component="section">
      <Text fw={600}>{t('dashboard.speed.title')}</Text>
      {mine.isError ? (
        <Text size="sm" c="red">
          {t('dashboard.speed.failed')}
        </Text>
      ) : !f ? (
        <Skeleton h={56} mt="xs" />
      ) : f.arrived === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('dashboard.speed.none')}
        </Text>
      ) : (
        <Stack gap={6} mt={6}>
          <SimpleGrid cols={2} spacing="sm">
            <div>
              <Text size="xs" c="dimmed" fw={500}>
                {t('dashboard.speed.median')}
              </Text>
              <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {f.medianMs === null ? t('dashboard.speed.notCalled') : waitText(f.medianMs, units)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={500}>
                {t('dashboard.speed.quick')}
              </Text>
              <Group gap={6} align="baseline" wrap="wrap">
                <Text fz={22} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {shareText(f.quickShare)}
                </Text>
                {f.decided > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('dashboard.speed.quickOf', { quick: f.quick, decided: f.decided })}
                  </Text>
                )}
              </Group>
            </div>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('dashboard.speed.arrived', { count: f.arrived, called: f.called })} · {t('dashboard.speed.note')}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
