import fs from 'node:fs';
import path from 'node:path';
import { STORED_NAME } from '../services/uploads/uploads.service.js';

export interface UploadsRestore {
  dir: string;
  /** the backup's files: those copied in, and those the folder had already */
  copied: number;
  kept: number;
  /** files of the folder the backup does not have, moved into `asideDir` */
  movedAside: number;
  asideDir?: string;
}

async function storedFiles(dir: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && STORED_NAME.test(entry.name)) files.set(entry.name, (await fs.promises.stat(path.join(dir, entry.name))).size);
  }
  return files;
}

/** A stored file in place whole or not at all: a second name where the disk allows, else a copy renamed into place. */
async function place(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch {
    const temp = `${to}.restoring`;
    await fs.promises.copyFile(from, temp);
    await fs.promises.rename(temp, to);
  }
}

/**
 * Makes the stored files of `uploadsDir` those of the backup's uploads folder. A stored file's name
 * is random and its content never changes, so one the folder has already (same name, same size) is
 * left as it is. The folder's stored files the backup does not have are moved, not deleted, into
 * before-restore-<stamp> inside the folder: on the same disk (the folder may be a volume of its own),
 * and neither served nor swept by the server, which only looks at stored names at the top.
 */
export async function restoreUploads(backupUploads: string, uploadsDir: string, stamp: string): Promise<UploadsRestore> {
  await fs.promises.mkdir(uploadsDir, { recursive: true });
  const wanted = await storedFiles(backupUploads);
  const present = await storedFiles(uploadsDir);
  const asideDir = path.join(uploadsDir, `before-restore-${stamp}`);
  let movedAside = 0;
  for (const [name, size] of present) {
    if (wanted.get(name) === size) continue;
    if (!movedAside) await fs.promises.mkdir(asideDir);
    await fs.promises.rename(path.join(uploadsDir, name), path.join(asideDir, name));
    present.delete(name);
    movedAside++;
  }
  let copied = 0;
  for (const name of wanted.keys()) {
    if (present.has(name)) continue;
    await place(path.join(backupUploads, name), path.join(uploadsDir, name));
    copied++;
  }
  return { dir: path.resolve(uploadsDir), copied, kept: wanted.size - copied, movedAside, asideDir: movedAside ? path.resolve(asideDir) : undefined };
}
