import { CompiledQuery, sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, LeadsTable } from '../../db/schema.js';
import type { LeadStatus } from '../../../shared/lead-status.js';
import type { AssignedFilter, LeadFields } from '../../../shared/schemas/lead-lists.js';
import { pageLookingAhead, paginate } from '../../db/paging.js';
import { containsPattern } from '../users/users.repository.js';
import { MAX_ID } from '../../../shared/schemas/users.js';
import { EXPORT_WORK_COLUMNS, type ExportWorkRow } from './export-columns.js';
import { orderByField, withFieldFilters, type ResolvedFieldFilter, type ResolvedFieldSort } from '../lead-fields/filters.js';

/** The database as a query on `leads as l` sees it. */
type LDB = DB & { l: DB['leads'] };
type LeadsQuery = SelectQueryBuilder<LDB, 'l', Record<never, never>>;

/** Above every character: a text prefix's range ends before the prefix followed by it. */
const TEXT_END = '\u{10FFFF}';

/** The digits right after every number starting with `digits` (null when it is all nines). */
function nextDigits(digits: string): string | null {
  const rest = digits.replace(/9+$/, '');
  if (!rest) return null;
  return rest.slice(0, -1) + String(Number(rest.at(-1)) + 1);
}

type SearchColumn = 'name_key' | 'mobile';

/** What a search text looks for: each column with the prefix it must start with. */
function searchPrefixes(search: string | undefined): Array<[SearchColumn, string]> | null {
  const text = search?.trim();
  if (!text) return null;
  const prefixes: Array<[SearchColumn, string]> = [['name_key', text.toLowerCase()]];
  let digits = text.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (/^\d+$/.test(digits)) {
    const mobile = digits.replace(/^(91|0)(?=\d{10}$)/, '');
    prefixes.push(['mobile', mobile]);
  }
  return prefixes;
}

/**
 * `column` starts with `prefix`: a range, which an index on the column answers. Names end before the
 * prefix followed by the highest character; digits before the next number (digits compare alike in
 * every collation).
 */
function startsWith(table: 'l' | 's', column: SearchColumn, prefix: string) {
  const ref = sql.ref(`${table}.${column}`);
  const end = column === 'name_key' ? prefix + TEXT_END : nextDigits(prefix);
  return end === null ? sql<boolean>`${ref} >= ${prefix}` : sql<boolean>`(${ref} >= ${prefix} and ${ref} < ${end})`;
}

/**
 * A search answered by an index, never by reading every lead: the lead's name starting with the
 * text (any case), or, when the text is a number, its mobile starting with those digits ("+91 98765-43"
 * finds 9876543xxx; a full number with +91 or 0 finds itself). Digits from the end of a mobile would
 * need an index of reversed mobiles, which slowed every upload by a quarter: not kept.
 * For a list already narrowed to one user's leads (the planner may read those instead).
 */
export function leadSearch(search: string | undefined) {
  const prefixes = searchPrefixes(search);
  if (!prefixes) return null;
  return (eb: ExpressionBuilder<LDB, 'l'>) => eb.or(prefixes.map(([column, prefix]) => startsWith('l', column, prefix)));
}

/**
 * The ids of a company's leads a search finds, one range read of an index per column searched.
 * Null without a search.
 */
function companySearchIds(db: Kysely<DB>, subadminId: number, search: string | undefined) {
  const prefixes = searchPrefixes(search);
  if (!prefixes) return null;
  return prefixes
    .map(([column, prefix]) =>
      db
        .selectFrom('leads as s')
        .select('s.id')
        .where('s.subadmin_id', '=', subadminId)
        .where(startsWith('s', column, prefix)),
    )
    .reduce((all, next) => all.unionAll(next));
}

/** The company's visible leads: every read of leads starts here. */
export function visibleLeads(db: Kysely<DB>, subadminId: number): LeadsQuery {
  return db.selectFrom('leads as l').where('l.subadmin_id', '=', subadminId).where('l.visible', '=', 1);
}

/** A user of the company by id, live, blocked or removed (a removed user may still hold worked leads). */
export function findCompanyUser(db: Kysely<DB>, subadminId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'user_type', 'is_blocked', 'deleted_at'])
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .executeTakeFirst();
}

/**
 * Users of the company holding leads of one status, with how many: one grouped query. The join
 * repeats the company so a lead can never be counted under another company's user.
 */
export function countByTelecaller(db: Kysely<DB>, subadminId: number, status: LeadStatus, search?: string) {
  let q = visibleLeads(db, subadminId)
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'l.telicaller_id').onRef('u.subadmin_id', '=', 'l.subadmin_id'))
    .where('l.status', '=', status);
  const text = search?.trim();
  if (text) {
    const p = containsPattern(text);
    const id = /^\d+$/.test(text) ? Number(text) : null;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.name) like ${p} escape '!'`,
        sql<boolean>`u.mobile like ${p} escape '!'`,
        ...(id !== null && id <= MAX_ID ? [eb('u.id', '=', id)] : []),
      ]),
    );
  }
  return q
    .select((eb) => ['u.id', 'u.name', 'u.user_type', 'u.is_blocked', 'u.deleted_at', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['u.id', 'u.name', 'u.user_type', 'u.is_blocked', 'u.deleted_at'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** One telecaller's leads of one status, optionally searched and narrowed by the company's fields. */
export function leadsOfTelecaller(
  db: Kysely<DB>,
  subadminId: number,
  telecallerId: number,
  status: LeadStatus,
  search?: string,
  fieldFilters: readonly ResolvedFieldFilter[] = [],
) {
  let q = visibleLeads(db, subadminId).where('l.telicaller_id', '=', telecallerId).where('l.status', '=', status);
  const cond = leadSearch(search);
  if (cond) q = q.where(cond);
  return withFieldFilters(q, fieldFilters);
}

export interface UploadedFilter {
  search?: string;
  category?: string;
  assigned: AssignedFilter;
  status?: LeadStatus;
  fieldFilters?: readonly ResolvedFieldFilter[];
}

export function uploadedLeads(db: Kysely<DB>, subadminId: number, f: UploadedFilter) {
  const found = companySearchIds(db, subadminId, f.search);
  // Searched, the leads are reached by id from what the indexes found, whatever the planner thinks
  // of the company's size (SQLite has no table statistics here): the company test is written
  // `+subadmin_id`, which no index can answer, so reading every lead of the company is not a plan.
  let q: LeadsQuery = found
    ? db.selectFrom('leads as l').where(sql<number>`+l.subadmin_id`, '=', subadminId).where('l.visible', '=', 1).where('l.id', 'in', found)
    : visibleLeads(db, subadminId);
  if (f.category) q = q.where('l.category', '=', f.category);
  if (f.assigned === 'assigned') q = q.where('l.telicaller_id', 'is not', null);
  if (f.assigned === 'unassigned') q = q.where('l.telicaller_id', 'is', null);
  if (f.status) q = q.where('l.status', '=', f.status);
  return withFieldFilters(q, f.fieldFilters ?? []);
}

/** The lead fields every list and the export start with (shared/schemas/lead-lists.ts LeadFields), typed from the schema. */
export type ExportLeadRow = Pick<Selectable<LeadsTable>, keyof LeadFields>;
const LEAD_FIELDS = [
  'l.id',
  'l.name',
  'l.mobile',
  'l.requirement',
  'l.area',
  'l.category',
  'l.upload_date',
] as const satisfies readonly `l.${keyof LeadFields}`[];

/** The last history row's column for each lead: a correlated subquery per row of one page, no N+1. */
const latestHistory = (eb: ExpressionBuilder<LDB, 'l'>, column: 'feedback' | 'remarks') =>
  eb
    .selectFrom('lead_history as h')
    .select(column === 'feedback' ? 'h.feedback' : 'h.remarks')
    .whereRef('h.lead_id', '=', 'l.id')
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(1);

const selectTelecallerLead = (q: LeadsQuery) =>
  q.select((eb) => [
    ...LEAD_FIELDS,
    'l.telicaller_send_date',
    'l.status',
    'l.lead_quality',
    'l.callback_date',
    'l.callback_time',
    'l.updated_at',
    latestHistory(eb, 'feedback').as('last_feedback'),
    latestHistory(eb, 'remarks').as('last_remarks'),
  ]);

/** The lead fields of the original API. */
const selectLegacyLead = (q: LeadsQuery) =>
  q.select([
    ...LEAD_FIELDS,
    'l.telicaller_id',
    'l.telicaller_send_date',
    'l.created_at',
    'l.status',
    'l.submit_status',
    'l.lead_quality',
    'l.callback_date',
    'l.callback_time',
  ]);

const selectUploadedLead = (q: LeadsQuery) =>
  q.select((eb) => [
    ...LEAD_FIELDS,
    'l.status',
    'l.telicaller_id',
    'l.route_waiting',
    eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'l.telicaller_id').whereRef('u.subadmin_id', '=', 'l.subadmin_id').as('assignee_name'),
  ]);

type PageInput = { page: number; pageSize: number };
/** A list's field filters and field order, read against the company's fields. */
export type FieldListing = { fieldFilters?: readonly ResolvedFieldFilter[]; fieldSort?: ResolvedFieldSort | null };

/** Counted, or (narrowed by a field) looking one row ahead instead. */
const pagerOf = (input: FieldListing) => (input.fieldFilters?.length ? pageLookingAhead : paginate);

const fieldOrdered = <O>(q: SelectQueryBuilder<LDB, 'l', O>, sort: ResolvedFieldSort | null | undefined) => (sort ? orderByField(q, sort) : q);

/** One page of a telecaller's leads of one status, searched, latest change first (or by a field). */
export function pageOfTelecallerLeads(
  db: Kysely<DB>,
  subadminId: number,
  telecallerId: number,
  status: LeadStatus,
  input: PageInput & { search?: string } & FieldListing,
) {
  const base = leadsOfTelecaller(db, subadminId, telecallerId, status, input.search, input.fieldFilters);
  return pagerOf(input)(base, input, (q) => fieldOrdered(selectTelecallerLead(q), input.fieldSort).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc'));
}

/** The original API's fields of a telecaller's leads of one status: the `cap` latest changed, with the full count. */
export function latestLegacyLeads(db: Kysely<DB>, subadminId: number, telecallerId: number, status: LeadStatus, cap: number) {
  return paginate(leadsOfTelecaller(db, subadminId, telecallerId, status), { page: 1, pageSize: cap }, (q) =>
    selectLegacyLead(q).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc'),
  );
}

/** One page of the company's uploaded leads, filtered, newest first. */
export function pageOfUploadedLeads(db: Kysely<DB>, subadminId: number, input: PageInput & UploadedFilter & FieldListing) {
  return pagerOf(input)(uploadedLeads(db, subadminId, input), input, (q) => fieldOrdered(selectUploadedLead(q), input.fieldSort).orderBy('l.id', 'desc'));
}

const FROM_LEADS = 'from "leads" as "l"';

/**
 * The next `limit` leads of a filtered query with an id in (after, through], in id order (keyset
 * paging over a bounded range of ids: a query whose filter matches few leads still reads at most
 * through - after rows, and a plan that sorts sorts no more). SQLite is told to walk the primary key
 * (NOT INDEXED; rowid ranges stay allowed), which it cannot get wrong without table statistics.
 */
export async function exportPage(db: Kysely<DB>, dialect: Dialect, base: LeadsQuery, after: number, through: number, limit: number): Promise<ExportWorkRow[]> {
  const compiled = base
    .select([...LEAD_FIELDS, ...EXPORT_WORK_COLUMNS])
    .where('l.id', '>', after)
    .where('l.id', '<=', through)
    .orderBy('l.id')
    .limit(limit)
    .compile();
  if (dialect === 'sqlite') {
    const text = compiled.sql.replace(FROM_LEADS, `${FROM_LEADS} not indexed`);
    return (await db.executeQuery<ExportWorkRow>(CompiledQuery.raw(text, [...compiled.parameters]))).rows;
  }
  return (await db.executeQuery<ExportWorkRow>(compiled)).rows;
}

/** The highest lead id of any company (the primary key's last entry): where an export stops. */
export async function lastLeadId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function distinctCategories(db: Kysely<DB>, subadminId: number) {
  const rows = await visibleLeads(db, subadminId)
    .select((eb) => ['l.category', eb.fn.countAll<number | string>().as('count')])
    .groupBy('l.category')
    .orderBy('l.category')
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}
