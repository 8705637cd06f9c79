import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { validateRangeSearch, type RangeSearch } from '../../../components/summaries/rangeSearch';
import { MyCallLogPage } from '../../../components/summaries/MyCallLogPage';

export const Route = createFileRoute('/_user/leadspage/calllogs')({
  beforeLoad: telecallerOnly,
  validateSearch: validateRangeSearch,
  head: pageHead('/leadspage/calllogs'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/leadspage/calllogs' });
  const setSearch = (next: RangeSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <MyCallLogPage search={search} setSearch={setSearch} />;
}
