import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * The language a user reads the telecaller area in, chosen in its account menu and kept with the
 * user so that every phone it signs in on shows the same: English (the default) or Hindi.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'hi')`))
    .execute();
}

export const userLanguage: Migration = { name: '0016_user_language', up };
