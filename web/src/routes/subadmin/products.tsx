import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { productListInput, validateProductSearch } from '../../components/products/productSearch';
import { ProductsPage } from '../../components/products/ProductsPage';

export const Route = createFileRoute('/subadmin/products')({
  validateSearch: validateProductSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.products.list.prefetch(productListInput(deps)),
  head: pageHead('/subadmin/products'),
  component: ProductsPage,
});
