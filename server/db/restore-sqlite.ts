import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../migrations/index.js';
import { sqliteDriver } from './sqlite-driver.js';
import { sqliteIntegrityProblem } from './sqlite-copy.js';
import { RestoreRefused } from './restore-refused.js';

export interface SqliteRestore {
  kind: 'sqlite';
  file: string;
  /** the last migration the restored database had */
  migration: string;
  /** where the database it replaced was kept, if there was one */
  replaced?: string;
}

type SqliteConnection = InstanceType<ReturnType<typeof sqliteDriver>['Database']>;

function soundnessProblem(file: string): string | undefined {
  try {
    return sqliteIntegrityProblem(file);
  } catch (err) {
    return (err as Error).message;
  }
}

/** The backup's last migration, once it is known sound, of this app, and not newer than this version. */
function checkBackup(file: string): string {
  const problem = soundnessProblem(file);
  if (problem) throw new RestoreRefused(`${file} is not a sound SQLite database (${problem})`);
  const copy = new (sqliteDriver().Database)(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = copy.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
    if (!hasTable) throw new RestoreRefused(`${file} is not a database of this app (it has no kysely_migration table)`);
    const applied = (copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
    const known = new Set(migrations.map((m) => m.name));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new RestoreRefused(`${file} was made by a newer version of the app (it has migration ${unknown.join(', ')}): upgrade the app, then restore`);
    }
    return applied.at(-1) ?? 'none';
  } finally {
    copy.close();
  }
}

const inUse = (file: string) => new RestoreRefused(`the server appears to be running on ${file} (another process has it open): stop the server, then restore`);

/**
 * An exclusive hold on the database being replaced, or a refusal when another process has it open.
 * Leaving WAL mode needs the file to itself, and fails while any other connection has it open, even an
 * idle server's; BEGIN EXCLUSIVE alone would not see an idle server (in WAL mode it only keeps other
 * writers out). Leaving WAL also moves what the -wal file held into the file, so the file kept aside is
 * whole. Held until the new file is in place: a server starting meanwhile fails with "database is
 * locked" rather than open the file being replaced.
 */
function holdUnused(file: string): SqliteConnection {
  const conn = new (sqliteDriver().Database)(file, { fileMustExist: true });
  let mode: unknown;
  try {
    conn.pragma('busy_timeout = 0');
    mode = conn.pragma('journal_mode = DELETE', { simple: true });
    if (mode === 'delete') {
      conn.exec('begin exclusive');
      return conn;
    }
  } catch (err) {
    conn.close();
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw inUse(file);
    if (code === 'SQLITE_NOTADB') throw new RestoreRefused(`${file} is not a SQLite database: move it away, then restore`);
    throw err;
  }
  conn.close();
  throw inUse(file);
}

async function fsyncPath(p: string): Promise<void> {
  const handle = await fs.promises.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts `backupFile` in place of the SQLite database `target`, with the server stopped: the backup is
 * checked first, and the database it replaces is kept beside it as <target>.before-restore-<stamp>.
 * The new file is copied beside the target and renamed over it, so the path always names a whole
 * database; the old -wal and -shm go first, or SQLite would read them as the new file's.
 */
export async function restoreSqlite(backupFile: string, targetFile: string, stamp: string): Promise<SqliteRestore> {
  const migration = checkBackup(backupFile);
  const file = path.resolve(targetFile);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const held = fs.existsSync(file) ? holdUnused(file) : undefined;
  const temp = `${file}.restoring-${process.pid}`;
  try {
    for (const suffix of ['-wal', '-shm', '-journal']) await fs.promises.rm(file + suffix, { force: true });
    await fs.promises.copyFile(backupFile, temp);
    await fsyncPath(temp);
    let replaced: string | undefined;
    if (held) {
      replaced = `${file}.before-restore-${stamp}`;
      // A second name for the old file, so that the rename below replaces it in one step.
      await fs.promises.link(file, replaced).catch(() => fs.promises.copyFile(file, replaced!, fs.constants.COPYFILE_EXCL));
    }
    await fs.promises.rename(temp, file);
    await fsyncPath(path.dirname(file));
    return { kind: 'sqlite', file, migration, replaced };
  } finally {
    held?.close();
    await fs.promises.rm(temp, { force: true });
  }
}
