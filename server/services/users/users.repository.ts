import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, UsersTable, UserType } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';

/** Types that count towards telecaller_creat_limit. */
export const LIMITED_TYPES: UserType[] = ['Telicaller', 'Telicaller-hade'];
export const countsTowardLimit = (t: UserType) => LIMITED_TYPES.includes(t);

const USER_COLUMNS = ['u.id', 'u.name', 'u.email', 'u.mobile', 'u.user_type', 'u.is_blocked', 'u.created_at'] as const;
const RETURNED = ['id', 'name', 'email', 'mobile', 'user_type', 'is_blocked', 'created_at'] as const;

/** A user as the user lists show it. */
export type UserRecord = Pick<Selectable<UsersTable>, (typeof RETURNED)[number]>;
type UserValues = Pick<Selectable<UsersTable>, 'name' | 'email' | 'mobile' | 'user_type'>;

/** `%text%` for LIKE with `!` as the escape character, so a search for "50%" means what it says. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Live users of one company matching a search on name, mobile or email. */
function findUsers(db: Kysely<DB>, subadminId: number, filter: { search?: string; userType?: UserType }) {
  let q = db.selectFrom('users as u').where('u.subadmin_id', '=', subadminId).where('u.deleted_at', 'is', null);
  if (filter.userType) q = q.where('u.user_type', '=', filter.userType);
  const search = filter.search?.trim();
  if (search) {
    const p = containsPattern(search);
    const digits = search.replace(/[\s\-+().]/g, '');
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.name) like ${p} escape '!'`,
        sql<boolean>`lower(u.email) like ${p} escape '!'`,
        sql<boolean>`u.mobile like ${/^\d+$/.test(digits) ? containsPattern(digits.replace(/^(91|0)(?=\d{10}$)/, '')) : p} escape '!'`,
      ]),
    );
  }
  return q;
}

/** Live telecallers + heads of a company. */
export async function countLimitedUsers(db: Kysely<DB>, subadminId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('user_type', 'in', LIMITED_TYPES)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Which of mobile/email already belongs to another live user: a mobile in any company (users sign
 * in by mobile alone), an email in this company only (another company's users are none of its business).
 */
export async function findDuplicate(
  db: Kysely<DB>,
  v: { subadminId: number; mobile: string; email: string; exceptId?: number },
): Promise<'mobile' | 'email' | null> {
  let q = db
    .selectFrom('users')
    .select(['mobile', 'email', 'subadmin_id'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('mobile', '=', v.mobile), eb.and([eb('email', '=', v.email), eb('subadmin_id', '=', v.subadminId)])]));
  if (v.exceptId !== undefined) q = q.where('id', '!=', v.exceptId);
  const rows = await q.limit(2).execute();
  if (rows.some((r) => r.mobile === v.mobile)) return 'mobile';
  if (rows.some((r) => r.email === v.email && r.subadmin_id === v.subadminId)) return 'email';
  return null;
}

export async function findLiveUser(db: Kysely<DB>, subadminId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'mobile', 'user_type', 'is_blocked'])
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** One page of the company's live users matching a search, newest first. */
export function pageOfUsers(
  db: Kysely<DB>,
  subadminId: number,
  input: { page: number; pageSize: number; search?: string; userType?: UserType },
): Promise<Page<UserRecord>> {
  return paginate(findUsers(db, subadminId, input), input, (q) => q.select(USER_COLUMNS).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc'));
}

/** Every live user of the company by name. */
export function allUsers(db: Kysely<DB>, subadminId: number): Promise<UserRecord[]> {
  return findUsers(db, subadminId, {}).select(USER_COLUMNS).orderBy('u.name').orderBy('u.id').execute();
}

/** Live, unblocked users of some types by name. */
export function findActiveUsers(db: Kysely<DB>, subadminId: number, types: UserType[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'user_type'])
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .where('user_type', 'in', types)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function insertUser(db: Kysely<DB>, subadminId: number, values: UserValues & { password_hash: string }): Promise<UserRecord> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({ subadmin_id: subadminId, ...values, is_blocked: 0, created_at: now, updated_at: now, deleted_at: null })
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
}

/** Changes a user of the company; the password hash only when given. */
export function updateUserRow(db: Kysely<DB>, subadminId: number, id: number, values: UserValues & { password_hash?: string }): Promise<UserRecord> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
}

/** Blocks or unblocks a live user of the company; undefined when there is none. */
export function setBlockedRow(db: Kysely<DB>, subadminId: number, id: number, blocked: boolean): Promise<UserRecord | undefined> {
  return db
    .updateTable('users')
    .set({ is_blocked: blocked ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .returning(RETURNED)
    .executeTakeFirst();
}

/** Soft-deletes a live user of the company; its id and type, or undefined when there is none. */
export function softDeleteUser(db: Kysely<DB>, subadminId: number, id: number, now: string) {
  return db
    .updateTable('users')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .returning(['id', 'user_type'])
    .executeTakeFirst();
}
