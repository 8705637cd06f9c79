import { useEffect, useRef } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

/** What every list page keeps in its URL; pages add their own filters. */
export interface ListSearch {
  page?: number;
}

/** A page of rows as the list procedures answer (server/services/*: `{ items, total }`). */
export interface RowsPage {
  items: readonly unknown[];
  total: number;
}

export type SearchMode = 'push' | 'replace';

/**
 * A list page's state, all of it in the URL so Back and a reload return to the same view: the route's
 * validated search, the page, and ways to change them. `keepInRange(rows, pageSize)` moves a page past
 * the end (rows were worked or deleted meanwhile, a stale link) back to the last page that has rows.
 */
export function useListPage<S extends object>() {
  // The route that renders the page validated it (validateSearch): one page serves several routes.
  const validated = useSearch({ strict: false });
  const search = validated as S;
  const navigate = useNavigate();
  const page = (search as ListSearch).page ?? 1;

  const setSearch = (next: S, mode: SearchMode = 'push') => void navigate({ to: '.', search: next as never, replace: mode === 'replace' });
  const setPage = (p: number, mode: SearchMode = 'push') => setSearch({ ...search, page: p > 1 ? p : undefined } as S, mode);

  const shown = useRef<{ rows: RowsPage | undefined; pageSize: number }>({ rows: undefined, pageSize: 1 });
  const checked = useRef<{ rows?: RowsPage; page?: number }>({});
  useEffect(() => {
    const { rows, pageSize } = shown.current;
    if (!rows || (checked.current.rows === rows && checked.current.page === page)) return;
    checked.current = { rows, page };
    if (rows.items.length === 0 && page > 1) setPage(Math.max(1, Math.ceil(rows.total / pageSize)), 'replace');
  });
  const keepInRange = (rows: RowsPage | undefined, pageSize: number) => {
    shown.current = { rows, pageSize };
  };

  return { search, page, setSearch, setPage, keepInRange };
}
