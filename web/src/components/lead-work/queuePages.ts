import type { LeadQueue } from '../../../../shared/constants';
import type { UserPagePath } from '../layout/pageTitles';

/** Where each queue's list lives: its title is that page's (i18n: titles), its texts are i18n's `queues`. */
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
} as const satisfies Record<LeadQueue, UserPagePath>;

const HEAD_PENDING_PATH = '/TellyCalerHad/HeadPending';

/** Where a queue's list lives; a head's pending leads have their own path. */
export function queuePath(queue: LeadQueue, isHead: boolean): (typeof QUEUE_PATHS)[LeadQueue] | typeof HEAD_PENDING_PATH {
  return queue === 'pending' && isHead ? HEAD_PENDING_PATH : QUEUE_PATHS[queue];
}
