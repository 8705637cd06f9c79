import type { Kysely, Selectable } from 'kysely';
import type { BannersTable, DB } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';

export type BannerRow = Pick<Selectable<BannersTable>, 'id' | 'image' | 'created_at'>;

/** The company's last 50 banners, newest first. */
export function findBanners(db: Kysely<DB>, subadminId: number): Promise<BannerRow[]> {
  return db.selectFrom('banners').select(['id', 'image', 'created_at']).where('subadmin_id', '=', subadminId).orderBy('id', 'desc').limit(50).execute();
}

export function insertBanner(db: Kysely<DB>, subadminId: number, image: string): Promise<BannerRow> {
  return db
    .insertInto('banners')
    .values({ subadmin_id: subadminId, image, created_at: nowIso() })
    .returning(['id', 'image', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Deletes the banner; its id and image, or undefined when the company has no such banner. */
export function deleteBannerRow(db: Kysely<DB>, subadminId: number, id: number) {
  return db.deleteFrom('banners').where('id', '=', id).where('subadmin_id', '=', subadminId).returning(['id', 'image']).executeTakeFirst();
}
