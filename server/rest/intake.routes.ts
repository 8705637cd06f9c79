import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import * as intake from '../services/leads/intake.service.js';
import { UploadTooLargeError } from '../services/leads/csv-import.js';
import { openRefusedRowsExport } from '../services/leads/refused-rows.js';
import { stageFile } from '../services/leads/staged-files.js';
import { UPLOAD_INCOMPLETE } from '../services/uploads/uploads.service.js';
import { BatchIdInput, MISSING_FILE_OR_CATEGORY, UploadCategoryInput } from '../../shared/schemas/intake.js';
import { failure, parseInput, requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';

// Boundaries, part headers and the category field around the file: a request longer than the
// limit by more than this cannot hold a file within it.
const MULTIPART_OVERHEAD = 64 * 1024;

/** A file name as the history shows it: no path, no control characters. */
function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  return (
    base
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it takes out
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255) || 'upload.csv'
  );
}

/**
 * The file's bytes, failing once multipart cut it at the size limit (busboy marks it truncated
 * and ends it normally, which must not pass for the whole file).
 */
async function* withinLimit(file: NodeJS.ReadableStream & { truncated?: boolean }, maxBytes: number): AsyncGenerator<Buffer> {
  for await (const chunk of file) {
    if (file.truncated) throw new UploadTooLargeError(maxBytes);
    yield chunk as Buffer;
  }
  if (file.truncated) throw new UploadTooLargeError(maxBytes);
}

const isTooLarge = (err: unknown) => err instanceof UploadTooLargeError || (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** The upload form: the file streams into the import as it arrives; the category is validated as it comes. */
const CsvForm = {
  schema: z.object({
    category: UploadCategoryInput.describe('IndiaMART, JustDial, Local Leads, or a manual name (1 to 60 characters).'),
    routeNow: z
      .enum(['1', '0'])
      .optional()
      .describe("'1': route the leads once they are in (lead routing); '0' or left out: they wait in the pool. Send it before the file."),
  }),
  files: { csvFile: { kind: 'csv', required: MISSING_FILE_OR_CATEGORY } },
} as const;

export const intakeRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Lead upload');
  const maxBytes = deps.config.uploadMaxBytes;
  const tooLarge = (reply: FastifyReply) =>
    reply
      .code(413)
      .header('connection', 'close')
      .send(failure(new UploadTooLargeError(maxBytes).message));

  /**
   * POST /upload-csv, multipart `csvFile` + `category` (either order). With the category first the
   * file streams straight into the import; with the file first it is spooled to a temporary file
   * (still within the size limit) and imported once the category is known.
   */
  r.post(
    '/upload-csv',
    {
      summary: 'Upload a CSV file of leads',
      description:
        'Comma, semicolon or tab separated (read from the header row). Headers are matched in any case: name (or company), ' +
        'mobile or phone (and an alternate number), requirement (product, enquiry, subject, message), area or city (and state); ' +
        "IndiaMART's own export columns (SENDER_MOBILE, SENDER_NAME, QUERY_PRODUCT_NAME, QUERY_MESSAGE, SENDER_CITY, ...) too. " +
        'ignoredColumns names the columns nothing was read from. Mobiles are kept as 10 digits; ' +
        "duplicates (of the company's leads and within the file) are skipped and counted; bad rows are reported by line " +
        '(the first 50 here, every one in GET /upload-batches/{id}/refused.csv). ' +
        'The leads appear only once the whole file is in; a failed upload leaves none.',
      guard: requireRole('subadmin'),
      form: CsvForm,
      errors: [409, 413],
    },
    async (req, { form }, reply) => {
      const categoryOf = (value: string) => parseInput(form.schema, { category: value }).category;
      const actor = subadminOf(req);
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', MISSING_FILE_OR_CATEGORY);
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) return tooLarge(reply);

      // The client going away before the answer discards the batch.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) gone.abort();
      });

      let category: string | undefined;
      // Read before the file streams in, like the category: a later field is not seen in time.
      let routeNow = false;
      let fileName: string | undefined;
      let spoolDir: string | undefined;
      let spooled: string | undefined;
      let result: Awaited<ReturnType<typeof intake.uploadCsv>> | undefined;
      let error: unknown;
      // The request body itself broke (cut off, malformed multipart): the client's fault, not ours.
      let broken = false;

      try {
        try {
          for await (const part of req.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'category' && category === undefined) category = String(part.value ?? '');
              if (part.fieldname === 'routeNow') routeNow = String(part.value ?? '') === '1';
              continue;
            }
            // A browser sends an empty, unnamed part for a file input left empty.
            if (!Object.hasOwn(form.files, part.fieldname) || fileName !== undefined || error || !part.filename) {
              part.file.resume();
              continue;
            }
            fileName = cleanFileName(part.filename);
            part.file.once('error', () => (broken = true));
            const source = withinLimit(part.file, maxBytes);
            try {
              if (category !== undefined) {
                result = await intake.uploadCsv(deps, actor, { category: categoryOf(category), fileName, source, signal: gone.signal, routeNow });
              } else {
                spoolDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'csv-upload-'));
                spooled = path.join(spoolDir, 'upload.csv');
                await pipeline(source, fs.createWriteStream(spooled));
              }
            } catch (err) {
              error = err;
              part.file.resume();
            }
          }
        } catch (err) {
          // Limits hit after a finished import (a second file) change nothing that was committed.
          broken = true;
          if (!result) error ??= err;
        }
        if (!req.raw.readableEnded) req.raw.resume();

        if (error) {
          if (isTooLarge(error)) return tooLarge(reply);
          if (broken && !(error instanceof AppError)) throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
          throw error;
        }
        if (!result) {
          if (fileName === undefined || category === undefined) throw new AppError('BAD_REQUEST', MISSING_FILE_OR_CATEGORY);
          result = await intake.uploadCsv(deps, actor, {
            category: categoryOf(category),
            fileName,
            source: fs.createReadStream(spooled!),
            signal: gone.signal,
            routeNow,
          });
        }
      } finally {
        if (spoolDir) await fs.promises.rm(spoolDir, { recursive: true, force: true });
      }
      return { status: true, success: true, message: 'File uploaded successfully!', ...result };
    },
  );
  /**
   * POST /upload-csv/file, multipart `csvFile`: keeps a chosen file (an hour) for the web's mapping
   * step; tRPC intake.analyseFile reads its columns and intake.importFile imports it, without sending it again.
   */
  r.post(
    '/upload-csv/file',
    {
      summary: 'Keep a CSV file for the mapping step',
      description:
        'The file waits an hour under the returned fileId: its columns are read and mapped (intake.analyseFile) and it is imported (intake.importFile) without being sent again.',
      guard: requireRole('subadmin'),
      form: { schema: z.object({}), files: { csvFile: { kind: 'csv', required: 'Please select a file.' } } },
      errors: [413],
    },
    async (req, _input, reply) => {
      const actor = subadminOf(req);
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'Please select a file.');
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) return tooLarge(reply);
      let fileId: string | undefined;
      let fileName: string | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') continue;
          if (part.fieldname !== 'csvFile' || fileId !== undefined || !part.filename) {
            part.file.resume();
            continue;
          }
          fileName = cleanFileName(part.filename);
          fileId = await stageFile(deps, actor.subadminId, withinLimit(part.file, maxBytes));
        }
      } catch (err) {
        if (isTooLarge(err)) return tooLarge(reply);
        if (err instanceof AppError) throw err;
        throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
      }
      if (!fileId || !fileName) throw new AppError('BAD_REQUEST', 'Please select a file.');
      return { status: true, success: true, message: 'File received.', fileId, fileName };
    },
  );
  // Every row the upload refused, as CSV: Line, Reason, then the file's own columns.
  r.get(
    '/upload-batches/:id/refused.csv',
    { summary: 'The rows an upload refused, as a CSV file', guard: requireRole('subadmin'), params: BatchIdInput, answers: 'csv', errors: [404] },
    async (req, { params }, reply) => {
      const { fileName, chunks } = await openRefusedRowsExport(deps, subadminOf(req), params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
};
