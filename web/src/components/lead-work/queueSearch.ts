import type { LeadQueue } from '../../../../shared/constants';
import { trpcUtils } from '../auth/session';
import { queueInput, type QueueSearch } from './queueInput';

export { QUEUE_PAGE_SIZE, queueInput, validateQueueSearch, type QueueSearch } from './queueInput';

/** A queue route's loader: the cards are fetched while the page's code loads, not after. */
export function prefetchQueue(queue: LeadQueue, search: QueueSearch): void {
  void trpcUtils.work.queue.prefetch(queueInput(queue, search));
}
