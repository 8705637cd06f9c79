import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { validateProductSearch } from '../../../components/products/productSearch';
import { ProductListPage } from '../../../components/products/ProductListPage';

export const Route = createFileRoute('/_user/leadspage/listproduct')({
  beforeLoad: telecallerOnly,
  validateSearch: validateProductSearch,
  head: pageHead('/leadspage/listproduct'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/leadspage/listproduct' });
  return <ProductListPage search={search} setSearch={(next, mode = 'push') => void navigate({ search: next, replace: mode === 'replace' })} />;
}
