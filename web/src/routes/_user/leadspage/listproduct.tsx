import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { productListInput, validateProductSearch } from '../../../components/products/productSearch';
import { ProductListPage } from '../../../components/products/ProductListPage';

export const Route = createFileRoute('/_user/leadspage/listproduct')({
  beforeLoad: telecallerOnly,
  validateSearch: validateProductSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.products.list.prefetch(productListInput(deps)),
  head: pageHead('/leadspage/listproduct'),
  component: ProductListPage,
});
