import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

// Secrets the server makes for itself on first start (such as the key that signs known-device
// cookies), so that no environment variable is needed and every instance on one database agrees.
async function up(db: Kysely<any>) {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export const appSecrets: Migration = { name: '0005_app_secrets', up };
