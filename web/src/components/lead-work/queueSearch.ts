import type { LeadQueue } from '../../../../shared/constants';
import { trpcUtils } from '../auth/session';
import { waitBriefly } from '../../lib/waitBriefly';
import { queueInput, type QueueSearch } from './queueInput';

export { QUEUE_PAGE_SIZE, queueInput, validateQueueSearch, type QueueSearch } from './queueInput';

/** A queue route's loader: the cards are fetched while the page's code loads, and drawn with the page. */
export function prefetchQueue(queue: LeadQueue, search: QueueSearch): Promise<void> | undefined {
  return waitBriefly(trpcUtils.work.queue.prefetch(queueInput(queue, search)));
}
