import { lazy, Suspense } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc';
import { QueryState } from '../../components/QueryState';
import type { UserTypeValue } from '../../../../shared/constants';
import { DASHBOARD_TILES, type DashboardTile } from '../../components/layout/dashboardTiles';
import { useRouteExists } from '../../components/layout/useRouteExists';
import { Icon } from '../../components/layout/icons';
import { pageHead } from '../../components/layout/pageTitles';
import { countColor, formatCount } from '../../lib/format';
import { formatHms } from '../../../../shared/durations';
import { trpcUtils } from '../../components/auth/session';
import { waitBriefly } from '../../lib/waitBriefly';

export const Route = createFileRoute('/_user/')({
  head: pageHead('/'),
  // The counts are asked for while the page's code loads, and drawn with the page.
  loader: () => waitBriefly(trpcUtils.dashboard.tiles.prefetch()),
  component: UserDashboard,
});

// Its own chunk, fetched beside the tiles: the carousel never holds them up.
const BannerCarousel = lazy(() => import('../../components/banners/BannerCarousel'));

const isUserType = (t: unknown): t is UserTypeValue => typeof t === 'string' && t in DASHBOARD_TILES;

function UserDashboard() {
  const { t } = useTranslation();
  const { me } = Route.useRouteContext();
  const tiles = trpc.dashboard.tiles.useQuery();
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
      {type !== 'Developer' &&
        // Its room is kept from the start (nothing moves when it arrives), its code fetched once the tiles are in.
        (tiles.data ? (
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
                <Tile key={t.key} tile={t} count={t.format === 'link' ? null : (data.counts[t.key] ?? 0)} />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t('dashboard.noUserType')}
            </Text>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** A count (or a time), or with `count` null a link with its icon. */
function Tile({ tile, count }: { tile: DashboardTile; count: number | null }) {
  const { t } = useTranslation();
  const exists = useRouteExists();
  const linked = exists(tile.to);
  const color = count === null ? tile.color : countColor(count, tile.color);
  const body = (
    <Stack gap={6} justify="space-between" h="100%">
      <Text size="sm" fw={500} c="dimmed" lh={1.3}>
        {t(`dashboard.tiles.${tile.label ?? tile.key}`)}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        {tile.format === 'link' ? (
          <Text c={`${tile.color}.7`} lh={1} aria-hidden>
            <Icon name={tile.icon ?? 'chevronRight'} size={28} />
          </Text>
        ) : tile.format === 'duration' ? (
          <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.1} c={`${color}.7`} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatHms(count ?? 0)}
          </Text>
        ) : (
          <Text fz={{ base: 26, sm: 30 }} fw={700} lh={1} c={`${color}.7`}>
            {formatCount(count ?? 0)}
          </Text>
        )}
        {linked && (
          <Text c="dimmed" aria-hidden>
            <Icon name="chevronRight" size={18} />
          </Text>
        )}
      </Group>
    </Stack>
  );
  const style = { borderTop: `3px solid var(--mantine-color-${color}-${count === 0 ? 3 : 5})` };
  if (count === null && !linked) return null;
  return linked ? (
    <Card component={Link} to={tile.to} withBorder radius="md" padding="md" style={style}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="md" style={style}>
      {body}
    </Card>
  );
}
