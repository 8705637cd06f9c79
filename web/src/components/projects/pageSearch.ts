import { LIST_PAGE_SIZE, idParam, pageParam, presentOnly } from '../../lib/listSearch';

/** A list's page in the URL (?page=2); anything else reads as the first page. Free of zod: it runs on first load. */
export interface PageSearch {
  page?: number;
}

export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  return presentOnly({ page: pageParam(search.page) });
}

/** The paging part of a list procedure's input, as a page and its route's loader ask for it. */
export const pageInput = (search: PageSearch) => ({ page: search.page ?? 1, pageSize: LIST_PAGE_SIZE });

/** A company list: the telecaller it shows (all when absent) and the page. */
export interface TelecallerPageSearch extends PageSearch {
  telecaller?: number;
}

export function validateTelecallerPageSearch(search: Record<string, unknown>): TelecallerPageSearch {
  return presentOnly({ page: pageParam(search.page), telecaller: idParam(search.telecaller) });
}

/** A company project list (`projects.list`), of one telecaller or of all. */
export const companyProjectsInput = <L extends string>(list: L, search: TelecallerPageSearch) => ({
  list,
  telecallerId: search.telecaller,
  ...pageInput(search),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** From/To of a range in the URL; the server checks them again. */
export function validateRangeDates(search: Record<string, unknown>): { from?: string; to?: string } {
  const pick = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? v : undefined);
  const from = pick(search.from);
  const to = pick(search.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
