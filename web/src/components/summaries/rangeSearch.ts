import { isCalendarDate } from '../../../../shared/dates';

// Kept apart from the pages: a route's validateSearch is in the first-load bundle, its component is not.

/** A summary page's URL search: the range (company dates), the page of a paged list, a telecaller filter. */
export interface RangeSearch {
  from?: string;
  to?: string;
  page?: number;
  telecaller?: number;
}

export function validateRangeSearch(s: Record<string, unknown>): RangeSearch {
  const date = (v: unknown) => (typeof v === 'string' && isCalendarDate(v) ? v : undefined);
  const positive = (v: unknown) => {
    const n = Number(v);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  const from = date(s.from);
  const to = date(s.to);
  const page = positive(s.page);
  const telecaller = positive(s.telecaller);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(page && page > 1 ? { page } : {}), ...(telecaller ? { telecaller } : {}) };
}
