import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/leadspage/interestedleads')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('interested', deps),
  head: pageHead('/leadspage/interestedleads'),
  component: InterestedLeadsPage,
});

function InterestedLeadsPage() {
  const navigate = useNavigate({ from: '/leadspage/interestedleads' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="interested" search={Route.useSearch()} setSearch={setSearch} />;
}
