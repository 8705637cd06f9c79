import { QUALITY_FILTERS, type QualityFilter } from '../../../../shared/constants';

// Kept apart from the page: a route's validateSearch is in the first-load bundle, its component is not.

export interface QualitySearch {
  from?: string;
  to?: string;
  quality?: Exclude<QualityFilter, 'all'>;
  page?: number;
}

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function validateQualitySearch(s: Record<string, unknown>): QualitySearch {
  const page = Number(s.page);
  const from = day(s.from);
  const to = day(s.to);
  const quality = QUALITY_FILTERS.find((q) => q !== 'all' && q === s.quality) as QualitySearch['quality'];
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(quality ? { quality } : {}), ...(Number.isSafeInteger(page) && page > 1 ? { page } : {}) };
}
