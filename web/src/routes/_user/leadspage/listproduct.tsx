import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { productListInput, validateProductSearch } from '../../../components/products/productSearch';
import { listRoute } from '../../../lib/listRoute';
import { ProductListPage } from '../../../components/products/ProductListPage';

export const Route = createFileRoute('/_user/leadspage/listproduct')({
  beforeLoad: telecallerOnly,
  ...listRoute(validateProductSearch, (trpc, search) => trpc.products.list.prefetch(productListInput(search))),
  head: pageHead('/leadspage/listproduct'),
  component: ProductListPage,
});
