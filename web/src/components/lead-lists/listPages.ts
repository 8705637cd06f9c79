import type { LeadList } from '../../../../shared/schemas/lead-lists';
import { PAGE_TITLES } from '../layout/pageTitles';

export interface LeadListPageConfig {
  list: LeadList;
  title: string;
  subtitle: string;
  /** the count column's heading */
  countLabel: string;
  /** the original app's empty text for one telecaller's leads */
  emptyLeads: string;
}

export const LEAD_LIST_PAGES: Record<LeadList, LeadListPageConfig> = {
  pending: {
    list: 'pending',
    title: PAGE_TITLES['/subadmin/Leads/pendingleads'],
    subtitle: 'Leads given to a telecaller that nobody has worked yet, whether sent today or earlier. A lead opened but not submitted is no longer pending.',
    countLabel: 'Pending Leads Count',
    emptyLeads: 'No pending leads found',
  },
  interested: {
    list: 'interested',
    title: PAGE_TITLES['/subadmin/Leads/interestedleads'],
    subtitle: 'Leads a telecaller marked Interested, rated or not yet rated.',
    countLabel: 'Interested Leads Count',
    emptyLeads: 'No interested leads found',
  },
  notInterested: {
    list: 'notInterested',
    title: PAGE_TITLES['/subadmin/Leads/notinterestedleads'],
    subtitle: 'Leads a telecaller marked Not Interested.',
    countLabel: 'Not Interested Leads Count',
    emptyLeads: 'No Not Interested leads found',
  },
  followUp: {
    list: 'followUp',
    title: PAGE_TITLES['/subadmin/Leads/followupleads'],
    subtitle: 'Leads a telecaller will call again, with the callback date and time when one was set.',
    countLabel: 'Follow-up Leads Count',
    emptyLeads: 'No follow up leads found',
  },
  invalid: {
    list: 'invalid',
    title: PAGE_TITLES['/subadmin/Leads/invelidleads'],
    subtitle: 'Leads a telecaller marked Invalid (wrong number, not a real enquiry).',
    countLabel: 'Invalid Leads Count',
    emptyLeads: 'No invalid leads found',
  },
  notSubmitted: {
    list: 'notSubmitted',
    title: PAGE_TITLES['/subadmin/Leads/notsubmittedleads'],
    subtitle:
      'New or pending leads a telecaller opened and has not submitted an outcome for yet, with when each was sent and opened. Opening a lead that was already worked does not put it here.',
    countLabel: 'Not Submitted Leads Count',
    emptyLeads: 'No not submitted leads found',
  },
};

/** What the lead-list pages keep in the URL, so Back and refresh return to the same view. */
export interface LeadListSearch {
  /** the telecaller whose leads are open; absent shows the telecaller table */
  telecaller?: number;
  page?: number;
  q?: string;
}

const positiveInt = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function validateLeadListSearch(s: Record<string, unknown>): LeadListSearch {
  const telecaller = positiveInt(s.telecaller);
  const page = positiveInt(s.page);
  const q = typeof s.q === 'string' || typeof s.q === 'number' ? String(s.q).trim().slice(0, 100) : '';
  return { ...(telecaller ? { telecaller } : {}), ...(page && page > 1 ? { page } : {}), ...(q ? { q } : {}) };
}
