import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireHead } from '../../../components/auth/userTypeGuard';
import { prefetchQueue, validateQueueSearch, type QueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/TellyCalerHad/LeadsHead')({
  beforeLoad: requireHead,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => prefetchQueue('junior', deps),
  head: pageHead('/TellyCalerHad/LeadsHead'),
  component: JuniorLeadsPage,
});

function JuniorLeadsPage() {
  const navigate = useNavigate({ from: '/TellyCalerHad/LeadsHead' });
  const setSearch = (next: QueueSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <QueuePage queue="junior" search={Route.useSearch()} setSearch={setSearch} />;
}
