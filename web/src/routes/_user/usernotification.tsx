import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';
import { useTranslation } from 'react-i18next';
import { pageHead } from '../../components/layout/pageTitles';
import { inboxInput } from '../../components/notifications/inboxQuery';

export const Route = createFileRoute('/_user/usernotification')({
  head: pageHead('/usernotification'),
  loader: ({ context }) => void context.trpc.notifications.inbox.prefetch(inboxInput(1)),
  component: UserInbox,
});

function UserInbox() {
  const { t } = useTranslation();
  return <InboxPage title={t('titles./usernotification')} description={t('notifications.intro')} />;
}
