import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { validateRangeSearch, type RangeSearch } from '../../../components/summaries/rangeSearch';
import { CalledLeadsPage } from '../../../components/summaries/CalledLeadsPage';

export const Route = createFileRoute('/_user/leadspage/cardlogs')({
  beforeLoad: telecallerOnly,
  validateSearch: validateRangeSearch,
  head: pageHead('/leadspage/cardlogs'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/leadspage/cardlogs' });
  const setSearch = (next: RangeSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <CalledLeadsPage search={search} setSearch={setSearch} />;
}
