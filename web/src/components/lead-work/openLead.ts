import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import type { LeadQueue } from '../../../../shared/constants';
import { LEAD_STATUS } from '../../../../shared/lead-status';
import { queryClient, trpcClient } from '../../trpc';
import { offlineCopy } from '../../lib/offlineCopy';
import { outboxOf } from '../../lib/outbox';
import { leadMayHaveMoved, moveOpenedLead } from './queueCache';

export type LeadDetail = inferRouterOutputs<AppRouter>['work']['open'];
type QueueCard = inferRouterOutputs<AppRouter>['work']['queue']['items'][number];

/** Where the last page fetched of a user's queue is kept on the phone, for working without a connection. */
export const queueCopyKey = (userId: number, queue: LeadQueue) => `queue:${userId}:${queue}`;

/** The cards the telecaller has seen lately, by lead id: what a lead form can show before its open answers. */
const seenCards = new Map<number, QueueCard>();
const SEEN_LIMIT = 500;

export function rememberCards(cards: readonly QueueCard[]): void {
  for (const card of cards) {
    seenCards.delete(card.id);
    seenCards.set(card.id, card);
  }
  while (seenCards.size > SEEN_LIMIT) seenCards.delete(seenCards.keys().next().value!);
}

/**
 * The server has opened a lead: one that was new or pending ('0') is now Not Submitted ('6'), and the
 * lists and tiles this phone holds say so at once (queueCache.ts). A lead handed to a head keeps its
 * status; one this phone has no card of may have moved, and is asked about when its list is shown.
 */
function leadOpened(detail: LeadDetail): void {
  const { lead } = detail;
  const seen = seenCards.get(lead.id);
  if (detail.variant === 'head' || lead.status !== LEAD_STATUS.noSubmit) return;
  if (!seen) leadMayHaveMoved();
  else if (seen.status === LEAD_STATUS.new) {
    seenCards.set(lead.id, { ...seen, status: lead.status });
    moveOpenedLead(lead.id);
  }
}

/**
 * The lead form from the queue's card while Process Lead's open is on its way: the telecaller reads
 * the name and picks a status instead of looking at a spinner for a round trip. What only the open
 * knows (the history, the neighbours, the WhatsApp message) waits for it, and so do the actions.
 */
export function placeholderDetail(leadId: number, queue: LeadQueue | undefined): LeadDetail | undefined {
  const card = seenCards.get(leadId);
  if (!card) return undefined;
  const handed = queue === 'junior';
  return {
    lead: {
      id: card.id,
      name: card.name,
      mobile: card.mobile,
      requirement: card.requirement,
      area: card.area,
      category: card.category,
      // Opening marks a new or pending lead Not Submitted; any other lead, and one handed to a head, keeps its status.
      status: !handed && card.status === LEAD_STATUS.new ? LEAD_STATUS.noSubmit : card.status,
      attempts: card.attempts,
      callback_date: card.callback_date,
      callback_time: card.callback_time,
      lead_quality: card.lead_quality,
      send_date: card.send_date,
      assigned_by_name: card.assigned_by_name,
      // what only the open knows waits for it
      email: null,
      extra_details: null,
      landline: false,
      dnc: false,
    },
    fields: card.fields,
    changes: [],
    variant: handed ? 'head' : queue === 'noSubmit' || (!queue && card.status === LEAD_STATUS.noSubmit) ? 'noSubmit' : 'standard',
    whatsapp: { link: '', message: '' },
    history: [],
    events: [],
    queue: queue ? { name: queue, previousId: null, nextId: null } : null,
    attemptLimit: 0,
  };
}

/**
 * Process Lead (`work.open`) as a cached query: it marks a new or pending lead opened, which is safe to repeat, and
 * the route's loader can start it while the form's code is still loading. Never on a hover preload.
 */
export const openLeadQuery = (leadId: number, queue: LeadQueue | undefined) => ({
  queryKey: ['work.open', leadId, queue ?? null] as const,
  queryFn: async () => {
    const detail = await trpcClient.work.open.mutate({ leadId, queue });
    leadOpened(detail);
    return detail;
  },
  staleTime: 10_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function prefetchOpenLead(leadId: number, queue: LeadQueue | undefined): void {
  if (Number.isSafeInteger(leadId) && leadId > 0) void queryClient.prefetchQuery(openLeadQuery(leadId, queue));
}

/** After a submit or an attempt the answer is out of date (status, history): the next visit asks again. */
export const markOpenLeadStale = (leadId: number) => void queryClient.invalidateQueries({ queryKey: ['work.open', leadId], refetchType: 'none' });

/**
 * The leads this phone went on from lately (submitted, or marked not connected), by user: the queue page
 * the phone holds, and an open answered before they were done, still list them, and going on must never
 * lead back to one (after the queue's last lead, the list opens instead of the first lead again).
 */
const wentOnFrom = new Set<string>();
const WENT_ON_LIMIT = 500;

function rememberWentOn(userId: number, leadId: number): void {
  const key = `${userId}:${leadId}`;
  wentOnFrom.delete(key);
  wentOnFrom.add(key);
  while (wentOnFrom.size > WENT_ON_LIMIT) wentOnFrom.delete(wentOnFrom.values().next().value!);
}

/**
 * The lead to open after one whose submission waits on the phone: the server's next when it named one,
 * else the one after it in the queue page the phone holds (wrapping to the start, as the server does);
 * never a lead whose submission waits too, nor one this phone already went on from. Offline, the
 * telecaller goes on from lead to lead.
 */
export async function nextHeldLead(userId: number, queue: LeadQueue, currentId: number, serverNext: number | null): Promise<number | null> {
  rememberWentOn(userId, currentId);
  const waiting = new Set((await outboxOf(userId).catch(() => [])).map((e) => e.leadId));
  const skip = (id: number) => waiting.has(id) || wentOnFrom.has(`${userId}:${id}`);
  if (serverNext && !skip(serverNext)) return serverNext;
  const held = offlineCopy<{ items: QueueCard[] }>(queueCopyKey(userId, queue))?.data.items ?? [];
  rememberCards(held);
  const at = held.findIndex((c) => c.id === currentId);
  const order = at < 0 ? held : [...held.slice(at + 1), ...held.slice(0, at)];
  return order.find((c) => !skip(c.id))?.id ?? null;
}
