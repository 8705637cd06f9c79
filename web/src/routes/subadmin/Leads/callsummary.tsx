import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateRangeSearch, type RangeSearch } from '../../../components/summaries/rangeSearch';
import { CallSummaryPage } from '../../../components/summaries/CallSummaryPage';

export const Route = createFileRoute('/subadmin/Leads/callsummary')({
  validateSearch: validateRangeSearch,
  head: pageHead('/subadmin/Leads/callsummary'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/callsummary' });
  const setSearch = (next: RangeSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <CallSummaryPage search={search} setSearch={setSearch} />;
}
