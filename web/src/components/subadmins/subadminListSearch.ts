import { SUBADMIN_STATUSES, type SubadminStatusFilter } from '../../../../shared/constants';
import { LIST_PAGE_SIZE, pageParam, presentOnly, textParam } from '../../lib/listSearch';

// Kept apart from the page: a route's validateSearch and loader are in the first-load bundle, its component is not.

/** The admin's sub-admin list in the URL: page, search text and status filter. */
export interface SubadminListSearch {
  page?: number;
  search?: string;
  status?: SubadminStatusFilter;
}

export function validateSubadminListSearch(s: Record<string, unknown>): SubadminListSearch {
  const status = SUBADMIN_STATUSES.find((v) => v === s.status && v !== 'all');
  return presentOnly({ page: pageParam(s.page), search: typeof s.search === 'string' ? textParam(s.search) : undefined, status });
}

/** The `subadmins.list` input of the page and of its route's loader. */
export const subadminListInput = (search: SubadminListSearch) => ({
  page: search.page ?? 1,
  pageSize: LIST_PAGE_SIZE,
  search: search.search || undefined,
  status: search.status ?? ('all' as const),
});
