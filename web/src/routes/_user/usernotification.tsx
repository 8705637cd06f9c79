import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';
import { PAGE_TITLES, pageHead } from '../../components/layout/pageTitles';
import { trpcUtils } from '../../components/auth/session';
import { inboxInput } from '../../components/notifications/inboxQuery';

export const Route = createFileRoute('/_user/usernotification')({
  head: pageHead('/usernotification'),
  loader: () => void trpcUtils.notifications.inbox.prefetch(inboxInput(1)),
  component: () => <InboxPage title={PAGE_TITLES['/usernotification']} description="Messages from your company. Tap one to read it." />,
});
