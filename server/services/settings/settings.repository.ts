import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, IndiamartSettingsTable } from '../../db/schema.js';

/** The company's IndiaMART settings as its screen shows them. */
export function findIndiamartSettings(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('indiamart_settings')
    .select(['api_link', 'mobile_number', 'updated_at', 'last_pull_at', 'last_pull_code', 'last_pull_message'])
    .where('subadmin_id', '=', subadminId)
    .executeTakeFirst();
}

/** The saved link alone, to tell whether a save changes it. */
export function findIndiamartLink(db: Kysely<DB>, subadminId: number) {
  return db.selectFrom('indiamart_settings').select('api_link').where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** The company's one row: inserted as `values`, or updated with `changes` when it is there. */
export async function upsertIndiamartSettings(db: Kysely<DB>, values: Insertable<IndiamartSettingsTable>, changes: Updateable<IndiamartSettingsTable>) {
  await db
    .insertInto('indiamart_settings')
    .values(values)
    .onConflict((oc) => oc.column('subadmin_id').doUpdateSet(changes))
    .execute();
}
