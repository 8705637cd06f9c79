import { isCalendarDate, rangeDates, todayIn } from '../../../../shared/dates';
import { displayTimeZone } from '../../lib/timeZone';
import { idParam, pageParam, presentOnly } from '../../lib/listSearch';

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
  return presentOnly({ from: date(s.from), to: date(s.to), page: pageParam(s.page), telecaller: idParam(s.telecaller) });
}

/** The dates a page shows: the URL's, or today in the company's zone (as the server reads a missing end). */
export function shownRange(search: RangeSearch): { from: string; to: string; today: string } {
  const today = todayIn(displayTimeZone());
  return { ...rangeDates(search, today), today };
}

/** The range a report asks for (`summaries.productivity`, `callSummary`), as its page and its route's loader do. */
export function rangeInput(search: RangeSearch): { from: string; to: string } {
  const { from, to } = shownRange(search);
  return { from, to };
}

/** A paged list of a range (the call logs), as its page and its route's loader ask for it. */
export const rangePageInput = (search: RangeSearch, pageSize: number) => ({ ...rangeInput(search), page: search.page ?? 1, pageSize });

/** Rows on a page of the telecaller's own call logs (by call and by lead). */
export const MY_CALL_LOG_PAGE_SIZE = 20;

/** Rows on a page of the company's call log history. */
export const COMPANY_CALL_LOG_PAGE_SIZE = 25;

/** The company's call log (`summaries.callLog`), filtered by telecaller. */
export const companyCallLogInput = (search: RangeSearch) => ({ ...rangePageInput(search, COMPANY_CALL_LOG_PAGE_SIZE), telecallerId: search.telecaller });
