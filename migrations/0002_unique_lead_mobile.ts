import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

// A company holds one lead per mobile: the database itself refuses the second, so concurrent
// uploads and pulls cannot both insert it (INSERT ... ON CONFLICT DO NOTHING skips it).
async function up(db: Kysely<any>) {
  await db.schema.dropIndex('leads_mobile').execute();
  await db.schema.createIndex('leads_mobile_unique').on('leads').columns(['subadmin_id', 'mobile']).unique().execute();
}

export const uniqueLeadMobile: Migration = { name: '0002_unique_lead_mobile', up };
