import type { ReactNode } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Me } from '../auth/session';
import { useSignOut } from '../auth/useSignOut';
import { Icon } from './icons';
import { useRouteExists } from './useRouteExists';
import { PAGE_TITLES } from './pageTitles';
import { useSharedText, type SharedText } from '../../i18n/sharedText';

const PROFILE_PATH = '/subadmin/Profilehandel' as const;

/** The role names people read: one for each (see pageTitles.ts); a user's in its language. */
export function roleLabel(me: Me, t: SharedText['t']): string {
  if (me.kind === 'admin') return 'Admin';
  if (me.kind === 'subadmin') return 'Subadmin';
  return t(`shell.role.${me.userType ?? 'none'}`);
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The signed-in name and the few things that work: the subadmin's profile, `extra` (a user's language), and Logout. */
export function UserMenu({ me, extra }: { me: Me; extra?: ReactNode }) {
  const { t } = useSharedText();
  const { signOut, isPending } = useSignOut(me.kind);
  const exists = useRouteExists();
  return (
    // No focus placeholder: a menu may hold only its items (axe), and the items are reached with the arrows.
    <Menu position="bottom-end" width={240} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 999 }} p={2}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34}>
              {initials(me.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate="end">
              {me.name}
            </Text>
            <VisuallyHidden>{t('shell.accountMenu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {me.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {roleLabel(me, t)}
            {me.companyName ? ` · ${me.companyName}` : ''}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {me.kind === 'subadmin' && exists(PROFILE_PATH) && (
          <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<Icon name="user" size={16} />}>
            {PAGE_TITLES[PROFILE_PATH]}
          </Menu.Item>
        )}
        {extra && (
          <>
            {extra}
            <Menu.Divider />
          </>
        )}
        <Menu.Item color="red.9" leftSection={<Icon name="logout" size={16} />} onClick={signOut} disabled={isPending}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
