import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Every stored file name a banner, demo, tutorial or task points at (every company's). */
export async function findReferencedUploads(db: Kysely<DB>): Promise<(string | null)[]> {
  const [banners, demos, tutorials, tasks] = await Promise.all([
    db.selectFrom('banners').select('image').execute(),
    db.selectFrom('demos').select('image').execute(),
    db.selectFrom('tutorials').select('image').execute(),
    db.selectFrom('tasks').select(['image_path', 'video_path']).execute(),
  ]);
  return [
    ...banners.map((b) => b.image),
    ...demos.map((d) => d.image),
    ...tutorials.map((t) => t.image),
    ...tasks.flatMap((t) => [t.image_path, t.video_path]),
  ];
}
