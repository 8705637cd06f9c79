import { createFileRoute } from '@tanstack/react-router';
import { SentToSubadminsPage } from '../../components/notifications/SentToSubadminsPage';
import { pageHead } from '../../components/layout/pageTitles';
import { pageInput } from '../../components/projects/pageSearch';

export const Route = createFileRoute('/admin/notifications')({
  loader: ({ context }) => void context.trpc.notifications.sentToSubadmins.prefetch(pageInput({})),
  head: pageHead('/admin/notifications'),
  component: SentToSubadminsPage,
});
