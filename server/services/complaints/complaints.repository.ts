import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { paginate } from '../../db/paging.js';
import { COMPLAINT_STATUS } from '../../../shared/constants.js';
import type { ComplaintStatusFilter } from '../../../shared/schemas/complaints.js';
import type { PageInput } from '../../../shared/schemas/paging.js';

export type FromKind = 'subadmin' | 'user';

/** Who filed the complaints a query may touch: one kind, and for a company's view one tenant. */
export interface ComplaintScope {
  fromKind: FromKind;
  subadminId?: number;
  /** a user's own complaints only */
  userId?: number;
}

const ITEM_COLUMNS = ['c.id', 'c.title', 'c.body', 'c.status', 'c.reply', 'c.replied_at', 'c.resolved_at', 'c.created_at'] as const;

function scoped(db: Kysely<DB>, scope: ComplaintScope) {
  let q = db.selectFrom('complaints as c').where('c.from_kind', '=', scope.fromKind);
  if (scope.subadminId !== undefined) q = q.where('c.subadmin_id', '=', scope.subadminId);
  if (scope.userId !== undefined) q = q.where('c.user_id', '=', scope.userId);
  return q;
}

/** 'pending' is status 0, 'closed' any other status. */
function statusIs(status: ComplaintStatusFilter | undefined) {
  const column = sql.ref('c.status');
  if (status === 'pending') return sql<boolean>`${column} = ${COMPLAINT_STATUS.pending}`;
  if (status === 'closed') return sql<boolean>`${column} <> ${COMPLAINT_STATUS.pending}`;
  return sql<boolean>`1 = 1`;
}

/** lower(column) contains the text, with LIKE's wildcards in it taken literally. */
function contains(column: string, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export async function insertComplaint(
  db: Kysely<DB>,
  values: { subadminId: number; fromKind: FromKind; userId: number | null; title: string; body: string; now: string },
) {
  const row = await db
    .insertInto('complaints')
    .values({
      subadmin_id: values.subadminId,
      from_kind: values.fromKind,
      user_id: values.userId,
      title: values.title,
      body: values.body,
      status: COMPLAINT_STATUS.pending,
      reply: null,
      replied_at: null,
      resolved_at: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One tenant's complaints of one kind, newest first. */
export function findPage(
  db: Kysely<DB>,
  scope: ComplaintScope & { subadminId: number },
  input: Pick<PageInput, 'page' | 'pageSize'> & { status?: ComplaintStatusFilter },
) {
  const base = scoped(db, scope).where(statusIs(input.status));
  return paginate(base, input, (q) =>
    q
      .select([...ITEM_COLUMNS])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
}

/** Every tenant's complaints of one kind with the company; closed ones newest resolved first. */
export function findAcrossCompanies(
  db: Kysely<DB>,
  fromKind: FromKind,
  input: Pick<PageInput, 'page' | 'pageSize' | 'search'> & { status: ComplaintStatusFilter },
) {
  let base = db
    .selectFrom('complaints as c')
    .innerJoin('subadmins as s', 's.id', 'c.subadmin_id')
    .where('c.from_kind', '=', fromKind)
    .where('s.deleted_at', 'is', null)
    .where(statusIs(input.status));
  const search = input.search;
  if (search) {
    base = base.where((eb) => eb.or(['c.title', 'c.body', 's.company_name', 's.name'].map((column) => contains(column, search))));
  }
  return paginate(base, input, (q) => {
    const selected = q.select([...ITEM_COLUMNS, 'c.subadmin_id', 's.company_name', 's.name as subadmin_name']);
    return (input.status === 'closed' ? selected.orderBy('c.resolved_at', 'desc') : selected).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  });
}

/** All of one tenant's complaints of one kind, newest first (the legacy list has no paging). */
export function findAll(db: Kysely<DB>, scope: ComplaintScope & { subadminId: number }) {
  return scoped(db, scope)
    .select(['c.id', 'c.title', 'c.body', 'c.status', 'c.reply', 'c.created_at'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

export function findOne(db: Kysely<DB>, scope: ComplaintScope, id: number) {
  let q = db
    .selectFrom('complaints as c')
    .innerJoin('subadmins as s', 's.id', 'c.subadmin_id')
    .select(['c.id', 'c.status', 'c.subadmin_id'])
    .where('c.id', '=', id)
    .where('c.from_kind', '=', scope.fromKind)
    .where('s.deleted_at', 'is', null);
  if (scope.subadminId !== undefined) q = q.where('c.subadmin_id', '=', scope.subadminId);
  return q.executeTakeFirst();
}

/**
 * Changes a complaint only while it is pending; the status condition in the same statement keeps
 * two admins acting at once from both succeeding. Returns whether a row changed.
 */
export async function updatePending(
  db: Kysely<DB>,
  scope: ComplaintScope,
  id: number,
  set: { reply?: string; replied_at?: string; status?: number; resolved_at?: string; updated_at: string },
): Promise<boolean> {
  let q = db.updateTable('complaints').set(set).where('id', '=', id).where('from_kind', '=', scope.fromKind).where('status', '=', COMPLAINT_STATUS.pending);
  if (scope.subadminId !== undefined) q = q.where('subadmin_id', '=', scope.subadminId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countPending(db: Kysely<DB>, fromKind: FromKind, subadminId?: number) {
  let q = db
    .selectFrom('complaints as c')
    .innerJoin('subadmins as s', 's.id', 'c.subadmin_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.from_kind', '=', fromKind)
    .where('c.status', '=', COMPLAINT_STATUS.pending)
    .where('s.deleted_at', 'is', null);
  if (subadminId !== undefined) q = q.where('c.subadmin_id', '=', subadminId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest pending complaints of one kind with their company, for the admin's bell. */
export function findLatestPending(db: Kysely<DB>, fromKind: FromKind, limit: number) {
  return db
    .selectFrom('complaints as c')
    .innerJoin('subadmins as s', 's.id', 'c.subadmin_id')
    .select(['c.id', 'c.title', 'c.body', 'c.created_at', 's.company_name'])
    .where('c.from_kind', '=', fromKind)
    .where('c.status', '=', COMPLAINT_STATUS.pending)
    .where('s.deleted_at', 'is', null)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/** A company's complaints from its users, with who filed them; closed ones newest resolved first. */
export function findFromUsers(db: Kysely<DB>, subadminId: number, input: Pick<PageInput, 'page' | 'pageSize'> & { status: ComplaintStatusFilter }) {
  const base = scoped(db, { fromKind: 'user', subadminId })
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'c.user_id').onRef('u.subadmin_id', '=', 'c.subadmin_id'))
    .where(statusIs(input.status));
  return paginate(base, input, (q) => {
    const selected = q.select([...ITEM_COLUMNS, 'c.user_id', 'u.name as user_name', 'u.user_type']);
    return (input.status === 'closed' ? selected.orderBy('c.resolved_at', 'desc') : selected).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  });
}

/** The user a complaint came from (for the reply's notice). */
export function findAuthor(db: Kysely<DB>, subadminId: number, id: number) {
  return db
    .selectFrom('complaints')
    .select(['user_id', 'title'])
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('from_kind', '=', 'user')
    .executeTakeFirst();
}
