import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A notice for one user of a company (the reply to its complaint) besides the company-wide ones:
 * users.notifications rows with user_id set are seen by that user only.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('notifications')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['subadmin_id', 'user_id']).where(sql.ref('user_id'), 'is not', null).execute();
  // A company's complaints from its users, by status, for the sub-admin's lists.
  await db.schema.createIndex('complaints_from_users').on('complaints').columns(['subadmin_id', 'from_kind', 'status', 'user_id']).execute();
}

export const userNotices: Migration = { name: '0011_user_notices', up };
