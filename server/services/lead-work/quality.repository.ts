import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LEAD_QUALITIES } from '../../../shared/schemas/lead-work.js';
import type { QualityFilter } from '../../../shared/schemas/lead-quality.js';
import { visibleLeads } from '../leads/lists.repository.js';

type LDB = DB & { l: DB['leads'] };

/**
 * The days a lead is filed under: YYYY-MM-DD dates compare with the calendar days, ISO instants with
 * the instants those days start at in the company's zone (`toExclusive` is the start of the day after To).
 */
export interface QualityRange {
  fromDate?: string;
  toDate?: string;
  fromInstant?: string;
  toExclusive?: string;
}

export interface QualityScope {
  subadminId: number;
  userId: number;
  range: QualityRange;
}

/** The date the quality screen files a lead under: its upload date, else when it was created. */
const leadDate = sql<string>`coalesce(nullif(l.upload_date, ''), l.created_at)`;
const quality = sql<string>`lower(l.lead_quality)`;

/**
 * A lead's date is stored either as a bare calendar date (YYYY-MM-DD, ten characters) or as an ISO
 * instant; each form is compared with the bound of its own kind, so text comparison stays exact.
 */
function inRange(eb: ExpressionBuilder<LDB, 'l'>, r: QualityRange): Expression<SqlBool> {
  const isDate = sql<boolean>`length(${leadDate}) = 10`;
  const isInstant = sql<boolean>`length(${leadDate}) > 10`;
  const dateSide = [isDate as Expression<SqlBool>];
  const instantSide = [isInstant as Expression<SqlBool>];
  if (r.fromDate) dateSide.push(eb(leadDate, '>=', r.fromDate));
  if (r.toDate) dateSide.push(eb(leadDate, '<=', r.toDate));
  if (r.fromInstant) instantSide.push(eb(leadDate, '>=', r.fromInstant));
  if (r.toExclusive) instantSide.push(eb(leadDate, '<', r.toExclusive));
  return eb.or([eb.and(dateSide), eb.and(instantSide)]);
}

/** The user's rated leads (excellent, good or poor, in any case) within the dates: its own and those handed to it. */
function ratedLeads(db: Kysely<DB>, s: QualityScope) {
  let q = visibleLeads(db, s.subadminId)
    .where((eb) => eb.or([eb('l.telicaller_id', '=', s.userId), eb('l.handler_id', '=', s.userId)]))
    .where('l.lead_quality', 'is not', null)
    .where(quality, 'in', [...LEAD_QUALITIES]);
  const r = s.range;
  if (r.fromDate || r.toDate) q = q.where((eb) => inRange(eb, r));
  return q;
}

/** How many rated leads there are in all and per rating, in one pass. */
export async function countRatedLeads(db: Kysely<DB>, s: QualityScope): Promise<Record<QualityFilter, number>> {
  const countOf = (value: string) => sql<number>`sum(case when ${quality} = ${value} then 1 else 0 end)`;
  const row = await ratedLeads(db, s)
    .select((eb) => [eb.fn.countAll<number>().as('total'), countOf('excellent').as('excellent'), countOf('good').as('good'), countOf('poor').as('poor')])
    .executeTakeFirst();
  // Postgres answers sums and counts as text (int8/numeric); a sum over no rows is null.
  return { all: Number(row?.total ?? 0), excellent: Number(row?.excellent ?? 0), good: Number(row?.good ?? 0), poor: Number(row?.poor ?? 0) };
}

/** One page of rated leads, newest first. */
export function pageRatedLeads(db: Kysely<DB>, s: QualityScope, filter: QualityFilter, page: { page: number; pageSize: number }) {
  let q = ratedLeads(db, s);
  if (filter !== 'all') q = q.where(quality, '=', filter);
  return q
    .select(['l.id', 'l.name', 'l.mobile', 'l.requirement', 'l.area', quality.as('lead_quality'), leadDate.as('date')])
    .orderBy(leadDate, 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
}
