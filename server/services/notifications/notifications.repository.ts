import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { paginate } from '../../db/paging.js';
import type { PageInput } from '../../../shared/schemas/paging.js';
import { isNoticeKind, isNoticeParams, type NoticeKind, type NoticeParams } from '../../../shared/notices.js';

/** Whoever reads notifications: a company (admin's notices) or a user (its company's notices). */
export interface Reader {
  kind: 'subadmin' | 'user';
  id: number;
  subadminId: number;
}

type Paging = Pick<PageInput, 'page' | 'pageSize'>;

/** The notifications a reader can see: tenant scoping for both kinds of reader. */
function visibleTo(db: Kysely<DB>, reader: Reader) {
  const q = db.selectFrom('notifications as n');
  if (reader.kind === 'user') {
    return q
      .where('n.audience', '=', 'users')
      .where('n.subadmin_id', '=', reader.subadminId)
      .where((eb) => eb.or([eb('n.user_id', 'is', null), eb('n.user_id', '=', reader.id)]));
  }
  return q.where('n.audience', '=', 'subadmins').where((eb) => eb.or([eb('n.subadmin_id', 'is', null), eb('n.subadmin_id', '=', reader.subadminId)]));
}

function withReadState(db: Kysely<DB>, reader: Reader) {
  return visibleTo(db, reader).leftJoin('notification_reads as r', (join) =>
    join.onRef('r.notification_id', '=', 'n.id').on('r.reader_kind', '=', reader.kind).on('r.reader_id', '=', reader.id),
  );
}

export async function insertNotification(
  db: Kysely<DB>,
  values: {
    audience: 'subadmins' | 'users';
    subadminId: number | null;
    userId?: number;
    title: string;
    message: string;
    now: string;
    kind?: string;
    params?: string;
  },
) {
  const row = await db
    .insertInto('notifications')
    .values({
      audience: values.audience,
      subadmin_id: values.subadminId,
      user_id: values.userId ?? null,
      title: values.title,
      message: values.message,
      kind: values.kind ?? null,
      params: values.params ?? null,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A notice the server wrote, for the reader's language; null for a person's (or an unknown kind). */
function noticeOf(kind: string | null, params: string | null): { kind: NoticeKind; params: NoticeParams } | null {
  if (!isNoticeKind(kind) || !params) return null;
  try {
    const p: unknown = JSON.parse(params);
    return isNoticeParams(p) ? { kind, params: p } : null;
  } catch {
    return null;
  }
}

/** A reader's notifications, newest first, each with whether this reader has read it. */
export async function findInbox(db: Kysely<DB>, reader: Reader, input: Paging) {
  const page = await paginate(withReadState(db, reader), input, (q) =>
    q.select(['n.id', 'n.title', 'n.message', 'n.kind', 'n.params', 'n.created_at', 'r.read_at']).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'),
  );
  return { ...page, items: page.items.map(({ read_at, kind, params, ...n }) => ({ ...n, notice: noticeOf(kind, params), read: read_at != null })) };
}

export async function countUnread(db: Kysely<DB>, reader: Reader) {
  const row = await withReadState(db, reader)
    .where('r.notification_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Ids the reader can see and has not read yet, optionally limited to the given ids. */
export async function findUnreadIds(db: Kysely<DB>, reader: Reader, ids?: number[]) {
  let q = withReadState(db, reader).where('r.notification_id', 'is', null);
  if (ids) q = q.where('n.id', 'in', ids);
  const rows = await q.select('n.id').execute();
  return rows.map((r) => r.id);
}

/** Records reads; a read recorded meanwhile by another request is kept as it was. */
export async function insertReads(db: Kysely<DB>, reader: Reader, ids: number[], now: string) {
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .insertInto('notification_reads')
      .values(ids.slice(i, i + CHUNK).map((id) => ({ notification_id: id, reader_kind: reader.kind, reader_id: reader.id, read_at: now })))
      .onConflict((oc) => oc.columns(['reader_kind', 'reader_id', 'notification_id']).doNothing())
      .execute();
  }
}

const readCount = (readerKind: 'subadmin' | 'user') =>
  sql<number>`(select count(*) from notification_reads as nr where nr.notification_id = n.id and nr.reader_kind = ${readerKind})`;

/** What the admin sent to companies, newest first, with the target company and how many read it. */
export async function findSentToSubadmins(db: Kysely<DB>, input: Paging) {
  const base = db
    .selectFrom('notifications as n')
    .leftJoin('subadmins as s', 's.id', 'n.subadmin_id')
    .where('n.audience', '=', 'subadmins')
    // a notice about one of the company's users is the app's, not the admin's
    .where('n.user_id', 'is', null);
  return paginate(base, input, (q) =>
    q
      .select(['n.id', 'n.title', 'n.message', 'n.created_at', 'n.subadmin_id', 's.company_name', readCount('subadmin').as('read_count')])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc'),
  );
}

/** What one company sent to its users, newest first, with how many read it. */
export function findSentToUsers(db: Kysely<DB>, subadminId: number, input: Paging) {
  // Notices to one user (complaint replies) are not the company's announcements.
  const base = db.selectFrom('notifications as n').where('n.audience', '=', 'users').where('n.subadmin_id', '=', subadminId).where('n.user_id', 'is', null);
  return paginate(base, input, (q) =>
    q
      .select(['n.id', 'n.title', 'n.message', 'n.created_at', readCount('user').as('read_count')])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc'),
  );
}

export async function countLiveCompanies(db: Kysely<DB>) {
  const row = await db
    .selectFrom('subadmins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countLiveUsers(db: Kysely<DB>, subadminId: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Live companies to address a notification to, by company or owner name. */
export function findTargetCompanies(db: Kysely<DB>, search: string | undefined, limit: number) {
  let q = db.selectFrom('subadmins').select(['id', 'company_name', 'name']).where('deleted_at', 'is', null);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) => eb.or([sql<boolean>`lower(company_name) like ${pattern} escape '\\'`, sql<boolean>`lower(name) like ${pattern} escape '\\'`]));
  }
  return q.orderBy('company_name').orderBy('id').limit(limit).execute();
}
