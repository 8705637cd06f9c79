import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import type { MediaInput, MediaKind } from '../../../shared/schemas/media.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';

const TABLE = { demo: 'demos', tutorial: 'tutorials' } as const;

export interface MediaItem {
  id: number;
  name: string;
  discreption: string;
  link: string;
  /** where the browser loads the image */
  image: string;
  created_at: string;
}

const toItem = (r: { id: number; name: string; discreption: string; link: string; image: string; created_at: string }): MediaItem => ({
  ...r,
  image: uploadUrl(r.image),
});

const COLUMNS = ['id', 'name', 'discreption', 'link', 'image', 'created_at'] as const;

/** The company's demos or tutorials, newest first. */
export async function listMedia(deps: Deps, kind: MediaKind, subadminId: number): Promise<MediaItem[]> {
  const rows = await deps.db
    .selectFrom(TABLE[kind])
    .select([...COLUMNS])
    .where('subadmin_id', '=', subadminId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map(toItem);
}

/** A new demo or tutorial with an image already stored and checked; the file goes if the row cannot be written. */
export async function createMedia(deps: Deps, kind: MediaKind, subadminId: number, input: MediaInput, image: StoredFile): Promise<MediaItem> {
  const now = nowIso();
  try {
    const row = await deps.db
      .insertInto(TABLE[kind])
      .values({
        subadmin_id: subadminId,
        name: input.name,
        discreption: input.discreption,
        link: input.link,
        image: image.name,
        created_at: now,
        updated_at: now,
      })
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
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
  const table = TABLE[kind];
  const before = await deps.db.selectFrom(table).select('image').where('id', '=', input.id).where('subadmin_id', '=', subadminId).executeTakeFirst();
  if (!before) {
    await removeUpload(deps, image?.name);
    throw notFound(kind === 'demo' ? 'Demo' : 'Tutorial');
  }
  const row = await deps.db
    .updateTable(table)
    .set({ name: input.name, discreption: input.discreption, link: input.link, ...(image ? { image: image.name } : {}), updated_at: nowIso() })
    .where('id', '=', input.id)
    .where('subadmin_id', '=', subadminId)
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow();
  if (image) await removeUpload(deps, before.image);
  return toItem(row);
}

/** Deletes the row, then its image. */
export async function deleteMedia(deps: Deps, kind: MediaKind, subadminId: number, id: number): Promise<{ id: number }> {
  const row = await deps.db.deleteFrom(TABLE[kind]).where('id', '=', id).where('subadmin_id', '=', subadminId).returning(['id', 'image']).executeTakeFirst();
  if (!row) throw notFound(kind === 'demo' ? 'Demo' : 'Tutorial');
  await removeUpload(deps, row.image);
  return { id: row.id };
}
