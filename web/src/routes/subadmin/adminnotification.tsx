import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';
import { PAGE_TITLES, pageHead } from '../../components/layout/pageTitles';
import { inboxInput } from '../../components/notifications/inboxQuery';

export const Route = createFileRoute('/subadmin/adminnotification')({
  loader: ({ context }) => void context.trpc.notifications.inbox.prefetch(inboxInput(1)),
  head: pageHead('/subadmin/adminnotification'),
  component: () => <InboxPage title={PAGE_TITLES['/subadmin/adminnotification']} description="Notifications from the admin." />,
});
