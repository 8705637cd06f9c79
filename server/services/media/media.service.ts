import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { MediaInput, MediaKind } from '../../../shared/schemas/media.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';
import { deleteMediaRow, findMedia, findMediaImage, insertMedia, updateMediaRow, type MediaRow } from './media.repository.js';

export interface MediaItem {
  id: number;
  name: string;
  discreption: string;
  link: string;
  /** where the browser loads the image */
  image: string;
  created_at: string;
}

const toItem = (r: MediaRow): MediaItem => ({ ...r, image: uploadUrl(r.image) });

/** The company's demos or tutorials, newest first. */
export async function listMedia(deps: Deps, kind: MediaKind, subadminId: number): Promise<MediaItem[]> {
  const rows = await findMedia(deps.db, kind, subadminId);
  return rows.map(toItem);
}

/** A new demo or tutorial with an image already stored and checked; the file goes if the row cannot be written. */
export async function createMedia(deps: Deps, kind: MediaKind, subadminId: number, input: MediaInput, image: StoredFile): Promise<MediaItem> {
  try {
    const row = await insertMedia(deps.db, kind, subadminId, { name: input.name, discreption: input.discreption, link: input.link, image: image.name });
    return toItem(row);
  } catch (err) {
    await removeUpload(deps, image.name);
    throw err;
  }
}

/** Changes a demo or tutorial; a new image replaces the old one, whose file is then removed. */
export async function updateMedia(
  deps: Deps,
  kind: MediaKind,
  subadminId: number,
  input: MediaInput & { id: number },
  image: StoredFile | null,
): Promise<MediaItem> {
  const before = await findMediaImage(deps.db, kind, subadminId, input.id);
  if (!before) {
    await removeUpload(deps, image?.name);
    throw notFound(kind === 'demo' ? 'Demo' : 'Tutorial');
  }
  const row = await updateMediaRow(deps.db, kind, subadminId, input.id, {
    name: input.name,
    discreption: input.discreption,
    link: input.link,
    ...(image ? { image: image.name } : {}),
  });
  if (image) await removeUpload(deps, before.image);
  return toItem(row);
}

/** Deletes the row, then its image. */
export async function deleteMedia(deps: Deps, kind: MediaKind, subadminId: number, id: number): Promise<{ id: number }> {
  const row = await deleteMediaRow(deps.db, kind, subadminId, id);
  if (!row) throw notFound(kind === 'demo' ? 'Demo' : 'Tutorial');
  await removeUpload(deps, row.image);
  return { id: row.id };
}
