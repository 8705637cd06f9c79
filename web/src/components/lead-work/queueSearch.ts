import type { LeadQueue } from '../../../../shared/constants';
import type { RouterContext } from '../../routes/__root';
import { waitBriefly } from '../../lib/waitBriefly';
import { queueInput, type QueueSearch } from './queueInput';

export { QUEUE_PAGE_SIZE, queueInput, validateQueueSearch, type QueueSearch } from './queueInput';

/** A queue route's loader: the cards are fetched while the page's code loads, and drawn with the page. */
export const queueLoader =
  (queue: LeadQueue) =>
  ({ context, deps }: { context: RouterContext; deps: QueueSearch }): Promise<void> | undefined =>
    waitBriefly(context.trpc.work.queue.prefetch(queueInput(queue, deps)));
