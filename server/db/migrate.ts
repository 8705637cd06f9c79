import { Migrator, type Kysely, type Migration as KyselyMigration, type MigrationProvider } from 'kysely';
import { migrations, type Dialect } from '../../migrations/index.js';
import type { DB } from './schema.js';

function providerFor(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(migrations.map((m): [string, KyselyMigration] => [m.name, { up: (db) => m.up(db, { dialect }) }]));
    },
  };
}

/**
 * Applies every migration not yet applied. On Postgres the bookkeeping tables are looked up in the
 * given schema: without it Kysely takes another schema's kysely_migration table for ours.
 */
export async function migrateToLatest(db: Kysely<DB>, dialect: Dialect, pgSchema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: providerFor(dialect), migrationTableSchema: pgSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
