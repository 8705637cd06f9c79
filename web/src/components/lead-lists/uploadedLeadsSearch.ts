import { ASSIGNED_FILTERS, type AssignedFilter } from '../../../../shared/leads';
import { LEAD_STATUS_CODES, type LeadStatus } from '../../../../shared/lead-status';
import { LIST_PAGE_SIZE, oneOf, pageParam, presentOnly, textParam } from '../../lib/listSearch';

// Kept apart from the page: a route's validateSearch is in the first-load bundle, its component is not.

export interface UploadedLeadsSearch {
  page?: number;
  q?: string;
  category?: string;
  assigned?: Exclude<AssignedFilter, 'all'>;
  status?: LeadStatus;
}

export function validateUploadedLeadsSearch(s: Record<string, unknown>): UploadedLeadsSearch {
  const assigned = ASSIGNED_FILTERS.find((a) => a !== 'all' && a === s.assigned) as UploadedLeadsSearch['assigned'];
  return presentOnly({
    page: pageParam(s.page),
    q: textParam(s.q),
    category: textParam(s.category),
    assigned,
    status: oneOf(LEAD_STATUS_CODES, textParam(s.status)),
  });
}

/** The `leads.uploaded` input of the page and of its route's loader. */
export const uploadedLeadsInput = (search: UploadedLeadsSearch) => ({
  page: search.page ?? 1,
  pageSize: LIST_PAGE_SIZE,
  search: search.q || undefined,
  category: search.category,
  assigned: search.assigned ?? ('all' as const),
  status: search.status,
});
