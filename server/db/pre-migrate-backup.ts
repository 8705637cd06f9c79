import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import { copySqliteDatabase } from './sqlite-copy.js';

/** How many copies made before migrating stay beside the database: the newest. */
export const PRE_MIGRATE_BACKUPS_KEPT = 3;
const PRE_MIGRATE_NAME = /^pre-migrate-.+\.db$/;

/** A time as a file name may hold it, sorting as the times do: 2026-11-28T16-30-00-123Z. */
export const fileStamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** The file a SQLite connection has open, or undefined for a database in memory. */
async function sqliteFileOf(db: Kysely<DB>): Promise<string | undefined> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file || undefined;
}

/**
 * Before migrations change an existing SQLite database, a copy of it in a `backups` folder beside
 * the file, named after the time and the last migration it had
 * (pre-migrate-2026-11-28T16-30-00-123Z-0025_capture_keys.db); older copies beyond the newest
 * PRE_MIGRATE_BACKUPS_KEPT are removed. No copy for a database in memory, a new one (no tables
 * yet), or one with nothing pending. Returns the copy's path.
 */
export async function backupBeforeMigrating(db: Kysely<DB>, migrationNames: string[], now = new Date()): Promise<string | undefined> {
  const file = await sqliteFileOf(db);
  if (!file) return undefined;
  const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map(
    (r) => r.name,
  );
  if (!tables.length) return undefined;
  const applied = tables.includes('kysely_migration')
    ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name)
    : [];
  if (migrationNames.every((name) => applied.includes(name))) return undefined;

  const dir = path.join(path.dirname(file), 'backups');
  const target = path.join(dir, `pre-migrate-${fileStamp(now)}-${applied.at(-1) ?? 'none'}.db`);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    copySqliteDatabase(file, target);
  } catch (err) {
    await fs.promises.rm(target, { force: true });
    throw new Error(`could not copy the database to ${target} before migrating, so nothing was migrated: ${(err as Error).message}`, { cause: err });
  }
  const copies = (await fs.promises.readdir(dir)).filter((name) => PRE_MIGRATE_NAME.test(name)).sort();
  for (const old of copies.slice(0, -PRE_MIGRATE_BACKUPS_KEPT)) await fs.promises.rm(path.join(dir, old), { force: true });
  return target;
}
