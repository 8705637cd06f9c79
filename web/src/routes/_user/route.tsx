import { useCallback } from 'react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { guardArea, type Me } from '../../components/auth/session';
import { useSessionWatch } from '../../components/auth/useSessionWatch';
import { useSignOut } from '../../components/auth/useSignOut';
import { ImpersonationBanner } from '../../components/auth/ImpersonationBanner';
import { userNav } from '../../components/layout/userNav';
import { navForUserType } from '../../components/layout/nav';
import { AreaShell } from '../../components/layout/AreaShell';
import { NotFound } from '../../components/layout/NotFound';
import { Icon } from '../../components/layout/icons';
import { PRODUCT_NAME, pageTitle } from '../../components/layout/brand';
import { useCallbackReminders } from '../../components/reminders/useCallbackReminders';
import { useReminderToasts } from '../../components/reminders/useReminderToasts';
import { useLeadAlerts } from '../../components/alerts/useLeadAlerts';
import { OutboxButton } from '../../components/outbox/OutboxButton';
import { InstallAppLink } from '../../components/layout/InstallAppLink';
import { LanguageMenuItems, UserTexts } from '../../i18n/UserLanguage';

/** The telecaller, telecaller head and developer area (no path of its own: it holds `/` and the work pages). */
export const Route = createFileRoute('/_user')({
  beforeLoad: guardArea('user'),
  // The header's bell, fetched with the page's own data instead of after the header has rendered.
  loader: ({ context }) => void context.trpc.notifications.bell.prefetch(),
  head: () => ({ meta: [{ title: pageTitle() }] }),
  notFoundComponent: () => <NotFound home="/" />,
  component: UserLayout,
});

function UserLayout() {
  const me = useSessionWatch('user', Route.useRouteContext().me);
  return (
    <UserTexts language={me.language}>
      <UserArea me={me} />
    </UserTexts>
  );
}

function UserArea({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const { signOut, isPending } = useSignOut('user');
  const worksLeads = me.userType === 'Telicaller' || me.userType === 'Telicaller-hade';
  useReminderToasts(useCallbackReminders(worksLeads).data);
  useLeadAlerts(worksLeads);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu is built again when the language changes: t alone keeps its identity across a change of language
  const nav = useCallback(() => navForUserType(userNav(t), me.userType), [t, i18n.language, me.userType]);
  return (
    <AreaShell
      me={me}
      nav={nav}
      homeTo="/"
      title={me.companyName || PRODUCT_NAME}
      footerOwner={me.companyName}
      banner={<ImpersonationBanner me={me} />}
      callbackReminders={worksLeads}
      headerExtra={worksLeads ? <OutboxButton userId={me.id} /> : null}
      menuExtra={<LanguageMenuItems me={me} />}
      navFooter={(close) => (
        <>
          <InstallAppLink onDone={close} />
          <NavLink
            component="button"
            label={t('shared.shell.logout')}
            leftSection={<Icon name="logout" />}
            disabled={isPending}
            onClick={() => {
              close();
              signOut();
            }}
            style={{ borderRadius: 'var(--mantine-radius-md)', fontWeight: 500 }}
          />
        </>
      )}
    >
      <Outlet />
    </AreaShell>
  );
}
