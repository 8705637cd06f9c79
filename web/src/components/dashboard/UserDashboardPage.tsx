import { lazy, Suspense } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import type { UserTypeValue } from '../../../../shared/constants';
import { DASHBOARD_TILES } from '../layout/dashboardTiles';
import { DashboardTile } from '../layout/DashboardTile';
import { useRouteExists } from '../layout/useRouteExists';
import { useAfterIdle } from '../../lib/whenIdle';
import { BreakSwitch } from '../routing/BreakSwitch';
import { AlertPermissionCard } from '../alerts/AlertPermissionCard';
import { MySpeedCard } from '../speed/MySpeedCard';

// Its own chunk, fetched beside the tiles: the carousel never holds them up.
const BannerCarousel = lazy(() => import('../banners/BannerCarousel'));

const isUserType = (t: unknown): t is UserTypeValue => typeof t === 'string' && t in DASHBOARD_TILES;

/** The home page of telecallers, heads and developers: the banners and a tile per work page with its count. */
export function UserDashboardPage() {
  const { t } = useTranslation();
  const { me } = useRouteContext({ from: '/_user' });
  const tiles = trpc.dashboard.tiles.useQuery();
  const exists = useRouteExists();
  // Drawn once the tiles are on screen: a lazy component in their first render suspended it.
  const carouselTime = useAfterIdle();
  const type = me.userType;

  if (!isUserType(type)) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('dashboard.noUserType')}
      </Text>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {t('titles./')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('dashboard.welcome', { name: me.name, role: t(`shared.shell.role.${type}`) })}
        </Text>
      </div>
      {type !== 'Developer' && <BreakSwitch />}
      {type !== 'Developer' && <AlertPermissionCard />}
      {type !== 'Developer' &&
        // Its room is kept from the start (nothing moves when it arrives), its code fetched once the tiles are shown.
        (tiles.data && carouselTime ? (
          <Suspense fallback={<div style={{ height: 200 }} aria-hidden />}>
            <BannerCarousel />
          </Suspense>
        ) : (
          <div style={{ height: 200 }} aria-hidden />
        ))}
      <QueryState query={tiles} errorText={t('dashboard.failed')}>
        {(data) =>
          isUserType(data.userType) ? (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
              {DASHBOARD_TILES[data.userType].map((t) => (
                <DashboardTile key={t.key} tile={t} count={t.format === 'link' ? null : (data.counts[t.key] ?? 0)} linked={exists(t.to)} />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t('dashboard.noUserType')}
            </Text>
          )
        }
      </QueryState>
      {/* Below the tiles: on a phone the queues' tiles stay on the first screen. */}
      {type !== 'Developer' && <MySpeedCard />}
    </Stack>
  );
}
