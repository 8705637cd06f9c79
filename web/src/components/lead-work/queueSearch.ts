import type { LeadQueue } from '../../../../shared/constants';
import { trpcUtils } from '../auth/session';

// Kept apart from the pages: a route's validateSearch and loader are in the first-load bundle, its component is not.

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

/** A queue route's loader: the cards are fetched while the page's code loads, not after. */
export function prefetchQueue(queue: LeadQueue, search: QueueSearch): void {
  void trpcUtils.work.queue.prefetch(queueInput(queue, search));
}
