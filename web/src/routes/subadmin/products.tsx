import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { validateProductSearch } from '../../components/products/productSearch';
import { ProductsPage } from '../../components/products/ProductsPage';

export const Route = createFileRoute('/subadmin/products')({ validateSearch: validateProductSearch, head: pageHead('/subadmin/products'), component: Page });

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/products' });
  return <ProductsPage search={search} setSearch={(next, mode = 'push') => void navigate({ search: next, replace: mode === 'replace' })} />;
}
