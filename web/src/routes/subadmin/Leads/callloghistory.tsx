import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateRangeSearch, type RangeSearch } from '../../../components/summaries/rangeSearch';
import { CompanyCallLogPage } from '../../../components/summaries/CompanyCallLogPage';

export const Route = createFileRoute('/subadmin/Leads/callloghistory')({
  validateSearch: validateRangeSearch,
  head: pageHead('/subadmin/Leads/callloghistory'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/callloghistory' });
  const setSearch = (next: RangeSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <CompanyCallLogPage search={search} setSearch={setSearch} />;
}
