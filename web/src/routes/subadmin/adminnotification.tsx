import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';
import { PAGE_TITLES, pageHead } from '../../components/layout/pageTitles';

export const Route = createFileRoute('/subadmin/adminnotification')({
  head: pageHead('/subadmin/adminnotification'),
  component: () => <InboxPage title={PAGE_TITLES['/subadmin/adminnotification']} description="Notifications from the admin." />,
});
