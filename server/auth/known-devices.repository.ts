import type { Insertable, Kysely } from 'kysely';
import type { DB, KnownDevicesTable, PrincipalKind } from '../db/schema.js';

/** The known browsers of one account among some token hashes. */
export function findKnownDevices(db: Kysely<DB>, tokenHashes: string[], account: { kind: PrincipalKind; id: number }) {
  return db
    .selectFrom('known_devices')
    .select(['id', 'token_hash', 'password_mark', 'expires_at'])
    .where('token_hash', 'in', tokenHashes)
    .where('principal_kind', '=', account.kind)
    .where('principal_id', '=', account.id)
    .execute();
}

export async function deleteKnownDevices(db: Kysely<DB>, ids: number[]): Promise<void> {
  await db.deleteFrom('known_devices').where('id', 'in', ids).execute();
}

export async function extendKnownDevice(db: Kysely<DB>, id: number, expiresAt: number): Promise<void> {
  await db.updateTable('known_devices').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function insertKnownDevice(db: Kysely<DB>, values: Insertable<KnownDevicesTable>): Promise<void> {
  await db.insertInto('known_devices').values(values).execute();
}

/** Forgets the browsers whose time ran out by `now` (ms). */
export async function deleteExpiredKnownDevices(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('known_devices').where('expires_at', '<=', now).execute();
}
