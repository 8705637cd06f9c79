import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { productListInput, validateProductSearch } from '../../components/products/productSearch';
import { listRoute } from '../../lib/listRoute';
import { ProductsPage } from '../../components/products/ProductsPage';

export const Route = createFileRoute('/subadmin/products')({
  ...listRoute(validateProductSearch, (trpc, search) => trpc.products.list.prefetch(productListInput(search))),
  head: pageHead('/subadmin/products'),
  component: ProductsPage,
});
