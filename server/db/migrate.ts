import { Migrator, sql, type Kysely, type Migration as KyselyMigration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { migrations as latest, type Dialect, type Migration } from '../../migrations/index.js';
import type { DB } from './schema.js';
import { backupBeforeMigrating } from './pre-migrate-backup.js';

export interface MigrationRun {
  /** the migrations applied, in order */
  applied: string[];
  /** SQLite: the copy of the database made before migrating (pre-migrate-backup.ts), when one was */
  backup?: string;
}

function providerFor(dialect: Dialect, migrations: Migration[]): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(migrations.map((m): [string, KyselyMigration] => [m.name, { up: (db) => m.up(db, { dialect }) }]));
    },
  };
}

async function rollback(conn: Kysely<DB>): Promise<void> {
  // After some failures (a full disk, say) SQLite has rolled back already: nothing is left to undo.
  await sql`rollback`.execute(conn).catch((err: Error) => {
    if (!/no transaction is active/.test(err.message)) throw err;
  });
}

/**
 * Kysely runs SQLite's migrations outside any transaction (its adapter says SQLite has no
 * transactional DDL, which it has), so a failing one would leave those before it applied and its
 * own statements up to the failure. Here the whole run is one transaction on the one connection.
 */
function migrateSqliteInOneTransaction(db: Kysely<DB>, provider: MigrationProvider): Promise<MigrationResultSet> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const outcome = await new Migrator({ db: conn, provider }).migrateToLatest();
      if (outcome.error) await rollback(conn);
      else await sql`commit`.execute(conn);
      return outcome;
    } catch (err) {
      await rollback(conn);
      throw err;
    }
  });
}

/**
 * Applies every migration not yet applied (`migrations`: the app's unless given), all or none: on
 * Postgres Kysely runs them in one transaction, on SQLite migrateSqliteInOneTransaction does, after
 * copying an existing database file (pre-migrate-backup.ts). On Postgres the bookkeeping tables are
 * looked up in the given schema: without it Kysely takes another schema's kysely_migration table for ours.
 */
export async function migrateToLatest(db: Kysely<DB>, dialect: Dialect, pgSchema?: string, opts: { migrations?: Migration[] } = {}): Promise<MigrationRun> {
  const migrations = opts.migrations ?? latest;
  const provider = providerFor(dialect, migrations);
  const backup =
    dialect === 'sqlite'
      ? await backupBeforeMigrating(
          db,
          migrations.map((m) => m.name),
        )
      : undefined;
  const { error, results } =
    dialect === 'sqlite'
      ? await migrateSqliteInOneTransaction(db, provider)
      : await new Migrator({ db, provider, migrationTableSchema: pgSchema }).migrateToLatest();
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const copy = backup ? ` (the copy made before is ${backup})` : '';
    throw new Error(`${failed ? `migration ${failed} failed` : 'migrating failed'}; the database is as it was${copy}: ${cause.message}`, { cause });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName), backup };
}
