import type { LeadList } from '../../../../shared/schemas/lead-lists';
import { PAGE_TITLES } from '../layout/pageTitles';
import type { RouterContext } from '../../routes/__root';
import { LIST_PAGE_SIZE, idParam, pageParam, presentOnly, textParam } from '../../lib/listSearch';

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

export function validateLeadListSearch(s: Record<string, unknown>): LeadListSearch {
  return presentOnly({ telecaller: idParam(s.telecaller), page: pageParam(s.page), q: textParam(s.q) });
}

/** The telecallers with their count of a list (`leads.byTelecaller`), as the page and its loader ask. */
export const telecallerCountsInput = (list: LeadList, search: LeadListSearch) => ({
  status: list,
  page: search.page ?? 1,
  pageSize: LIST_PAGE_SIZE,
  search: search.q || undefined,
});

/** One telecaller's leads of a list (`leads.ofTelecaller`). */
export const telecallerLeadsInput = (list: LeadList, telecallerId: number, search: LeadListSearch) => ({
  telecallerId,
  ...telecallerCountsInput(list, search),
});

/** What a lead-list route prefetches (see listRoute): the table open in the URL. */
export const leadListPrefetch = (list: LeadList) => (trpc: RouterContext['trpc'], search: LeadListSearch) =>
  search.telecaller
    ? trpc.leads.ofTelecaller.prefetch(telecallerLeadsInput(list, search.telecaller, search))
    : trpc.leads.byTelecaller.prefetch(telecallerCountsInput(list, search));
