import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { PendingUpdatesPage } from '../../components/projects/PendingUpdatesPage';

export const Route = createFileRoute('/subadmin/payment')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.pendingUpdates.prefetch(pageInput(deps)),
  head: pageHead('/subadmin/payment'),
  component: PendingUpdatesPage,
});
