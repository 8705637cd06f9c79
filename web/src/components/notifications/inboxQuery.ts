// Kept apart from the page: a route's loader is in the first-load bundle, its component is not.

export const INBOX_PAGE_SIZE = 10;

/** The `notifications.inbox` input of a page; the loader's prefetch and the page's query must match. */
export const inboxInput = (page: number) => ({ page, pageSize: INBOX_PAGE_SIZE });
