/** A list's page in the URL (?page=2); anything else reads as the first page. Free of zod: it runs on first load. */
export interface PageSearch {
  page?: number;
}

export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  const page = Number(search.page);
  return Number.isSafeInteger(page) && page > 1 ? { page } : {};
}

/** A company list: the telecaller it shows (all when absent) and the page. */
export interface TelecallerPageSearch extends PageSearch {
  telecaller?: number;
}

export function validateTelecallerPageSearch(search: Record<string, unknown>): TelecallerPageSearch {
  const telecaller = Number(search.telecaller);
  return { ...validatePageSearch(search), ...(Number.isSafeInteger(telecaller) && telecaller > 0 ? { telecaller } : {}) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** From/To of a range in the URL; the server checks them again. */
export function validateRangeDates(search: Record<string, unknown>): { from?: string; to?: string } {
  const pick = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? v : undefined);
  const from = pick(search.from);
  const to = pick(search.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
