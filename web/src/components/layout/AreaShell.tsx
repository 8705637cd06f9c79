import { useMemo, type ReactNode } from 'react';
import { ActionIcon, AppShell, Box, Burger, Divider, Drawer, Group, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { Me } from '../auth/session';
import { AppFooter } from './AppFooter';
import { LogoMark } from './brand';
import { Icon } from './icons';
import type { NavEntry } from './nav';
import { NotificationBell } from './NotificationBell';
import { SidebarNav } from './SidebarNav';
import { useAvailableNav } from './useRouteExists';
import { roleLabel, UserMenu } from './UserMenu';
import { useSharedText } from '../../i18n/sharedText';
import { useAfterIdle } from '../../lib/whenIdle';

interface Props {
  me: Me;
  /** the menu's entries, asked for only when a menu is drawn (a phone draws none on its first screen) */
  nav: () => NavEntry[];
  /** sub-admin: one group open at a time */
  accordion?: boolean;
  /** where the logo leads: the area's dashboard */
  homeTo: string;
  /** the name in the top bar: company or product */
  title: string;
  /** owner named in the footer's copyright */
  footerOwner?: string | null;
  /** sidebar entries that are actions, below the links (the user area's Logout) */
  navFooter?: (close: () => void) => ReactNode;
  /** shown above the page (login-as banner) */
  banner?: ReactNode;
  /** in the top bar before the bell (the telecaller's outbox) */
  headerExtra?: ReactNode;
  /** in the account menu before Logout (the user area's language) */
  menuExtra?: ReactNode;
  /** the bell also holds the user's due and missed callbacks (telecallers and heads) */
  callbackReminders?: boolean;
  children: ReactNode;
}

const NAV_WIDTH = 280;
const RAIL_WIDTH = 72;

/**
 * The frame of every signed-in area: top bar (menu toggle, name, bell, account menu), sidebar
 * (full or minimised on desktop, a drawer on phones), the page, and a footer.
 */
export function AreaShell({ me, nav, accordion, homeTo, title, footerOwner, navFooter, banner, headerExtra, menuExtra, callbackReminders, children }: Props) {
  const { t } = useSharedText();
  const role = roleLabel(me, t);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [minimised, setMinimised] = useLocalStorage({ key: `sidebar-minimised:${me.kind}`, defaultValue: false });
  // The sidebar only where it shows (from tablet width up): hidden by CSS on a phone, its whole menu
  // was still drawn on every first screen. On a phone the menu is the drawer's, drawn when opened.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  // The phone's drawer (closed) and its menu wait till the first screen is drawn, unless opened before.
  const drawerMounted = useAfterIdle() || drawerOpened;
  const needsNav = wide || drawerMounted;
  const entries = useAvailableNav(useMemo(() => (needsNav ? nav() : []), [nav, needsNav]));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: minimised ? RAIL_WIDTH : NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={0}
      bg="gray.0"
    >
      <AppShell.Header px={{ base: 'xs', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.openMenu')} />
            <ActionIcon
              visibleFrom="sm"
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setMinimised((m) => !m)}
              aria-label={t(minimised ? 'shell.expandSidebar' : 'shell.minimiseSidebar')}
              aria-expanded={!minimised}
            >
              <Icon name="menu" size={22} />
            </ActionIcon>
            <UnstyledButton component={Link} to={homeTo} style={{ minWidth: 0 }}>
              <Group gap={10} wrap="nowrap">
                <LogoMark size={30} />
                <Box style={{ minWidth: 0, lineHeight: 1.2 }}>
                  <Text fw={700} size="sm" truncate="end">
                    {title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {me.kind === 'user' ? `${me.name} · ${role}` : role}
                  </Text>
                  <VisuallyHidden>{t('shell.toDashboard')}</VisuallyHidden>
                </Box>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {headerExtra}
            <NotificationBell admin={me.kind === 'admin'} callbacks={callbackReminders} />
            <UserMenu me={me} extra={menuExtra} />
          </Group>
        </Group>
      </AppShell.Header>

      {wide && (
        <AppShell.Navbar p={minimised ? 'xs' : 'sm'} visibleFrom="sm">
          <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
            <SidebarNav entries={entries} accordion={accordion} minimised={minimised} onExpand={() => setMinimised(false)} />
          </AppShell.Section>
          {navFooter && !minimised && (
            <AppShell.Section>
              <Divider my="xs" />
              {navFooter(() => undefined)}
            </AppShell.Section>
          )}
        </AppShell.Navbar>
      )}

      {drawerMounted && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={300}
          padding="sm"
          hiddenFrom="sm"
          title={
            <Group gap={10} wrap="nowrap">
              <LogoMark size={30} />
              <Box style={{ minWidth: 0, lineHeight: 1.2 }}>
                <Text fw={700} size="sm" truncate="end">
                  {me.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {role}
                  {me.companyName ? ` · ${me.companyName}` : ''}
                </Text>
              </Box>
            </Group>
          }
        >
          <Stack gap="xs">
            <SidebarNav entries={entries} accordion={accordion} onNavigate={drawer.close} />
            {navFooter && (
              <>
                <Divider />
                {navFooter(drawer.close)}
              </>
            )}
          </Stack>
        </Drawer>
      )}

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        {banner}
        <Box flex={1} p={{ base: 'sm', sm: 'lg' }}>
          {children}
        </Box>
        <AppFooter owner={footerOwner} timeZone={me.timeZone} />
      </AppShell.Main>
    </AppShell>
  );
}
