import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';
import { PAGE_TITLES, pageHead } from '../../components/layout/pageTitles';

export const Route = createFileRoute('/_user/usernotification')({
  head: pageHead('/usernotification'),
  component: () => <InboxPage title={PAGE_TITLES['/usernotification']} description="Messages from your company. Tap one to read it." />,
});
