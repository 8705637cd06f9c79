import type { Kysely, Selectable } from 'kysely';
import type { DB, MediaTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import type { MediaKind } from '../../../shared/schemas/media.js';

const TABLE = { demo: 'demos', tutorial: 'tutorials' } as const;

const COLUMNS = ['id', 'name', 'discreption', 'link', 'image', 'created_at'] as const;

export type MediaRow = Pick<Selectable<MediaTable>, (typeof COLUMNS)[number]>;
type MediaValues = Pick<Selectable<MediaTable>, 'name' | 'discreption' | 'link'>;

/** The company's demos or tutorials, newest first (the last 500). */
export function findMedia(db: Kysely<DB>, kind: MediaKind, subadminId: number): Promise<MediaRow[]> {
  return db
    .selectFrom(TABLE[kind])
    .select([...COLUMNS])
    .where('subadmin_id', '=', subadminId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function insertMedia(db: Kysely<DB>, kind: MediaKind, subadminId: number, values: MediaValues & { image: string }): Promise<MediaRow> {
  const now = nowIso();
  return db
    .insertInto(TABLE[kind])
    .values({ subadmin_id: subadminId, ...values, created_at: now, updated_at: now })
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow();
}

/** The stored image name of one of the company's demos or tutorials. */
export function findMediaImage(db: Kysely<DB>, kind: MediaKind, subadminId: number, id: number) {
  return db.selectFrom(TABLE[kind]).select('image').where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** Changes the fields, and the image when one is given. */
export function updateMediaRow(db: Kysely<DB>, kind: MediaKind, subadminId: number, id: number, values: MediaValues & { image?: string }): Promise<MediaRow> {
  return db
    .updateTable(TABLE[kind])
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .returning([...COLUMNS])
    .executeTakeFirstOrThrow();
}

/** Deletes the row; its id and image, or undefined when the company has no such row. */
export function deleteMediaRow(db: Kysely<DB>, kind: MediaKind, subadminId: number, id: number) {
  return db.deleteFrom(TABLE[kind]).where('id', '=', id).where('subadmin_id', '=', subadminId).returning(['id', 'image']).executeTakeFirst();
}
