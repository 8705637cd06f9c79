import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DB } from '../../db/schema.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';

export type CaptureKeyRecord = Pick<
  Selectable<ApiKeysTable>,
  'id' | 'kind' | 'name' | 'key_prefix' | 'thank_you_url' | 'created_at' | 'last_used_at' | 'revoked_at'
>;

const LISTED = ['id', 'kind', 'name', 'key_prefix', 'thank_you_url', 'created_at', 'last_used_at', 'revoked_at'] as const;

export function insertCaptureKey(db: Kysely<DB>, values: Insertable<ApiKeysTable>): Promise<CaptureKeyRecord> {
  return db.insertInto('api_keys').values(values).returning(LISTED).executeTakeFirstOrThrow();
}

/** How many of the company's keys are not revoked. */
export async function countActiveKeys(db: Kysely<DB>, subadminId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subadmin_id', '=', subadminId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of the company's keys: the active ones first, newest first. */
export function pageOfCaptureKeys(db: Kysely<DB>, subadminId: number, input: { page: number; pageSize: number }): Promise<Page<CaptureKeyRecord>> {
  const base = db.selectFrom('api_keys').where('subadmin_id', '=', subadminId);
  return paginate(base, input, (q) =>
    q
      .select(LISTED)
      .orderBy((eb) => eb.case().when('revoked_at', 'is', null).then(0).else(1).end())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

/** Revokes one of the company's keys; false when the company has no such key (revoking a revoked one keeps its date). */
export async function revokeCaptureKeyRow(db: Kysely<DB>, subadminId: number, id: number, now: string): Promise<boolean> {
  const key = await db.selectFrom('api_keys').select(['id', 'revoked_at']).where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
  if (!key) return false;
  if (!key.revoked_at) await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('subadmin_id', '=', subadminId).execute();
  return true;
}

/** A key by its secret's hash, with its company's state (blocked, expired, removed). */
export function findKeyByHash(db: Kysely<DB>, keyHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('subadmins as s', 's.id', 'k.subadmin_id')
    .select(['k.id', 'k.subadmin_id', 'k.kind', 'k.thank_you_url', 'k.last_used_at', 'k.revoked_at', 's.is_blocked', 's.expiry_date', 's.deleted_at'])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Records a use, unless one was recorded since `notBefore` (by this request's peers, or another instance). */
export async function touchCaptureKey(db: Kysely<DB>, id: number, now: string, notBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}
