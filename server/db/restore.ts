import fs from 'node:fs';
import path from 'node:path';
import { sqliteFileFromUrl } from './database.js';
import { fileStamp } from './pre-migrate-backup.js';
import { RestoreRefused } from './restore-refused.js';
import { restoreSqlite, type SqliteRestore } from './restore-sqlite.js';
import { restorePostgres, type PostgresRestore } from './restore-postgres.js';
import { restoreUploads, type UploadsRestore } from './restore-uploads.js';

export { RestoreRefused };

export interface RestoreResult {
  database: SqliteRestore | PostgresRestore;
  uploads: UploadsRestore;
}

interface BackupFolder {
  kind: 'sqlite' | 'postgres';
  databaseFile: string;
  uploadsDir: string;
}

const sameFile = (a: string, b: string) => fs.existsSync(b) && fs.realpathSync(a) === fs.realpathSync(b);
const isDirectory = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** The parts of a folder `npm run backup` made (backup.ts), or a refusal saying what it lacks. */
function readBackupFolder(dir: string): BackupFolder {
  if (!fs.existsSync(dir)) throw new RestoreRefused(`${dir} does not exist: give the folder \`npm run backup\` made`);
  if (!isDirectory(dir)) throw new RestoreRefused(`${dir} is not a folder: give the folder \`npm run backup\` made, not a file in it`);
  const sqliteFile = path.join(dir, 'app.db');
  const dumpFile = path.join(dir, 'database.dump');
  const has = { sqlite: fs.existsSync(sqliteFile), postgres: fs.existsSync(dumpFile) };
  if (has.sqlite === has.postgres) {
    throw new RestoreRefused(
      has.sqlite
        ? `${dir} holds both app.db and database.dump: keep the one of the database to restore`
        : `${dir} is not a backup made by \`npm run backup\`: it holds neither app.db (SQLite) nor database.dump (Postgres)`,
    );
  }
  const uploadsDir = path.join(dir, 'uploads');
  if (!isDirectory(uploadsDir)) throw new RestoreRefused(`${dir} has no uploads folder: it is not a whole backup made by \`npm run backup\``);
  return has.sqlite ? { kind: 'sqlite', databaseFile: sqliteFile, uploadsDir } : { kind: 'postgres', databaseFile: dumpFile, uploadsDir };
}

/**
 * Puts a backup made by `npm run backup` back into the database DATABASE_URL names and the uploads
 * folder, with the server stopped. Everything that could refuse is checked before anything changes;
 * what is replaced is kept aside (restore-sqlite.ts, restore-uploads.ts), and a Postgres target must
 * be empty (restore-postgres.ts).
 */
export async function restore(opts: { dir: string; databaseUrl: string; uploadsDir: string; now?: Date }): Promise<RestoreResult> {
  const backup = readBackupFolder(path.resolve(opts.dir));
  const target = opts.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  if (backup.kind !== target) {
    const kinds = { sqlite: 'SQLite', postgres: 'Postgres' };
    throw new RestoreRefused(`the backup is of a ${kinds[backup.kind]} database but DATABASE_URL names a ${kinds[target]} one`);
  }
  if (fs.existsSync(opts.uploadsDir) && !isDirectory(opts.uploadsDir)) throw new RestoreRefused(`UPLOADS_DIR ${opts.uploadsDir} is a file, not a folder`);
  const liveDatabase = backup.kind === 'sqlite' ? sqliteFileFromUrl(opts.databaseUrl) : undefined;
  if ((liveDatabase && sameFile(backup.databaseFile, liveDatabase)) || sameFile(backup.uploadsDir, opts.uploadsDir)) {
    throw new RestoreRefused(`${path.resolve(opts.dir)} is where the server keeps its data, not a backup of it`);
  }
  const stamp = fileStamp(opts.now ?? new Date());
  const database =
    backup.kind === 'sqlite'
      ? await restoreSqlite(backup.databaseFile, sqliteFileFromUrl(opts.databaseUrl), stamp)
      : await restorePostgres(backup.databaseFile, opts.databaseUrl);
  const uploads = await restoreUploads(backup.uploadsDir, opts.uploadsDir, stamp);
  return { database, uploads };
}
