import { ASSIGNED_FILTERS, type AssignedFilter } from '../../../../shared/leads';
import { LEAD_STATUS_CODES, type LeadStatus } from '../../../../shared/lead-status';

// Kept apart from the page: a route's validateSearch is in the first-load bundle, its component is not.

export interface UploadedLeadsSearch {
  page?: number;
  q?: string;
  category?: string;
  assigned?: Exclude<AssignedFilter, 'all'>;
  status?: LeadStatus;
}

export function validateUploadedLeadsSearch(s: Record<string, unknown>): UploadedLeadsSearch {
  const page = Number(s.page);
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, 100) : '');
  const q = text(s.q);
  const category = text(s.category);
  const assigned = ASSIGNED_FILTERS.find((a) => a !== 'all' && a === s.assigned) as UploadedLeadsSearch['assigned'];
  const status = LEAD_STATUS_CODES.find((c) => c === text(s.status));
  return {
    ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}),
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(assigned ? { assigned } : {}),
    ...(status ? { status } : {}),
  };
}
