import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/leadspage/leads')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('new', deps),
  head: pageHead('/leadspage/leads'),
  component: NewLeadsPage,
});

function NewLeadsPage() {
  const navigate = useNavigate({ from: '/leadspage/leads' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="new" search={Route.useSearch()} setSearch={setSearch} />;
}
