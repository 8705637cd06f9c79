import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { PendingUpdatesPage } from '../../components/projects/PendingUpdatesPage';

export const Route = createFileRoute('/subadmin/payment')({
  ...listRoute(validatePageSearch, (trpc, search) => trpc.projects.pendingUpdates.prefetch(pageInput(search))),
  head: pageHead('/subadmin/payment'),
  component: PendingUpdatesPage,
});
