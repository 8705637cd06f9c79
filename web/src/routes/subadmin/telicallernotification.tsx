import { createFileRoute } from '@tanstack/react-router';
import { NotifyUsersPage } from '../../components/notifications/NotifyUsersPage';
import { pageHead } from '../../components/layout/pageTitles';
import { pageInput } from '../../components/projects/pageSearch';

export const Route = createFileRoute('/subadmin/telicallernotification')({
  loader: ({ context }) => void context.trpc.notifications.sentToUsers.prefetch(pageInput({})),
  head: pageHead('/subadmin/telicallernotification'),
  component: NotifyUsersPage,
});
