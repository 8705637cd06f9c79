import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { QueryState } from '../QueryState';
import { useRouteExists } from '../layout/useRouteExists';
import { formatCount, formatDate } from '../../lib/format';
import { PAGE_TITLES } from '../layout/pageTitles';
import type { SubadminDashboard } from '../../../../shared/schemas/subadmins';

const PENDING_COMPLAINTS_PATH: string = '/admin/subadmin-camplaints/pending';

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function FigureCard({ label, value, color, link }: { label: string; value: number; color?: string; link?: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text fz={{ base: 24, sm: 30 }} fw={700} c={value === 0 ? undefined : color} lh={1.2}>
          {formatCount(value)}
        </Text>
        {link}
      </Stack>
    </Paper>
  );
}

export function AdminDashboardPage() {
  const dashboard = trpc.subadmins.dashboard.useQuery();
  return (
    <Stack gap="md">
      <Title order={2}>{PAGE_TITLES['/admin']}</Title>
      <QueryState query={dashboard} errorText="Could not load the dashboard.">
        {(d) => <DashboardFigures d={d} />}
      </QueryState>
    </Stack>
  );
}

function DashboardFigures({ d }: { d: SubadminDashboard }) {
  const routeExists = useRouteExists();
  const listLink = (label: string, status?: 'active' | 'blocked' | 'expired') => (
    <Anchor size="sm" renderRoot={(props) => <Link to="/admin/subadmin-list" search={status ? { status } : {}} {...props} />}>
      {label}
    </Anchor>
  );
  const complaintsLink = routeExists(PENDING_COMPLAINTS_PATH) ? (
    <Anchor component={Link} to={PENDING_COMPLAINTS_PATH} size="sm">
      View pending
    </Anchor>
  ) : undefined;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4}>Subadmins</Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
          <FigureCard label="Active subadmins" value={d.companies.active} color="green.7" link={listLink('View active', 'active')} />
          <FigureCard label="Blocked" value={d.companies.blocked} color="red.7" link={listLink('View blocked', 'blocked')} />
          <FigureCard label="Expired" value={d.companies.expired} color="orange.7" link={listLink('View expired', 'expired')} />
          <FigureCard label="Expiring in 30 days" value={d.companies.expiringSoon} color="yellow.8" />
        </SimpleGrid>
      </Stack>

      <Stack gap="xs">
        <Title order={4}>People and work</Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
          <FigureCard label="Telecallers" value={d.users.telecallers} />
          <FigureCard label="Telecaller heads" value={d.users.heads} />
          <FigureCard label="Developers" value={d.users.developers} />
          <FigureCard label="Leads this month" value={d.leadsThisMonth} />
          <FigureCard label="Pending complaints" value={d.pendingComplaints} color={d.pendingComplaints ? 'red.7' : undefined} link={complaintsLink} />
        </SimpleGrid>
      </Stack>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Expiring in the next 30 days</Title>
          {listLink(PAGE_TITLES['/admin/subadmin-list'])}
        </Group>
        {d.expiringSoon.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center">
            No subadmin expires in the next 30 days.
          </Text>
        ) : (
          <Stack gap={0}>
            {d.expiringSoon.map((c, i) => {
              const left = daysBetween(d.today, c.expiry_date);
              return (
                <Group
                  key={c.id}
                  justify="space-between"
                  wrap="nowrap"
                  py="xs"
                  style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor size="sm" fw={600} renderRoot={(props) => <Link to="/admin/subadmin-list" search={{ search: c.company_name }} {...props} />}>
                      {c.company_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {c.name}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="sm">{formatDate(c.expiry_date)}</Text>
                    <Badge variant="light" color={left <= 7 ? 'red' : 'yellow'}>
                      {left === 0 ? 'Last day' : `${left} day${left === 1 ? '' : 's'} left`}
                    </Badge>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
        {d.companies.expiringSoon > d.expiringSoon.length && (
          <Text size="sm" c="dimmed" mt="xs">
            Showing the {d.expiringSoon.length} soonest of {d.companies.expiringSoon}.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
