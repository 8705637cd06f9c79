import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function findSecret(db: Kysely<DB>, name: string) {
  return db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
}

/** Stores a secret unless another instance stored one first (its value wins: read it back). */
export async function insertSecretOnce(db: Kysely<DB>, name: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('app_secrets')
    .values({ name, value, created_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * One endpoint is one browser: signing in there as someone else moves its subscription to them. With
 * `keep`, the user's subscriptions beyond the newest `keep` are dropped, the oldest first.
 */
export async function upsertSubscription(
  db: Kysely<DB>,
  s: { subadminId: number; userId: number; endpoint: string; p256dh: string; auth: string; at: string; keep?: number },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ subadmin_id: s.subadminId, user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: s.at })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ subadmin_id: s.subadminId, user_id: s.userId, p256dh: s.p256dh, auth: s.auth, created_at: s.at, last_ok_at: null }),
    )
    .execute();
  if (s.keep === undefined) return;
  const newest = db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('subadmin_id', '=', s.subadminId)
    .where('user_id', '=', s.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(s.keep);
  await db.deleteFrom('push_subscriptions').where('subadmin_id', '=', s.subadminId).where('user_id', '=', s.userId).where('id', 'not in', newest).execute();
}

export async function deleteSubscription(db: Kysely<DB>, subadminId: number, userId: number, endpoint: string): Promise<number> {
  const r = await db
    .deleteFrom('push_subscriptions')
    .where('subadmin_id', '=', subadminId)
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A user's subscriptions, with the language their alerts are worded in; none while the user has no
 * session of their own that is still open (signed out everywhere, or gone idle): a phone left signed
 * out does not go on ringing. `idleSince` is the last use a live session may have had.
 */
export function subscriptionsOf(db: Kysely<DB>, subadminId: number, userId: number, now: string, idleSince: string) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth', 'u.language'])
    .where('p.subadmin_id', '=', subadminId)
    .where('p.user_id', '=', userId)
    .where('u.subadmin_id', '=', subadminId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions as s')
          .select('s.id')
          .where('s.principal_kind', '=', 'user')
          .whereRef('s.principal_id', '=', 'p.user_id')
          .where('s.impersonated_by', 'is', null)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .where('s.last_seen_at', '>', idleSince),
      ),
    )
    .execute();
}

export async function deleteSubscriptionById(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markSubscriptionOk(db: Kysely<DB>, id: number, at: string): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_ok_at: at }).where('id', '=', id).execute();
}

/** Of these users, the ones with a push subscription (a burst of alerts asks once, not once each). */
export async function usersWithSubscriptions(db: Kysely<DB>, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
