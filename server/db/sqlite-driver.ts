import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { checkNodeVersion } from '../runtime.js';

const requireHere = createRequire(import.meta.url);

export type SqliteConstructor = typeof BetterSqlite3;

let loaded: { path: string; Database: SqliteConstructor } | undefined;

/**
 * better-sqlite3, loaded on first use. On a Node.js it does not support, loading it is not an error
 * but a crash in native code, so it is never attempted there.
 */
export function sqliteDriver(): { path: string; Database: SqliteConstructor } {
  if (loaded) return loaded;
  const runtime = checkNodeVersion(process.version);
  if (!runtime.ok) throw new Error(runtime.message);
  const path = requireHere.resolve('better-sqlite3');
  loaded = { path, Database: requireHere(path) as SqliteConstructor };
  return loaded;
}
