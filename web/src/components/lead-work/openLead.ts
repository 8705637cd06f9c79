import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import type { LeadQueue } from '../../../../shared/constants';
import { queryClient, trpcClient } from '../../trpc';

export type LeadDetail = inferRouterOutputs<AppRouter>['work']['open'];

/**
 * Process Lead (`work.open`) as a cached query: it marks the lead opened, which is safe to repeat, and
 * the route's loader can start it while the form's code is still loading. Never on a hover preload.
 */
export const openLeadQuery = (leadId: number, queue: LeadQueue | undefined) => ({
  queryKey: ['work.open', leadId, queue ?? null] as const,
  queryFn: () => trpcClient.work.open.mutate({ leadId, queue }),
  staleTime: 10_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function prefetchOpenLead(leadId: number, queue: LeadQueue | undefined): void {
  if (Number.isSafeInteger(leadId) && leadId > 0) void queryClient.prefetchQuery(openLeadQuery(leadId, queue));
}

/** After a submit or an attempt the answer is out of date (status, history): the next visit asks again. */
export const markOpenLeadStale = (leadId: number) =>
  void queryClient.invalidateQueries({ queryKey: ['work.open', leadId], refetchType: 'none' });
