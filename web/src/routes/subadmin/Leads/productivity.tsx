import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateRangeSearch, type RangeSearch } from '../../../components/summaries/rangeSearch';
import { ProductivityPage } from '../../../components/summaries/ProductivityPage';

export const Route = createFileRoute('/subadmin/Leads/productivity')({
  validateSearch: validateRangeSearch,
  head: pageHead('/subadmin/Leads/productivity'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/productivity' });
  const setSearch = (next: RangeSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <ProductivityPage search={search} setSearch={setSearch} />;
}
