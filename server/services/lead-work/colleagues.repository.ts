import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function namesOf(db: Kysely<DB>, subadminId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('subadmin_id', '=', subadminId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The company's live, unblocked telecaller heads, by name. */
export function liveHeads(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('subadmin_id', '=', subadminId)
    .where('user_type', '=', 'Telicaller-hade')
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One of the company's users, live or not, with what decides whether it can take a lead. */
export function findColleague(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('users').select(['user_type', 'deleted_at', 'is_blocked']).where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}
