import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/leadspage/notinterestedleads')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('notInterested', deps),
  head: pageHead('/leadspage/notinterestedleads'),
  component: NotInterestedLeadsPage,
});

function NotInterestedLeadsPage() {
  const navigate = useNavigate({ from: '/leadspage/notinterestedleads' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="notInterested" search={Route.useSearch()} setSearch={setSearch} />;
}
