import { pageParam, presentOnly, textParam } from '../../lib/listSearch';
import { pageInput } from '../projects/pageSearch';
import type { ProductSearch } from './ProductsPage';

/** ?q=&page= of a product list; zod-free, it runs on first load. */
export function validateProductSearch(s: Record<string, unknown>): ProductSearch {
  return presentOnly({ page: pageParam(s.page), q: typeof s.q === 'string' ? textParam(s.q) : undefined });
}

/** The `products.list` input of both product pages and of their routes' loaders. */
export const productListInput = (search: ProductSearch) => ({ ...pageInput(search), search: search.q || undefined });
