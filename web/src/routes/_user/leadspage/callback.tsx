import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/leadspage/callback')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('callback', deps),
  head: pageHead('/leadspage/callback'),
  component: CallbacksPage,
});

function CallbacksPage() {
  const navigate = useNavigate({ from: '/leadspage/callback' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="callback" search={Route.useSearch()} setSearch={setSearch} />;
}
