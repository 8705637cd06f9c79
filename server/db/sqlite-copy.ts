import { sqliteDriver } from './sqlite-driver.js';

/** What `integrity_check` found wrong with a SQLite file, or undefined when it is sound. */
export function sqliteIntegrityProblem(file: string): string | undefined {
  const copy = new (sqliteDriver().Database)(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    return check === 'ok' ? undefined : String(check);
  } finally {
    copy.close();
  }
}

/**
 * A consistent copy of a live SQLite database in `target` (which must not exist), checked with
 * `integrity_check`. VACUUM INTO reads from one read transaction (WAL lets the server go on writing
 * meanwhile), so it never starts over the way the page-by-page backup API does each time another
 * connection writes.
 */
export function copySqliteDatabase(liveFile: string, target: string): void {
  const live = new (sqliteDriver().Database)(liveFile, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    live.prepare('vacuum into ?').run(target);
  } finally {
    live.close();
  }
  const problem = sqliteIntegrityProblem(target);
  if (problem) throw new Error(`the copy failed its integrity check: ${problem}`);
}
