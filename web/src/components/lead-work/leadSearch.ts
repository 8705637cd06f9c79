import { LEAD_QUEUES, type LeadQueue } from '../../../../shared/constants';

/** The lead form's URL search: the queue it was opened from (Next, Previous and "back to the list" follow it). */
export interface LeadSearch {
  queue?: LeadQueue;
}

export function validateLeadSearch(s: Record<string, unknown>): LeadSearch {
  const queue = LEAD_QUEUES.find((q) => q === s.queue);
  return queue ? { queue } : {};
}
