import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A person an inbound call may be put through to now, with the phone it rings: live, unblocked, not on a break; else undefined. */
export async function personToPutThrough(db: Kysely<DB>, subadminId: number, userId: number): Promise<{ id: number; phone: string | null } | undefined> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'mobile', 'call_phone'])
    .where('id', '=', userId)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .where('on_break', '=', 0)
    .executeTakeFirst();
  return u ? { id: u.id, phone: u.call_phone || u.mobile || null } : undefined;
}
