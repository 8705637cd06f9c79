import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';

/**
 * A file chosen on the upload page, kept until it is imported (docs/file-import.md): analysed for
 * its columns, then imported from here, so the browser sends it once. Kept in the uploads folder's
 * temporary folder, which the hourly sweep empties of anything an hour old (uploads.service.ts);
 * the company's id is in the name, so another company's id finds nothing.
 */
const TEMP_DIR = '.incoming';
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const STAGED_GONE_MESSAGE = 'This file is no longer here (files wait an hour). Choose it again.';

const pathOf = (deps: Deps, subadminId: number, fileId: string) => path.join(deps.config.uploadsDir, TEMP_DIR, `csv-${subadminId}-${fileId}`);

/** Writes a chosen file's bytes (already limited in size by the caller); its id. */
export async function stageFile(deps: Deps, subadminId: number, source: AsyncIterable<Buffer>): Promise<string> {
  await fs.promises.mkdir(path.join(deps.config.uploadsDir, TEMP_DIR), { recursive: true });
  const id = randomUUID();
  const file = pathOf(deps, subadminId, id);
  try {
    await pipeline(source, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return id;
}

/** The staged file's path, or NOT_FOUND (not this company's, gone, or never there). */
export async function stagedPath(deps: Deps, subadminId: number, fileId: string): Promise<string> {
  if (!FILE_ID.test(fileId)) throw new AppError('NOT_FOUND', STAGED_GONE_MESSAGE);
  const file = pathOf(deps, subadminId, fileId);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new AppError('NOT_FOUND', STAGED_GONE_MESSAGE);
  return file;
}

export async function removeStaged(deps: Deps, subadminId: number, fileId: string): Promise<void> {
  if (FILE_ID.test(fileId)) await fs.promises.rm(pathOf(deps, subadminId, fileId), { force: true });
}
