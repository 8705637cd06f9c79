import { z } from 'zod';
import { TEXT_INDEX_MAX } from '../lead-fields.js';

/*
 * A list narrowed or ordered by the company's own fields (docs/lead-fields-lists.md): each filter
 * names a field by its key and gives what its type's filter kind takes (FIELD_TYPES[type].filter):
 * equals (text, phone, email, link), anyOf (choices), min/max (number, money in rupees, date, date
 * and time), yes (yes/no). The server reads the values as the field reads a value, so a choice's
 * label or key, "₹1,500" or "29/11/2026" all work.
 */

/** The most field filters one list takes: each is one more index read. */
export const MAX_FIELD_FILTERS = 5;

const value = z.union([z.string().trim().max(TEXT_INDEX_MAX, 'A filter value must be at most 200 characters.'), z.number()]);

export const FieldFilter = z.object({
  key: z.string().trim().min(1, 'Choose a field to filter by.').max(40, 'Choose a field to filter by.'),
  equals: value.optional(),
  anyOf: z.array(z.string().trim().max(TEXT_INDEX_MAX)).min(1, 'Choose at least one choice.').max(100, 'Choose at most 100 choices.').optional(),
  min: value.optional(),
  max: value.optional(),
  yes: z.boolean().optional(),
});
export type FieldFilter = z.output<typeof FieldFilter>;

export const FieldFilters = z.array(FieldFilter).max(MAX_FIELD_FILTERS, `Filter by at most ${MAX_FIELD_FILTERS} fields.`);

/** A list ordered by a field (an indexed type): leads without a value come last. */
export const FieldSort = z.object({ key: z.string().trim().min(1).max(40), direction: z.enum(['asc', 'desc']).default('asc') });
export type FieldSort = z.output<typeof FieldSort>;

/** What a list input adds to take field filters and a field order. */
export const fieldListInput = { fields: FieldFilters.optional(), sortField: FieldSort.optional() };

/**
 * A query string carries the filters as JSON (`fields=[{"key":"roof","anyOf":["rcc"]}]`): the
 * exports' links. Unreadable JSON is refused with the same message as a wrong filter.
 */
export const FieldFiltersParam = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return 'unreadable';
  }
}, FieldFilters.optional());
