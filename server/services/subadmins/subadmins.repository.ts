import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { insertDefaultFeedback } from '../lead-fields/fields.repository.js';
import type { DB, NewSubadmin, UserType } from '../../db/schema.js';
import { paginate } from '../../db/paging.js';
import type { SubadminStatusFilter } from '../../../shared/schemas/subadmins.js';

type S = ExpressionBuilder<DB, 'subadmins'>;

/** The columns of a list row: everything but the password hash, plus live user counts. */
function listColumns<O>(q: SelectQueryBuilder<DB, 'subadmins', O>) {
  const liveUsers = (eb: S) =>
    eb
      .selectFrom('users')
      .select((u) => u.fn.countAll<number>().as('n'))
      .whereRef('users.subadmin_id', '=', 'subadmins.id')
      .where('users.deleted_at', 'is', null);
  return q
    .select([
      'subadmins.id',
      'subadmins.name',
      'subadmins.email',
      'subadmins.company_name',
      'subadmins.mobile',
      'subadmins.expiry_date',
      'subadmins.gst',
      'subadmins.company_bio',
      'subadmins.address',
      'subadmins.telecaller_creat_limit',
      'subadmins.is_blocked',
      'subadmins.time_zone',
      'subadmins.created_at',
    ])
    .select((eb: S) => [
      liveUsers(eb).as('users_count'),
      liveUsers(eb)
        .where('users.user_type', 'in', ['Telicaller', 'Telicaller-hade'] satisfies UserType[])
        .as('telecallers_count'),
    ]);
}

export type SubadminRow = Awaited<ReturnType<ReturnType<typeof listColumns>['executeTakeFirstOrThrow']>>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilter {
  page: number;
  pageSize: number;
  search?: string;
  /** extra mobile digits to match when the search reads as a mobile number */
  mobile?: string | null;
  status: SubadminStatusFilter;
  today: string;
}

function liveSubadmins(db: Kysely<DB>) {
  return db.selectFrom('subadmins').where('subadmins.deleted_at', 'is', null);
}

export function findPage(db: Kysely<DB>, f: ListFilter) {
  let q = liveSubadmins(db);
  if (f.status === 'blocked') q = q.where('subadmins.is_blocked', '=', 1);
  if (f.status === 'active') q = q.where('subadmins.is_blocked', '=', 0).where('subadmins.expiry_date', '>=', f.today);
  if (f.status === 'expired') q = q.where('subadmins.is_blocked', '=', 0).where('subadmins.expiry_date', '<', f.today);
  if (f.search) {
    const pattern = `%${escapeLike(f.search.toLowerCase())}%`;
    const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        like('subadmins.name'),
        like('subadmins.email'),
        like('subadmins.company_name'),
        like('subadmins.mobile'),
        ...(f.mobile ? [eb('subadmins.mobile', '=', f.mobile)] : []),
      ]),
    );
  }
  return paginate(q, f, (base) => listColumns(base).orderBy('subadmins.created_at', 'desc').orderBy('subadmins.id', 'desc'));
}

export function findAllLive(db: Kysely<DB>) {
  return listColumns(liveSubadmins(db)).orderBy('subadmins.created_at', 'desc').orderBy('subadmins.id', 'desc').execute();
}

export function findLiveById(db: Kysely<DB>, id: number) {
  return listColumns(liveSubadmins(db)).where('subadmins.id', '=', id).executeTakeFirst();
}

export async function liveEmailExists(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await liveSubadmins(db).select('subadmins.id').where('subadmins.email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertSubadmin(db: Kysely<DB>, values: NewSubadmin): Promise<number> {
  const row = await db.insertInto('subadmins').values(values).returning('id').executeTakeFirstOrThrow();
  await insertDefaultFeedback(db, row.id);
  return row.id;
}

/** Updates a live sub-admin; false when there is none with this id. */
export async function updateLive(
  db: Kysely<DB>,
  id: number,
  set: Partial<{ is_blocked: number; expiry_date: string; telecaller_creat_limit: number; deleted_at: string; updated_at: string }>,
): Promise<boolean> {
  const res = await db.updateTable('subadmins').set(set).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function countCompanies(db: Kysely<DB>, today: string, soon: string) {
  const row = await liveSubadmins(db)
    .select([
      sql<number>`sum(case when is_blocked = 0 and expiry_date >= ${today} then 1 else 0 end)`.as('active'),
      sql<number>`sum(case when is_blocked <> 0 then 1 else 0 end)`.as('blocked'),
      sql<number>`sum(case when is_blocked = 0 and expiry_date < ${today} then 1 else 0 end)`.as('expired'),
      sql<number>`sum(case when is_blocked = 0 and expiry_date >= ${today} and expiry_date <= ${soon} then 1 else 0 end)`.as('expiring'),
    ])
    .executeTakeFirst();
  const n = (v: unknown) => Number(v ?? 0);
  return { active: n(row?.active), blocked: n(row?.blocked), expired: n(row?.expired), expiringSoon: n(row?.expiring) };
}

export function findExpiring(db: Kysely<DB>, today: string, soon: string, limit: number) {
  return liveSubadmins(db)
    .select(['subadmins.id', 'subadmins.name', 'subadmins.company_name', 'subadmins.expiry_date'])
    .where('subadmins.is_blocked', '=', 0)
    .where('subadmins.expiry_date', '>=', today)
    .where('subadmins.expiry_date', '<=', soon)
    .orderBy('subadmins.expiry_date', 'asc')
    .orderBy('subadmins.id', 'asc')
    .limit(limit)
    .execute();
}

/** Live users of live companies, counted by type. */
export function countUsersByType(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('subadmins', 'subadmins.id', 'users.subadmin_id')
    .select((eb) => ['users.user_type', eb.fn.countAll<number>().as('n')])
    .where('users.deleted_at', 'is', null)
    .where('subadmins.deleted_at', 'is', null)
    .groupBy('users.user_type')
    .execute();
}

/** Visible leads of live companies created in [fromIso, toIso). */
export async function countLeadsCreated(db: Kysely<DB>, fromIso: string, toIso: string): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .innerJoin('subadmins', 'subadmins.id', 'leads.subadmin_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subadmins.deleted_at', 'is', null)
    .where('leads.visible', '=', 1)
    .where('leads.created_at', '>=', fromIso)
    .where('leads.created_at', '<', toIso)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countPendingSubadminComplaints(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('complaints')
    .innerJoin('subadmins', 'subadmins.id', 'complaints.subadmin_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('complaints.from_kind', '=', 'subadmin')
    .where('complaints.status', '=', 0)
    .where('subadmins.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
