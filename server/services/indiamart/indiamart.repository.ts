import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The company's saved link and what its last pull left. */
export function findPullSettings(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('indiamart_settings')
    .select(['api_link', 'last_pull_at', 'last_pull_code', 'last_pull_message', 'last_window_end'])
    .where('subadmin_id', '=', subadminId)
    .executeTakeFirst();
}

/** The company's last IndiaMART pulls (upload batches), newest first. */
export function recentPulls(db: Kysely<DB>, subadminId: number, limit: number) {
  return db
    .selectFrom('upload_batches')
    .select(['id', 'created_at', 'inserted', 'duplicates', 'invalid', 'report'])
    .where('subadmin_id', '=', subadminId)
    .where('source', '=', 'indiamart')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Claims the company's next pull with a conditional update: true when this link's last pull is
 * older than the cutoff (or there was none), and it is now marked as pulled at `now`.
 */
export async function claimPull(db: Kysely<DB>, subadminId: number, apiLink: string, cutoff: string, now: string): Promise<boolean> {
  const claim = await db
    .updateTable('indiamart_settings')
    .set({ last_pull_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('api_link', '=', apiLink)
    .where((eb) => eb.or([eb('last_pull_at', 'is', null), eb('last_pull_at', '<=', cutoff)]))
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) > 0;
}

/** Records a pull's answer on the settings of the link it used (and the window's end after a success). */
export async function recordPullAnswer(
  db: Kysely<DB>,
  subadminId: number,
  apiLink: string,
  answer: { last_pull_code: string; last_pull_message: string; last_window_end?: string },
): Promise<void> {
  await db.updateTable('indiamart_settings').set(answer).where('subadmin_id', '=', subadminId).where('api_link', '=', apiLink).execute();
}

/** Records a pull that failed on our side, whatever the link. */
export async function recordPullError(db: Kysely<DB>, subadminId: number, code: string, message: string): Promise<void> {
  await db.updateTable('indiamart_settings').set({ last_pull_code: code, last_pull_message: message }).where('subadmin_id', '=', subadminId).execute();
}

/** Live, unblocked companies with a saved link whose last pull is older than the cutoff, with what decides their lock. */
export function findPullableCompanies(db: Kysely<DB>, cutoff: string) {
  return db
    .selectFrom('indiamart_settings as s')
    .innerJoin('subadmins as c', 'c.id', 's.subadmin_id')
    .select(['s.subadmin_id', 'c.is_blocked', 'c.expiry_date', 'c.time_zone', 'c.deleted_at'])
    .where('s.api_link', '<>', '')
    .where('c.deleted_at', 'is', null)
    .where('c.is_blocked', '=', 0)
    .where((eb) => eb.or([eb('s.last_pull_at', 'is', null), eb('s.last_pull_at', '<=', cutoff)]))
    .orderBy('s.last_pull_at')
    .orderBy('s.subadmin_id')
    .execute();
}
