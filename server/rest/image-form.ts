import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { UPLOAD_INCOMPLETE, maxBytesOf, removeUpload, storeUpload, type StoredFile, type UploadKind } from '../services/uploads/uploads.service.js';
import { parseInput } from './legacy.js';
import type { FormSpec } from './route.js';

/**
 * A multipart form of text fields and named files of given kinds (an image and a video for a task), in
 * any order: each file goes through the upload checks as it arrives, the fields through the schema once
 * all are in. Every file already stored is removed when the form is refused or cut off.
 */
export async function readMediaForm<S extends z.ZodType>(
  req: FastifyRequest,
  deps: Deps,
  opts: FormSpec<S, UploadKind>,
): Promise<{ values: z.output<S>; files: Record<string, StoredFile> }> {
  const firstRequired = Object.values(opts.files).find((f) => f.required)?.required;
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', firstRequired ?? 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, StoredFile> = {};
  const largest = Math.max(...Object.values(opts.files).map((f) => maxBytesOf(deps, f.kind)));
  try {
    const limits = { fileSize: largest, files: Object.keys(opts.files).length, fields: 20 };
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        const wanted = opts.files[part.fieldname];
        if (wanted && !files[part.fieldname]) files[part.fieldname] = await storeUpload(deps, part.file, wanted.kind);
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    for (const [name, f] of Object.entries(opts.files)) {
      if (!files[name] && f.required) throw new AppError('BAD_REQUEST', f.required);
    }
    return { values: parseInput(opts.schema, fields), files };
  } catch (err) {
    for (const f of Object.values(files)) await removeUpload(deps, f.name);
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
  }
}
