import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findReferencedUploads } from './uploads.repository.js';

export type UploadKind = 'image' | 'video';

/** What each kind accepts, decided by the file's content: the extension and the browser's mimetype are not asked. */
const ACCEPTED: Record<UploadKind, Record<string, string>> = {
  image: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' },
  video: { 'video/mp4': 'mp4', 'video/webm': 'webm' },
};
const REFUSED_TYPE: Record<UploadKind, string> = {
  image: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  video: 'Only MP4 or WebM videos can be uploaded.',
};

/** The names this server gives stored files: nothing a client chose, nothing that climbs out of the folder. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif|mp4|webm)$/;
const TEMP_DIR = '.incoming';
export const UPLOAD_INCOMPLETE = 'The upload did not complete. Please try again.';

export const maxBytesOf = (deps: Deps, kind: UploadKind) => (kind === 'image' ? deps.config.imageMaxBytes : deps.config.videoMaxBytes);

/** The content types a kind accepts, as the API's documentation lists them. */
export const acceptedTypes = (kind: UploadKind) => Object.keys(ACCEPTED[kind]);

/** A size limit as people read it: "5 MB", "512 kB". */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} kB`;
}

export function tooLargeMessage(kind: UploadKind, maxBytes: number): string {
  return `The ${kind} is larger than ${sizeText(maxBytes)}. Please choose a smaller file.`;
}

export interface StoredFile {
  /** the generated file name under UPLOADS_DIR */
  name: string;
  mime: string;
  size: number;
}

/** A multipart file stream as @fastify/multipart hands it over: busboy marks it truncated at the size limit. */
type IncomingFile = NodeJS.ReadableStream & { truncated?: boolean };

/** The file's bytes up to the kind's limit: busboy's own limit is the request's, which may carry a larger kind. */
async function* withinLimit(file: IncomingFile, maxBytes: number, message: string): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of file) {
    seen += (chunk as Buffer).length;
    if (file.truncated || seen > maxBytes) throw new AppError('BAD_REQUEST', message);
    yield chunk as Buffer;
  }
  if (file.truncated) throw new AppError('BAD_REQUEST', message);
}

const isSizeError = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams an upload to a temporary file, decides its type from its first bytes, and keeps it under a
 * generated name; anything refused or broken off leaves nothing behind.
 */
export async function storeUpload(deps: Deps, file: IncomingFile, kind: UploadKind): Promise<StoredFile> {
  const dir = deps.config.uploadsDir;
  const tempDir = path.join(dir, TEMP_DIR);
  await fs.promises.mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, randomUUID());
  const maxBytes = maxBytesOf(deps, kind);
  const tooLarge = tooLargeMessage(kind, maxBytes);
  // Opened before any byte arrives, and closed before a failure removes it: a stream that opened its
  // file lazily could create it again after the removal.
  const handle = await fs.promises.open(temp, 'wx');
  const out = handle.createWriteStream();
  try {
    await pipeline(withinLimit(file, maxBytes, tooLarge), out);
    const size = (await fs.promises.stat(temp)).size;
    if (size === 0) throw new AppError('BAD_REQUEST', `The ${kind} is empty.`);
    // A file whose header promises more than it holds (a truncated TIFF) makes the reader throw: it is
    // still a file of a type we cannot take, not a broken upload.
    const type = await fileTypeFromFile(temp).catch(() => undefined);
    const ext = type ? ACCEPTED[kind][type.mime] : undefined;
    if (!type || !ext) throw new AppError('BAD_REQUEST', REFUSED_TYPE[kind]);
    const name = `${randomUUID()}.${ext}`;
    await fs.promises.rename(temp, path.join(dir, name));
    return { name, mime: type.mime, size };
  } catch (err) {
    // Not events.once: it rejects on the 'error' the destroyed stream emits before 'close'.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fs.promises.rm(temp, { force: true });
    if (isSizeError(err)) throw new AppError('BAD_REQUEST', tooLarge);
    if (err instanceof AppError) throw err;
    // The client went away, or the multipart body broke off.
    throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
  }
}

/** Removes a stored file (its record was deleted or replaced); a name this server did not give is ignored. */
export async function removeUpload(deps: Deps, name: string | null | undefined): Promise<void> {
  if (!name || !STORED_NAME.test(name)) return;
  await fs.promises.rm(path.join(deps.config.uploadsDir, name), { force: true });
}

/** The stored names the database still points at. */
async function referencedNames(deps: Deps): Promise<Set<string>> {
  const names = await findReferencedUploads(deps.db);
  return new Set(names.filter((n): n is string => !!n).map((n) => path.basename(n)));
}

/**
 * How old a half-written upload or a stored file no record points at must be before a sweep removes
 * it: on a volume shared by several instances, a younger one may be another instance's upload in
 * progress (written, its record not yet committed).
 */
export const STALE_UPLOAD_MS = 60 * 60_000;

async function olderThan(file: string, ms: number, now: number): Promise<boolean> {
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat !== null && now - stat.mtimeMs >= ms;
}

/**
 * At start-up and every hour: half-written uploads (a crash mid-request) and stored files no record
 * points at any more (a crash between the delete and the unlink, or between storing a file and its
 * record) are removed once STALE_UPLOAD_MS old. Files this server did not name are left alone.
 */
export async function sweepUploads(deps: Deps, now = Date.now()): Promise<{ removed: number }> {
  const dir = deps.config.uploadsDir;
  let removed = 0;
  const temp = path.join(dir, TEMP_DIR);
  for (const entry of await fs.promises.readdir(temp).catch(() => [] as string[])) {
    if (!(await olderThan(path.join(temp, entry), STALE_UPLOAD_MS, now))) continue;
    await fs.promises.rm(path.join(temp, entry), { force: true, recursive: true });
    removed++;
  }
  const stored = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((entry) => STORED_NAME.test(entry));
  // The records are read only when there are files to check them against (not on a new install).
  const kept = stored.length ? await referencedNames(deps) : new Set<string>();
  for (const entry of stored) {
    if (kept.has(entry) || !(await olderThan(path.join(dir, entry), STALE_UPLOAD_MS, now))) continue;
    await fs.promises.rm(path.join(dir, entry), { force: true });
    removed++;
  }
  return { removed };
}

/** Where the browser finds a stored file. */
export const uploadUrl = (name: string) => `/uploads/${name}`;
