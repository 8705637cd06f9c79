import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { USER_TYPE_LABELS } from '../../../../shared/constants';
import type { Me } from '../auth/session';
import { useSignOut } from '../auth/useSignOut';
import { Icon } from './icons';
import { useRouteExists } from './useRouteExists';
import { PAGE_TITLES } from './pageTitles';

const PROFILE_PATH = '/subadmin/Profilehandel' as const;

/** The role names people read: one for each (see pageTitles.ts). */
export function roleLabel(me: Me): string {
  if (me.kind === 'admin') return 'Admin';
  if (me.kind === 'subadmin') return 'Subadmin';
  return me.userType ? USER_TYPE_LABELS[me.userType] : 'User';
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The signed-in name and the few things that work: the subadmin's profile, and Logout. */
export function UserMenu({ me }: { me: Me }) {
  const { signOut, isPending } = useSignOut(me.kind);
  const exists = useRouteExists();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 999 }} p={2}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34}>
              {initials(me.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate="end">
              {me.name}
            </Text>
            <VisuallyHidden>Account menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {me.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {roleLabel(me)}
            {me.companyName ? ` · ${me.companyName}` : ''}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {me.kind === 'subadmin' && exists(PROFILE_PATH) && (
          <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<Icon name="user" size={16} />}>
            {PAGE_TITLES[PROFILE_PATH]}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<Icon name="logout" size={16} />} onClick={signOut} disabled={isPending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
