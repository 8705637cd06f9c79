import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { UPLOAD_INCOMPLETE, maxBytesOf, removeUpload, storeUpload, type StoredFile } from '../services/uploads/uploads.service.js';
import { parseInput } from './legacy.js';

/**
 * A multipart form of text fields and at most one image, in any order: the image goes through the
 * upload checks as it arrives, the fields through the schema once all are in. When the fields are
 * refused, or the form is cut off, the image already stored is removed.
 */
export async function readImageForm<S extends z.ZodType>(
  req: FastifyRequest,
  deps: Deps,
  opts: { schema: S; imageField: string; imageRequired: string | null },
): Promise<{ values: z.output<S>; image: StoredFile | null }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', opts.imageRequired ?? 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let image: StoredFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytesOf(deps, 'image'), files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname === opts.imageField && !image) image = await storeUpload(deps, part.file, 'image');
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (!image && opts.imageRequired) throw new AppError('BAD_REQUEST', opts.imageRequired);
    return { values: parseInput(opts.schema, fields), image };
  } catch (err) {
    await removeUpload(deps, image?.name);
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
  }
}
