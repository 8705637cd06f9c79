import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';

export interface Banner {
  id: number;
  /** where the browser loads it */
  image: string;
  created_at: string;
}

export const BANNER_MESSAGES = {
  missing: 'Please select an image to upload',
  uploaded: 'Banner uploaded successfully',
  deleted: 'Banner deleted successfully',
} as const;

const toBanner = (b: { id: number; image: string; created_at: string }): Banner => ({ id: b.id, image: uploadUrl(b.image), created_at: b.created_at });

/** The company's banners, newest first: its dashboards' carousel. */
export async function listBanners(deps: Deps, subadminId: number): Promise<Banner[]> {
  const rows = await deps.db
    .selectFrom('banners')
    .select(['id', 'image', 'created_at'])
    .where('subadmin_id', '=', subadminId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toBanner);
}

/** A banner for an image already stored (and checked) by the upload mechanism. */
export async function addBanner(deps: Deps, subadminId: number, file: StoredFile): Promise<Banner> {
  try {
    const row = await deps.db
      .insertInto('banners')
      .values({ subadmin_id: subadminId, image: file.name, created_at: nowIso() })
      .returning(['id', 'image', 'created_at'])
      .executeTakeFirstOrThrow();
    return toBanner(row);
  } catch (err) {
    await removeUpload(deps, file.name);
    throw err;
  }
}

/** Deletes the banner and then its file. */
export async function deleteBanner(deps: Deps, subadminId: number, id: number): Promise<{ id: number }> {
  const row = await deps.db.deleteFrom('banners').where('id', '=', id).where('subadmin_id', '=', subadminId).returning(['id', 'image']).executeTakeFirst();
  if (!row) throw notFound('Banner');
  await removeUpload(deps, row.image);
  return { id: row.id };
}
