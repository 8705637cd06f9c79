import { rangeInput, type RangeSearch } from '../summaries/rangeSearch';

// Kept apart from the page: a route's loader is in the first-load bundle, its component is not.

/** Rows on a page of the leads still waiting for a first call. */
export const WAITING_PAGE_SIZE = 20;

/** The waiting list (`speed.waiting`) of the range, as its page and its route's loader ask for it. */
export const waitingInput = (search: RangeSearch) => ({ ...rangeInput(search), page: search.page ?? 1, pageSize: WAITING_PAGE_SIZE });
