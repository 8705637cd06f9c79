import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';
import { deleteBannerRow, findBanners, insertBanner, type BannerRow } from './banners.repository.js';

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

const toBanner = (b: BannerRow): Banner => ({ id: b.id, image: uploadUrl(b.image), created_at: b.created_at });

/** The company's banners, newest first: its dashboards' carousel. */
export async function listBanners(deps: Deps, subadminId: number): Promise<Banner[]> {
  const rows = await findBanners(deps.db, subadminId);
  return rows.map(toBanner);
}

/** A banner for an image already stored (and checked) by the upload mechanism. */
export async function addBanner(deps: Deps, subadminId: number, file: StoredFile): Promise<Banner> {
  try {
    const row = await insertBanner(deps.db, subadminId, file.name);
    return toBanner(row);
  } catch (err) {
    await removeUpload(deps, file.name);
    throw err;
  }
}

/** Deletes the banner and then its file. */
export async function deleteBanner(deps: Deps, subadminId: number, id: number): Promise<{ id: number }> {
  const row = await deleteBannerRow(deps.db, subadminId, id);
  if (!row) throw notFound('Banner');
  await removeUpload(deps, row.image);
  return { id: row.id };
}
