import { getQueryKey } from '@trpc/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import type { LeadQueue } from '../../../../shared/constants';
import { queryClient, trpc } from '../../trpc';

type QueuePage = inferRouterOutputs<AppRouter>['work']['queue'];
type Tiles = inferRouterOutputs<AppRouter>['dashboard']['tiles'];

/** The queues an opened lead leaves (status '0' becomes '6'), with their dashboard tiles. */
const LEFT_ON_OPENING = { new: 'newLeads', pending: 'pendingLeads' } as const satisfies Partial<Record<LeadQueue, string>>;
type LeftQueue = keyof typeof LEFT_ON_OPENING;
const isLeftQueue = (q: LeadQueue | undefined): q is LeftQueue => q !== undefined && Object.hasOwn(LEFT_ON_OPENING, q);

const queueKey = () => getQueryKey(trpc.work.queue);
const tilesKey = () => getQueryKey(trpc.dashboard.tiles);
const inputOf = (key: QueryKey) => (key[1] as { input?: { queue?: LeadQueue; page?: number; search?: string } } | undefined)?.input;

/** Marks pages stale: the next time one is shown it is asked for again, never before (no request now). */
const markStale = (key: QueryKey, exact = false) => void queryClient.invalidateQueries({ queryKey: key, exact, refetchType: 'none' });

function staleQueues(queues: readonly LeadQueue[]): void {
  for (const [key] of queryClient.getQueriesData<QueuePage>({ queryKey: queueKey() })) {
    const q = inputOf(key)?.queue;
    if (q && queues.includes(q)) markStale(key, true);
  }
}

/**
 * Opening a new or pending lead made it Not Submitted: it leaves that list and tile and counts under
 * Not Submitted, in the pages and tiles this phone holds, at once and without asking the server. A page
 * that held its whole queue stays exact; the other pages of the queue, and the Not Submitted list
 * (where the lead's place is the server's to say), are asked again when next shown.
 */
export function moveOpenedLead(leadId: number): void {
  let from: LeftQueue | null = null;
  for (const [key, page] of queryClient.getQueriesData<QueuePage>({ queryKey: queueKey() })) {
    const q = inputOf(key)?.queue;
    if (!page || !isLeftQueue(q)) continue;
    const items = page.items.filter((c) => c.id !== leadId);
    if (items.length === page.items.length) continue;
    from = q;
    const whole = page.page === 1 && page.items.length === page.total && !page.totalCapped;
    queryClient.setQueryData<QueuePage>(key, { ...page, items, total: Math.max(0, page.total - 1) });
    if (!whole) markStale(key, true);
  }
  if (!from) {
    leadMayHaveMoved();
    return;
  }
  // The queue's pages that did not hold the lead count it still.
  for (const [key, page] of queryClient.getQueriesData<QueuePage>({ queryKey: queueKey() })) {
    if (inputOf(key)?.queue === from && page?.items.every((c) => c.id !== leadId) && page.total > page.items.length) markStale(key, true);
  }
  staleQueues(['noSubmit']);
  const tile = LEFT_ON_OPENING[from];
  queryClient.setQueriesData<Tiles>({ queryKey: tilesKey() }, (tiles) =>
    tiles && tile in tiles.counts
      ? { ...tiles, counts: { ...tiles.counts, [tile]: Math.max(0, (tiles.counts[tile] ?? 0) - 1), noSubmitLeads: (tiles.counts.noSubmitLeads ?? 0) + 1 } }
      : tiles,
  );
}

/** A lead opened that this phone held in no list: whichever queue it left is asked again when next shown, and so are the tiles. */
export function leadMayHaveMoved(): void {
  staleQueues(['new', 'pending', 'noSubmit']);
  markStale(tilesKey());
}
