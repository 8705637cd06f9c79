import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireHead } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/TellyCalerHad/HeadPending')({
  beforeLoad: requireHead,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('pending', deps),
  head: pageHead('/TellyCalerHad/HeadPending'),
  component: HeadPendingLeadsPage,
});

function HeadPendingLeadsPage() {
  const navigate = useNavigate({ from: '/TellyCalerHad/HeadPending' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="pending" search={Route.useSearch()} setSearch={setSearch} />;
}
