import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { FIELD_TYPES, readFieldValue, type FieldDef, type StoredValue } from '../../../shared/lead-fields.js';
import type { FieldFilter, FieldSort } from '../../../shared/schemas/lead-field-filters.js';

/*
 * Lists narrowed and ordered by the company's fields (docs/lead-fields-lists.md). A filter is an
 * EXISTS on lead_values for the lead, which the partial index (field_id, v_text, lead_id) or the
 * primary key (lead_id, field_id, item) answers with one seek per lead the list walks; the filters are
 * checked against the company's own fields first, so another company's key is simply unknown.
 */

type LDB = DB & { l: DB['leads'] };

/** A filter read against its field: which indexed column, and the stored values or bounds it asks for. */
export interface ResolvedFieldFilter {
  fieldId: number;
  column: 'v_text' | 'v_num';
  anyOf?: (string | number)[];
  min?: string | number;
  max?: string | number;
  /** SQLite: compare a range on the lead's own value row (see hasValue) */
  rangeOnRow?: boolean;
}

export interface ResolvedFieldSort {
  fieldId: number;
  column: 'v_text' | 'v_num';
  direction: 'asc' | 'desc';
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

/** A field of the company by key, or NOT_FOUND (another company's keys are as unknown as made-up ones). */
function fieldOf(fields: readonly FieldDef[], key: string): FieldDef {
  const field = fields.find((f) => f.key === key);
  if (!field) throw new AppError('NOT_FOUND', `There is no lead field "${key.slice(0, 40)}".`);
  return field;
}

/** One given value as the field stores it (a choice's label read as its key, rupees as paise...). */
function storedOf(field: FieldDef, raw: string | number, column: 'v_text' | 'v_num'): string | number {
  // a retired choice stays filterable: its leads keep the value
  if (field.type === 'choice' || field.type === 'multiChoice') {
    const g = String(raw).trim().toLowerCase();
    const choice = (field.choices ?? []).find((c) => c.key.toLowerCase() === g || c.label.trim().toLowerCase() === g);
    if (!choice) throw refuse(`${field.label} has no choice "${String(raw).slice(0, 40)}".`);
    return choice.key;
  }
  const read = readFieldValue(field, raw);
  const v: StoredValue | undefined = read.ok ? read.values[0] : undefined;
  if (!read.ok) throw refuse(read.message);
  const stored = column === 'v_num' ? v?.num : v?.text;
  if (stored === null || stored === undefined) throw refuse(`Give a value to filter ${field.label} by.`);
  return stored;
}

/** The list's filters read against the company's fields; a wrong one is refused with why. */
export function resolveFieldFilters(fields: readonly FieldDef[], filters: readonly FieldFilter[] | undefined, dialect: Dialect): ResolvedFieldFilter[] {
  return (filters ?? []).map((f) => {
    const field = fieldOf(fields, f.key);
    const type = FIELD_TYPES[field.type];
    if (!type.indexed || !type.filter) throw refuse(`${field.label} cannot be filtered by.`);
    const column = type.indexed === 'num' ? 'v_num' : 'v_text';
    const base = { fieldId: field.id, column } as const;
    switch (type.filter) {
      case 'equals':
        if (f.equals === undefined || f.equals === '') throw refuse(`Give a value to filter ${field.label} by.`);
        return { ...base, anyOf: [storedOf(field, f.equals, column)] };
      case 'anyOf':
        if (!f.anyOf?.length) throw refuse(`Choose what ${field.label} should be.`);
        return { ...base, anyOf: [...new Set(f.anyOf.map((v) => storedOf(field, v, column)))] };
      case 'yesNo':
        if (f.yes === undefined) throw refuse(`Choose yes or no for ${field.label}.`);
        return { ...base, anyOf: [f.yes ? 1 : 0] };
      case 'range': {
        const min = f.min === undefined || f.min === '' ? undefined : storedOf(field, f.min, column);
        const max = f.max === undefined || f.max === '' ? undefined : storedOf(field, f.max, column);
        if (min === undefined && max === undefined) throw refuse(`Give a lowest or highest ${field.label}.`);
        return { ...base, min, max, rangeOnRow: dialect === 'sqlite' };
      }
      default:
        throw refuse(`${field.label} cannot be filtered by.`);
    }
  });
}

export function resolveFieldSort(fields: readonly FieldDef[], sort: FieldSort | undefined): ResolvedFieldSort | null {
  if (!sort) return null;
  const field = fieldOf(fields, sort.key);
  const indexed = FIELD_TYPES[field.type].indexed;
  if (!indexed) throw refuse(`${field.label} cannot be sorted by.`);
  return { fieldId: field.id, column: indexed === 'num' ? 'v_num' : 'v_text', direction: sort.direction };
}

/** The lead `l` has a value the filter asks for: one seek of a lead_values index. */
function hasValue(eb: ExpressionBuilder<LDB, 'l'>, f: ResolvedFieldFilter): Expression<SqlBool> {
  let q = eb.selectFrom('lead_values as fv').select(sql<number>`1`.as('one')).where('fv.field_id', '=', f.fieldId).whereRef('fv.lead_id', '=', 'l.id');
  if (f.anyOf) q = f.anyOf.length === 1 ? q.where(`fv.${f.column}`, '=', f.anyOf[0]!) : q.where(`fv.${f.column}`, 'in', f.anyOf);
  // On SQLite a range is checked on the lead's own value row (the primary key's seek), never by
  // the value index: without statistics it chose to read the field's whole index for every lead it
  // walked. Through coalesce, a comparison no longer says the value is there, which the partial
  // value indexes need. Postgres keeps the plain comparison: its estimates (migration 0035) need it.
  const compared = f.rangeOnRow ? (f.column === 'v_num' ? sql`coalesce(fv.v_num, null)` : sql`coalesce(fv.v_text, '')`) : sql.ref(`fv.${f.column}`);
  if (f.min !== undefined) q = q.where(compared, '>=', f.min);
  if (f.max !== undefined) q = q.where(compared, '<=', f.max);
  // LIMIT keeps SQLite from turning the EXISTS into a join, for which it built an automatic index
  // of the field's values on every page (5 s at 1,000,000 leads; docs/lead-fields-lists.md)
  return eb.exists(q.limit(1));
}

/** A query on `leads as l` narrowed by the filters (each one more condition). */
export function withFieldFilters<O>(q: SelectQueryBuilder<LDB, 'l', O>, filters: readonly ResolvedFieldFilter[]): SelectQueryBuilder<LDB, 'l', O> {
  return filters.reduce((acc, f) => acc.where((eb) => hasValue(eb, f)), q);
}

/**
 * A query ordered by a field's value first (a lead without one last, whichever the direction), then by
 * the list's own order. The value is read per row of the ordered set, through the primary key.
 */
export function orderByField<O>(q: SelectQueryBuilder<LDB, 'l', O>, s: ResolvedFieldSort): SelectQueryBuilder<LDB, 'l', O> {
  const value = sql`(select min(fv.${sql.ref(s.column)}) from lead_values as fv where fv.lead_id = l.id and fv.field_id = ${s.fieldId})`;
  return q.orderBy(sql`${value} ${sql.raw(s.direction)} nulls last`);
}
