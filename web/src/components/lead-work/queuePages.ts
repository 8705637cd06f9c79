import type { LeadQueue } from '../../../../shared/constants';
import { PAGE_TITLES, type TitledPath } from '../layout/pageTitles';
import { QUEUE_PATHS } from './queueInput';

export { queuePath } from './queueInput';

export interface QueuePageConfig {
  title: string;
  description: string;
  /** the spec's empty text */
  empty: string;
  /** the card's button: Call Back on Today's Callbacks, Process Lead elsewhere */
  action: string;
}

const page = (path: TitledPath, description: string, empty: string, action = 'Process Lead'): QueuePageConfig => ({
  title: PAGE_TITLES[path],
  description,
  empty,
  action,
});

export const QUEUE_PAGES: Record<LeadQueue, QueuePageConfig> = {
  new: page('/leadspage/leads', 'Leads sent to you today. Tap Process Lead to call.', 'No leads found'),
  pending: page('/leadspage/pendingleads', 'Leads sent to you before today that nobody has called yet.', 'No pending leads found'),
  callback: page(
    '/leadspage/callback',
    'Callbacks for today, the ones due first. Missed callbacks stay here until you call back.',
    'No callbacks scheduled for today',
    'Call Back',
  ),
  interested: page('/leadspage/interestedleads', 'Interested leads not yet rated for quality.', 'No interested leads found'),
  notInterested: page('/leadspage/notinterestedleads', 'Leads you marked Not Interested.', 'No Not Interested leads found'),
  followUp: page('/leadspage/followupleads', 'Leads to call again, with the callback time when one is set.', 'No follow up leads found'),
  invalid: page('/leadspage/invalidleads', 'Wrong numbers, and leads that could not be reached after the allowed attempts.', 'No invalid leads found'),
  noSubmit: page('/leadspage/notsubmitleads', 'Leads you opened but did not submit. Finish them here.', 'No Not Submitted leads found'),
  junior: page('/TellyCalerHad/LeadsHead', 'Interested leads your telecallers handed to you.', 'No assigned leads found'),
};

// Checked here, where the titles are (queueInput.ts stays free of the app's modules for its test).
QUEUE_PATHS satisfies Record<LeadQueue, TitledPath>;
