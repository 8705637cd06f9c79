import { z } from 'zod';
import { LEGACY_CATEGORY_KEYS } from '../leads.js';
import type { UserTypeValue } from '../constants.js';
import { idField } from './users.js';

/** Most leads one distribution hands out (in total, split between the chosen people). */
export const MAX_DISTRIBUTE = 50_000;
/** Most people one distribution splits between. */
export const MAX_DISTRIBUTE_USERS = 50;

export const CHOOSE_ASSIGNEE = 'Please select either a Telecaller or a Telecaller Head.';
const COUNT_REQUIRED = 'Enter the number of leads.';
const COUNT_RANGE = `Enter a number of leads from 1 to ${MAX_DISTRIBUTE.toLocaleString('en-IN')}.`;

/**
 * A category choice: a category name, or "any category" as null. Empty, 'all' and the legacy key
 * customer_data mean any; india_mart and local_leads map to their names (docs/product-rules.md#distribution-and-take-back).
 */
export function categoryFromChoice(choice: string | null | undefined): string | null {
  const v = choice?.trim();
  const key = v?.toLowerCase();
  if (!v || !key || key === 'all') return null;
  return Object.hasOwn(LEGACY_CATEGORY_KEYS, key) ? (LEGACY_CATEGORY_KEYS[key] ?? null) : v;
}

const CATEGORY_MAX = 'Category must be at most 100 characters.';

export const CategoryChoice = z.string().trim().max(100, CATEGORY_MAX).nullish().transform(categoryFromChoice);

/** A number of leads; the legacy client sends it as text. */
export const LeadCount = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z.number({ error: COUNT_REQUIRED }).int('The number of leads must be a whole number.').min(1, COUNT_RANGE).max(MAX_DISTRIBUTE, COUNT_RANGE),
);

export const DistributeInput = z.object({
  /** one or more telecallers or heads; `count` is split evenly between them */
  userIds: z
    .array(idField, { error: CHOOSE_ASSIGNEE })
    .min(1, CHOOSE_ASSIGNEE)
    .max(MAX_DISTRIBUTE_USERS, `Choose at most ${MAX_DISTRIBUTE_USERS} people at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each person can be chosen only once.'),
  /** the total number of leads to hand out */
  count: LeadCount,
  category: CategoryChoice,
});
export type DistributeInput = z.input<typeof DistributeInput>;

export const TakeBackInput = z.object({ userId: idField, category: CategoryChoice });
export type TakeBackInput = z.input<typeof TakeBackInput>;

/** The legacy POST /distributeLeads body. */
export const LegacyDistributeInput = z.object({
  id: z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') {
        ctx.addIssue({ code: 'custom', message: CHOOSE_ASSIGNEE });
        return z.NEVER;
      }
      return v as unknown;
    })
    .pipe(idField)
    .describe('The telecaller or telecaller head to give the leads to.'),
  sendleads: LeadCount.describe('How many leads to give.'),
  category: z
    .preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string({ error: 'Select a category.' }).trim().min(1, 'Select a category.').max(100, CATEGORY_MAX),
    )
    .transform(categoryFromChoice)
    .describe('A category name, or india_mart, local_leads or customer_data (any category).'),
});

/** How `total` leads split between `n` people, as a distribution does it: the first `total % n` get one more. */
export function evenShares(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => base + (i < total % n ? 1 : 0));
}

export interface PoolCategory {
  category: string;
  count: number;
}

export interface Pool {
  /** categories that have unassigned leads, most first */
  categories: PoolCategory[];
  total: number;
}

export interface Assignee {
  id: number;
  name: string;
  mobile: string;
  user_type: UserTypeValue;
  blocked: boolean;
  /** assigned leads still at status '0' */
  untouched: number;
  /** leads sent to them today (company time zone), whatever their status now */
  sentToday: number;
}

export interface DistributeResult {
  assigned: number;
  requested: number;
  category: string | null;
  perUser: { userId: number; name: string; assigned: number }[];
  /** do-not-call leads of the pool passed over (never given) */
  skippedDnc: number;
  message: string;
}

export interface TakeBackResult {
  returned: number;
  message: string;
}
