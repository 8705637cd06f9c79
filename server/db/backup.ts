import fs from 'node:fs';
import path from 'node:path';
import { sqliteDriver } from './sqlite-driver.js';
import { sqliteFileFromUrl } from './database.js';
import { copySqliteDatabase } from './sqlite-copy.js';
import { runPgTool } from './pg-tools.js';
import { STORED_NAME } from '../services/uploads/uploads.service.js';

export interface BackupResult {
  dir: string;
  /** app.db (SQLite) or database.dump (Postgres, pg_dump's custom format) */
  databaseFile: string;
  databaseBytes: number;
  files: number;
}

/** The stored file names the records point at (banners, demos, tutorials, task media). */
const REFERENCED_SQL = `
  select image as name from banners union select image from demos union select image from tutorials
  union select image_path from tasks union select video_path from tasks`;

/** Copies a stored file by a hard link where it can (stored files never change), else by copying. */
async function keep(from: string, to: string): Promise<boolean> {
  try {
    await fs.promises.link(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') return true;
    await fs.promises.copyFile(from, to);
    return true;
  }
}

/**
 * A consistent copy of a live database and of its uploaded files in `dir`, while the server runs.
 * The files are kept first (hard links: a file deleted afterwards stays in the copy), then the
 * database: SQLite's VACUUM INTO (sqlite-copy.ts), or pg_dump's single-transaction snapshot. Files stored between
 * the two steps that the copied records point at are kept last.
 */
export async function backup(opts: { databaseUrl: string; uploadsDir: string; dir: string; pgSchema?: string }): Promise<BackupResult> {
  const uploadsCopy = path.join(opts.dir, 'uploads');
  await fs.promises.mkdir(uploadsCopy, { recursive: true });
  const stored = async () => (await fs.promises.readdir(opts.uploadsDir).catch(() => [] as string[])).filter((n) => STORED_NAME.test(n));
  for (const name of await stored()) await keep(path.join(opts.uploadsDir, name), path.join(uploadsCopy, name));

  let databaseFile: string;
  let referenced: string[];
  if (opts.databaseUrl.startsWith('sqlite:')) {
    databaseFile = path.join(opts.dir, 'app.db');
    copySqliteDatabase(sqliteFileFromUrl(opts.databaseUrl), databaseFile);
    const copy = new (sqliteDriver().Database)(databaseFile, { readonly: true });
    try {
      referenced = (copy.prepare(REFERENCED_SQL).all() as { name: string | null }[]).flatMap((r) => (r.name ? [path.basename(r.name)] : []));
    } finally {
      copy.close();
    }
  } else {
    databaseFile = path.join(opts.dir, 'database.dump');
    const schema = opts.pgSchema ? [`--schema=${opts.pgSchema}`] : [];
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${databaseFile}`, ...schema, opts.databaseUrl]);
    // Records written after the dump began may point at files kept here too; more is harmless
    // (the server removes stored files no record names when it starts).
    referenced = await stored();
  }
  let files = (await fs.promises.readdir(uploadsCopy)).length;
  for (const name of referenced) {
    if (fs.existsSync(path.join(uploadsCopy, name))) continue;
    if (await keep(path.join(opts.uploadsDir, name), path.join(uploadsCopy, name))) files++;
  }
  return { dir: opts.dir, databaseFile, databaseBytes: (await fs.promises.stat(databaseFile)).size, files };
}
