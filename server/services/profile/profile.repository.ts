import type { Kysely, Updateable } from 'kysely';
import type { DB, Subadmin, SubadminsTable } from '../../db/schema.js';

const PROFILE_COLUMNS = [
  'id',
  'name',
  'email',
  'mobile',
  'company_name',
  'gst',
  'company_bio',
  'address',
  'expiry_date',
  'telecaller_creat_limit',
  'time_zone',
] as const;

/** What the sub-admin's profile shows of its company's row. */
export type ProfileRow = Pick<Subadmin, (typeof PROFILE_COLUMNS)[number]>;

/** The live company's profile. */
export function findProfile(db: Kysely<DB>, subadminId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('subadmins').select(PROFILE_COLUMNS).where('id', '=', subadminId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Changes the live company's profile; the profile as it now is, or undefined when there is no such company. */
export function updateProfileRow(db: Kysely<DB>, subadminId: number, values: Updateable<SubadminsTable>): Promise<ProfileRow | undefined> {
  return db.updateTable('subadmins').set(values).where('id', '=', subadminId).where('deleted_at', 'is', null).returning(PROFILE_COLUMNS).executeTakeFirst();
}
