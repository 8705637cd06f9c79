import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * Known browsers become one random token per browser and account, kept hashed (known_devices) and
 * tied to the password they were earned with, instead of one HMAC per account the same in every
 * browser; the key that made those goes. A user's email is unique within its company only: the
 * mobile, which users sign in with, stays unique across companies.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const table = db.schema.createTable('known_devices');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('principal_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('principal_id', 'integer', (c) => c.notNull())
    // a digest of the password hash it was earned with: a new password leaves it unknown
    .addColumn('password_mark', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('known_devices_principal').on('known_devices').columns(['principal_kind', 'principal_id']).execute();
  await db.schema.createIndex('known_devices_expires').on('known_devices').column('expires_at').execute();
  await db.deleteFrom('app_secrets').where('name', '=', 'known_device_key').execute();

  await db.schema.dropIndex('users_email_live').execute();
  await db.schema
    .createIndex('users_email_company_live')
    .on('users')
    .columns(['subadmin_id', 'email'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export const knownDevicesCompanyEmails: Migration = { name: '0018_known_devices_company_emails', up };
