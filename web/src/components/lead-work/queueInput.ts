import type { LeadQueue } from '../../../../shared/constants.js';

// Kept apart from the pages: a route's validateSearch and loader are in the first-load bundle, its component is not.
// Nothing here may import the data layer: tests/early-answers.test.ts runs it beside web/public/early.js.

export const QUEUE_PAGE_SIZE = 20;

/** What a queue page keeps in the URL, so Back and a reload return to the same page and search. */
export interface QueueSearch {
  page?: number;
  q?: string;
}

export function validateQueueSearch(s: Record<string, unknown>): QueueSearch {
  const page = Number(s.page);
  const q = typeof s.q === 'string' || typeof s.q === 'number' ? String(s.q).trim().slice(0, 100) : '';
  return { ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}), ...(q ? { q } : {}) };
}

/** The `work.queue` input of a page; the loader's prefetch and the page's query must match exactly. */
export const queueInput = (queue: LeadQueue, search: QueueSearch) => ({
  queue,
  page: search.page ?? 1,
  pageSize: QUEUE_PAGE_SIZE,
  ...(search.q ? { search: search.q } : {}),
});

export const QUEUE_PATHS = {
  new: '/leadspage/leads',
  pending: '/leadspage/pendingleads',
  callback: '/leadspage/callback',
  interested: '/leadspage/interestedleads',
  notInterested: '/leadspage/notinterestedleads',
  followUp: '/leadspage/followupleads',
  invalid: '/leadspage/invalidleads',
  noSubmit: '/leadspage/notsubmitleads',
  junior: '/TellyCalerHad/LeadsHead',
} as const satisfies Record<LeadQueue, string>;

const HEAD_PENDING_PATH = '/TellyCalerHad/HeadPending';

/** Where a queue's list lives; a head's pending leads have their own path. */
export function queuePath(queue: LeadQueue, isHead: boolean): (typeof QUEUE_PATHS)[LeadQueue] | typeof HEAD_PENDING_PATH {
  return queue === 'pending' && isHead ? HEAD_PENDING_PATH : QUEUE_PATHS[queue];
}
