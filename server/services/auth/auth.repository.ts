import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';
import type { Language } from '../../../shared/schemas/language.js';

export function findAdminByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A live user by its sign-in mobile (unique across companies), with what decides whether its company is locked. */
export function findUserForSignIn(db: Kysely<DB>, mobile: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('subadmins as c', 'c.id', 'u.subadmin_id')
    .select([
      'u.id',
      'u.name',
      'u.user_type',
      'u.password_hash',
      'u.is_blocked',
      'u.subadmin_id',
      'c.is_blocked as company_blocked',
      'c.expiry_date',
      'c.deleted_at as company_deleted',
    ])
    .where('u.mobile', '=', mobile)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findAdminProfile(db: Kysely<DB>, id: number) {
  return db.selectFrom('admins').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A user with its company's name, zone and export rule, and the sub-admin behind a login-as session if any. */
export async function findUserProfile(db: Kysely<DB>, subadminId: number, userId: number, impersonatedBy: number | null) {
  const [row] = await userProfile(db, subadminId, userId, impersonatedBy ?? -1);
  // The session read just found the user live: missing now, it was removed in between.
  if (!row) throw new Error(`user ${userId} of company ${subadminId} not found`);
  return row;
}

/** Asked on every page load (auth.me): compiled once (compiled-once.ts). -1 names no sub-admin. */
const userProfile = compiledOnce((db: Kysely<DB>, subadminId: number, userId: number, impersonatedBy: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('subadmins as c', 'c.id', 'u.subadmin_id')
    .leftJoin('subadmins as imp', (j) => j.on('imp.id', '=', impersonatedBy))
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.mobile',
      'u.user_type',
      'u.language',
      'c.company_name',
      'c.time_zone',
      'c.caller_exports_allowed',
      'imp.id as imp_id',
      'imp.name as imp_name',
    ])
    .where('u.id', '=', userId)
    .where('u.subadmin_id', '=', subadminId),
);
export async function setUserLanguage(db: Kysely<DB>, subadminId: number, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).where('subadmin_id', '=', subadminId).execute();
}
