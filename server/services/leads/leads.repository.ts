import type { ExtraDetails } from '../../../shared/lead-fields.js';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';

export interface LeadInput {
  name: string;
  /** already normalised to 10 digits */
  mobile: string;
  requirement: string;
  area: string;
  /** the source's own id (IndiaMART UNIQUE_QUERY_ID), for de-duplication across pulls */
  sourceRef?: string | null;
  /** the enquirer's language, when the source said */
  language?: string | null;
  email?: string | null;
  /** what the source gave that no part of the lead holds (label: value) */
  extraDetails?: ExtraDetails | null;
}

/**
 * A lead as the bulk paths carry it: name, mobile (normalised), requirement, area, source ref, and
 * what a file may add (docs/file-import.md): email, extra details (JSON), do-not-call (1), phone kind,
 * the row's own category (else the batch's).
 */
export type LeadTuple = [
  name: string,
  mobile: string,
  requirement: string,
  area: string,
  sourceRef?: string | null,
  language?: string | null,
  email?: string | null,
  extraDetails?: string | null,
  dnc?: 0 | 1,
  phoneKind?: string | null,
  category?: string | null,
];

export interface LeadBatchContext {
  subadminId: number;
  category: string;
  batchId: number | null;
  /** 0 while a multi-transaction upload is still being written */
  visible: 0 | 1;
  now: string;
  /** set for a lead that goes straight to someone's queue (a telecaller's own manual lead, a routed one) */
  assignTo?: number | null;
  /** the source routing saw it come from (RoutingSource), when routing handles it */
  routeSource?: string | null;
}

function isPostgres(db: Kysely<DB> | Transaction<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The one way leads enter the table. Leads whose mobile (or source ref) the company already has are
 * skipped by the unique indexes (ON CONFLICT DO NOTHING), so concurrent writers cannot both insert
 * one. Rows travel as one JSON parameter that the database unpacks (SQLite json_each, Postgres
 * json_array_elements): one short statement per call instead of one bound parameter per value, which
 * keeps a 5,000-row chunk cheap to prepare. The caller removes duplicates within its own input and
 * owns the transaction. Returns how many rows were inserted.
 */
export async function insertLeadTuples(db: Kysely<DB> | Transaction<DB>, ctx: LeadBatchContext, rows: LeadTuple[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await insertStatement(db, ctx, rows, false).execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** insertLeadTuples answering the id and mobile of each lead it inserted (the skipped ones are not named). */
export async function insertLeadTuplesReturning(db: Kysely<DB> | Transaction<DB>, ctx: LeadBatchContext, rows: LeadTuple[]) {
  if (!rows.length) return [];
  const result = await insertStatement(db, ctx, rows, true).execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), mobile: r.mobile }));
}

/** The statement insertLeadTuples runs, for a caller that wraps it (routing's one-statement insert, docs/routing.md). */
export function insertStatement(db: Kysely<DB> | Transaction<DB>, ctx: LeadBatchContext, rows: LeadTuple[], returning: boolean) {
  const json = JSON.stringify(rows);
  const assignTo = ctx.assignTo ?? null;
  const sentAt = assignTo ? ctx.now : null;
  const source = isPostgres(db)
    ? sql`select e ->> 0 as name, e ->> 1 as mobile, e ->> 2 as requirement, e ->> 3 as area, e ->> 4 as source_ref, e ->> 5 as language,
                 e ->> 6 as email, e ->> 7 as extra_details, coalesce(cast(e ->> 8 as integer), 0) as dnc, e ->> 9 as phone_kind, e ->> 10 as category
          from json_array_elements(cast(${json} as json)) e`
    : sql`select j.value ->> 0 as name, j.value ->> 1 as mobile, j.value ->> 2 as requirement, j.value ->> 3 as area,
                 j.value ->> 4 as source_ref, j.value ->> 5 as language, j.value ->> 6 as email, j.value ->> 7 as extra_details,
                 coalesce(j.value ->> 8, 0) as dnc, j.value ->> 9 as phone_kind, j.value ->> 10 as category from json_each(${json}) j`;
  // Casts type the parameters for Postgres (an INSERT ... SELECT list does not); `where true` lets
  // SQLite tell the upsert clause from a join constraint.
  return sql<{ id: number; mobile: string }>`
    insert into leads (subadmin_id, batch_id, visible, source_ref, name, mobile, requirement, area, category, upload_date,
                       telicaller_id, telicaller_send_date, status, language, route_source, created_at, updated_at,
                       email, extra_details, dnc, phone_kind)
    select cast(${ctx.subadminId} as integer), cast(${ctx.batchId} as integer), cast(${ctx.visible} as integer), s.source_ref,
           s.name, s.mobile, s.requirement, s.area, coalesce(s.category, cast(${ctx.category} as text)), cast(${ctx.now} as text),
           cast(${assignTo} as integer), cast(${sentAt} as text), '0', s.language, cast(${ctx.routeSource ?? null} as text),
           cast(${ctx.now} as text), cast(${ctx.now} as text), s.email, s.extra_details, s.dnc, s.phone_kind
    from (${source}) s
    where true
    on conflict do nothing${returning ? sql` returning id, mobile` : sql``}`;
}

/** insertLeadTuples for callers holding lead objects. */
export function insertLeads(db: Kysely<DB> | Transaction<DB>, ctx: LeadBatchContext, rows: LeadInput[]): Promise<number> {
  return insertLeadTuples(
    db,
    ctx,
    rows.map((r) => [r.name, r.mobile, r.requirement, r.area, r.sourceRef ?? null, r.language ?? null]),
  );
}

/** Returns a removed telecaller's untouched (new) leads to the company's pool; how many. */
export async function returnNewLeadsToPool(db: Kysely<DB> | Transaction<DB>, subadminId: number, telecallerId: number, now: string): Promise<number> {
  const r = await db
    .updateTable('leads')
    .set({ telicaller_id: null, telicaller_send_date: null, updated_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', '=', telecallerId)
    .where('status', '=', LEAD_STATUS.new)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whose lead a mobile already is in the company, and whether its upload is still running. */
export function findLeadOwnerByMobile(db: Kysely<DB>, subadminId: number, mobile: string) {
  return db
    .selectFrom('leads as l')
    .leftJoin('users as u', 'u.id', 'l.telicaller_id')
    .select(['l.visible', 'l.telicaller_id', 'u.name as owner'])
    .where('l.subadmin_id', '=', subadminId)
    .where('l.mobile', '=', mobile)
    .executeTakeFirst();
}

/** The id of the company's lead with this mobile (unique per company). */
export function findLeadIdByMobile(db: Kysely<DB>, subadminId: number, mobile: string) {
  return db.selectFrom('leads').select(['id']).where('subadmin_id', '=', subadminId).where('mobile', '=', mobile).executeTakeFirstOrThrow();
}

/** Postgres: this transaction's commit does not wait for the disk (a crash loses it whole, never half). */
export async function relaxCommitDurability(trx: Transaction<DB>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(trx);
}
