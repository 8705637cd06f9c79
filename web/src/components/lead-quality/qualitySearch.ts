import { QUALITY_FILTERS, type QualityFilter } from '../../../../shared/constants';
import { LIST_PAGE_SIZE, pageParam, presentOnly } from '../../lib/listSearch';

// Kept apart from the page: a route's validateSearch is in the first-load bundle, its component is not.

export interface QualitySearch {
  from?: string;
  to?: string;
  quality?: Exclude<QualityFilter, 'all'>;
  page?: number;
}

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function validateQualitySearch(s: Record<string, unknown>): QualitySearch {
  const quality = QUALITY_FILTERS.find((q) => q !== 'all' && q === s.quality) as QualitySearch['quality'];
  return presentOnly({ from: day(s.from), to: day(s.to), quality, page: pageParam(s.page) });
}

/** The `work.quality` input of the page and of its route's loader. */
export const qualityInput = (search: QualitySearch) => ({
  from: search.from,
  to: search.to,
  quality: search.quality ?? ('all' as const),
  page: search.page ?? 1,
  pageSize: LIST_PAGE_SIZE,
});
