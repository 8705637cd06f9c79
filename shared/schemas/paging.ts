import { z } from 'zod';
import { numeric } from './fields.js';

export const PageInput = z.object({
  page: numeric(z.number().int().min(1)).default(1),
  pageSize: numeric(z.number().int().min(1).max(100)).default(20),
  search: z.string().trim().max(100).optional(),
});
export type PageInput = z.infer<typeof PageInput>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
