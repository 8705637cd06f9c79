import type { ProductSearch } from './ProductsPage';

/** ?q=&page= of a product list; zod-free, it runs on first load. */
export function validateProductSearch(s: Record<string, unknown>): ProductSearch {
  const page = Number(s.page);
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 100) : '';
  return { ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}), ...(q ? { q } : {}) };
}
