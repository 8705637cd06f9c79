import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { checkNodeVersion } from '../runtime.js';

const requireHere = createRequire(import.meta.url);

export type SqliteConstructor = typeof BetterSqlite3;

let loaded: { path: string; Database: SqliteConstructor } | undefined;

/**
 * The better-sqlite3 build for this runtime, loaded on first use. Loading the wrong one is not an
 * error but a crash in native code, so it is never attempted.
 */
export function sqliteDriver(): { path: string; Database: SqliteConstructor } {
  if (loaded) return loaded;
  const runtime = checkNodeVersion(process.version);
  if (!runtime.ok) throw new Error(runtime.message);
  try {
    const path = requireHere.resolve(runtime.sqlitePackage!);
    loaded = { path, Database: requireHere(path) as SqliteConstructor };
    return loaded;
  } catch (err) {
    throw new Error(
      `The SQLite driver for Node.js ${process.version} (${runtime.sqlitePackage}) is not installed or did not build: ` +
        `run npm install with this Node.js version (${(err as Error).message.split('\n')[0]}).`,
    );
  }
}
