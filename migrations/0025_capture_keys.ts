import type { Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/*
 * A company's lead capture keys (docs/lead-capture.md): an API key a CRM or a server sends leads
 * with, or a website form's key, which only the form endpoint takes. Only the secret's SHA-256 is
 * kept; its first characters are kept apart so that a list can tell the keys apart.
 */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const table = db.schema.createTable('api_keys');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('thank_you_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_company').on('api_keys').columns(['subadmin_id', 'created_at']).execute();
}

export const captureKeys: Migration = { name: '0025_capture_keys', up };
