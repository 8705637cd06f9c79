import { z } from 'zod';
import { numeric } from './fields.js';

export const PageInput = z.object({
  page: numeric(z.number().int().min(1)).default(1),
  pageSize: numeric(z.number().int().min(1).max(100)).default(20),
  search: z.string().trim().max(100).optional(),
});
export type PageInput = z.infer<typeof PageInput>;

/** A list pages through at most this many rows; past it, a search or filter narrows it. */
export const MAX_PAGED_ROWS = 10_000;

export interface Page<T> {
  items: T[];
  /** how many rows match, at most MAX_PAGED_ROWS */
  total: number;
  page: number;
  pageSize: number;
  /** more than MAX_PAGED_ROWS rows match: `total` is the cap, not the count */
  totalCapped?: boolean;
}
