import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, Parser, type Options as CsvOptions } from 'csv-parse';
import type { Deps } from '../../deps.js';
import type { Dialect } from '../../db/database.js';
import type { SubadminActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { insertLeadTuples, insertLeadTuplesReturning, relaxCommitDurability, type LeadTuple } from './leads.repository.js';
import {
  ABANDONED_MESSAGE,
  BATCH_RENEW_MS,
  BatchDiscardedError,
  completeBatch,
  createBatch,
  failBatch,
  renewBatchLease,
  type BatchReportJson,
} from './upload-batches.js';
import { planColumns, type Columns } from './csv-columns.js';
import { readFileRow } from './file-rows.js';
import { mappingFor } from './import-mappings.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { newLeadValueRows, type FieldValues } from '../lead-fields/values.js';
import { insertValueRowsBulk } from './value-rows-bulk.js';
import type { ColumnTarget } from '../../../shared/file-layouts.js';
import { sniffDelimiter, type Delimiter } from './csv-delimiter.js';
import { insertRefusedRows } from './refused-rows.repository.js';
import { insertUploadRepeats, recordedEnquiryRefs, visibleLeadEnquiries, type UploadRow } from './upload-repeats.repository.js';
import { rowEnquiryRef } from '../routing/enquiry-ref.js';
import { finishUploadArrivals } from '../routing/upload-arrivals.js';
import { whileRunning } from '../../metrics/metrics.js';
import type { RefusedRow } from './refused-rows.js';
import { storableText } from '../../../shared/storable-text.js';
import { INVALID_REPORT_LIMIT, type InvalidRow, type UploadResult } from '../../../shared/schemas/intake.js';

/**
 * CSV lead import, streamed: bytes -> guard (not binary, UTF-8, not empty) -> csv-parse -> rows
 * checked and de-duplicated -> short insert transactions of invisible leads tagged with the batch
 * (and of repeat enquiries, kept for the end) -> one transaction makes the batch visible. Memory
 * stays flat whatever the file size: only the current chunk of rows and a compact set of the
 * mobiles seen, with their rows' fingerprints, are held. Only the same row twice is a duplicate; a
 * mobile's other row is a repeat enquiry (docs/routing.md#repeat-enquiries).
 */

/**
 * Rows per insert transaction. SQLite: ~10 ms of work each, so the event loop keeps moving.
 * Postgres works on its own process: larger chunks, fewer round trips and commits.
 */
export const importChunkRows = (dialect: Dialect) => (dialect === 'sqlite' ? 2000 : 5000);
/** How much of the file's start is checked for binary content and UTF-8. */
const SNIFF_BYTES = 8192;

/**
 * The longest record (all its cells) read. Far above any real lead row; it stops a file that is one
 * endless line or cell (or a quote never closed) early: csv-parse spends about half a microsecond a
 * character on a line without breaks, so a 20 MB one held the CPU for ten seconds.
 */
export const MAX_RECORD_CHARS = 32_768;

/** A refused row's cells, as kept for the download: past this a row is cut (a real lead row is far shorter). */
const REFUSED_KEEP_CHARS = 8192;
/** Refused rows' characters held before they are written with the next chunk. */
const REFUSED_FLUSH_CHARS = 4 * 1024 * 1024;

export const EXPECTED_COLUMNS_MESSAGE =
  'No mobile number column found. The first row of the file must name the columns: Name, Mobile (or Phone, Number, Contact), Requirement, Area.';
export const NOT_TEXT_MESSAGE = 'This file is not a CSV text file. Save it as CSV (UTF-8) and upload it again.';
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
export const NO_ROWS_MESSAGE = 'The file has no leads below its header row.';
export const INTERRUPTED_MESSAGE = 'The upload was interrupted before it finished.';
const FAILED_MESSAGE = 'The upload could not be completed.';

/** The file went over the size limit while it was being read (the route answers 413). */
export class UploadTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('BAD_REQUEST', `The file is too large (max ${formatMb(maxBytes)} MB).`);
    this.name = 'UploadTooLargeError';
  }
}

export const formatMb = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 100) / 100);

export interface CsvImportInput {
  /** a category already validated (shared UploadCategoryInput) */
  category: string;
  fileName: string;
  /** the file's bytes; read once, never buffered whole */
  source: Readable | AsyncIterable<Buffer>;
  /** aborted when the client goes away: the batch is discarded */
  signal?: AbortSignal;
  /** "route these leads now": the leads go to routing as the upload completes */
  routeNow?: boolean;
  /** the target of each column, as the company chose it; left out: its saved mapping for these columns, else the guess */
  targets?: readonly ColumnTarget[];
}

export const MAPPING_MISMATCH_MESSAGE = "The mapping does not match the file's columns. Choose the file again.";

/** Stops a binary or non-UTF-8 file at its first bytes, before anything is written. */
async function* guardText(source: Readable | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let checked = 0;
  for await (const raw of source) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
    if (checked < SNIFF_BYTES) {
      const head = chunk.subarray(0, SNIFF_BYTES - checked);
      if (head.includes(0)) throw new AppError('BAD_REQUEST', NOT_TEXT_MESSAGE);
      try {
        decoder.decode(head, { stream: true });
      } catch {
        throw new AppError('BAD_REQUEST', NOT_TEXT_MESSAGE);
      }
      checked += head.length;
    }
    yield chunk;
  }
}

/**
 * The enquiries of a file so far, compactly: an open-addressing set of mobiles (a 10-digit mobile
 * starting 6-9, less 6,000,000,000, fits a uint32), each with a fingerprint of its first row's
 * content; a mobile's later rows' fingerprints are kept apart (few files repeat many mobiles). A
 * million mobiles take about 24 MB instead of the hundreds a map of strings would.
 */
class FileEnquiries {
  private static readonly EMPTY = 0xffffffff;
  private table = new Uint32Array(1 << 16).fill(FileEnquiries.EMPTY);
  private prints = new Float64Array(1 << 16);
  private mask = (1 << 16) - 1;
  private count = 0;
  private later = new Map<number, Set<number>>();
  /** landlines (below 6,000,000,000, few in a file): their rows' fingerprints, the first one's first */
  private landlines = new Map<string, number[]>();

  /** 'first': the mobile's first row; 'same': the same row as one before it; 'another': another enquiry of a mobile seen before */
  add(mobile: string, content: string): 'first' | 'same' | 'another' {
    const print = fingerprint(content);
    if (mobile < '6') {
      const prints = this.landlines.get(mobile);
      if (!prints) {
        this.landlines.set(mobile, [print]);
        return 'first';
      }
      if (prints.includes(print)) return 'same';
      prints.push(print);
      return 'another';
    }
    if ((this.count + 1) * 2 > this.table.length) this.grow();
    const key = Number(mobile) - 6e9;
    const i = this.slotOf(key);
    if (this.table[i] === FileEnquiries.EMPTY) {
      this.put(i, key, print);
      return 'first';
    }
    if (this.prints[i] === print) return 'same';
    const seen = this.later.get(key) ?? new Set<number>();
    this.later.set(key, seen);
    if (seen.has(print)) return 'same';
    seen.add(print);
    return 'another';
  }

  private slotOf(key: number): number {
    let i = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
    while (this.table[i] !== FileEnquiries.EMPTY && this.table[i] !== key) i = (i + 1) & this.mask;
    return i;
  }

  private put(i: number, key: number, print: number) {
    this.table[i] = key;
    this.prints[i] = print;
    this.count++;
  }

  private grow() {
    const [table, prints] = [this.table, this.prints];
    this.table = new Uint32Array(table.length * 2).fill(FileEnquiries.EMPTY);
    this.prints = new Float64Array(table.length * 2);
    this.mask = this.table.length - 1;
    this.count = 0;
    for (let i = 0; i < table.length; i++) if (table[i] !== FileEnquiries.EMPTY) this.put(this.slotOf(table[i]!), table[i]!, prints[i]!);
  }
}

/**
 * A 53-bit fingerprint of a row's content (FNV-1a and a multiply-xorshift, side by side): two rows of
 * one mobile are told apart but for a chance of 1 in 2^53. About half a second for a million rows.
 */
function fingerprint(s: string): number {
  let a = 0x811c9dc5 | 0;
  let b = 0x9747b28c | 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/** A row of the file going in: a mobile's first row (a lead, unless the company has it), or a later, different one. */
interface ChunkRow extends UploadRow {
  first: boolean;
  /** the row's company field values, when the mapping reads any */
  values?: FieldValues;
}

const sameEnquiry = (lead: { name: string; requirement: string; area: string }, [name, , requirement, area]: LeadTuple) =>
  lead.name === name && lead.requirement === requirement && lead.area === area;

/** A refused row (or the header) as kept for its download: its cells, cut to a bounded size, storable. */
function keptCells(rec: string[]): string[] {
  let left = REFUSED_KEEP_CHARS;
  const out: string[] = [];
  for (const c of rec) {
    if (left <= 0) break;
    out.push(storableText(c.length > left ? c.slice(0, left) : c));
    left -= c.length;
  }
  return out;
}

/** Line breaks inside a record's quoted cells: the lines it takes beyond its first. */
function breaksIn(rec: string[]): number {
  let breaks = 0;
  for (let i = 0; i < rec.length; i++) {
    const v = rec[i]!;
    for (let j = v.indexOf('\n'); j !== -1; j = v.indexOf('\n', j + 1)) breaks++;
  }
  return breaks;
}

/** A blank line, or a row of empty cells: not a lead, not a mistake. */
function isBlank(rec: string[]): boolean {
  for (let i = 0; i < rec.length; i++) if (rec[i]!.trim() !== '') return false;
  return true;
}

/**
 * csv-parse's stream, noting the line each record it gives out ends on. On an error it drops the
 * records given out but not yet read, and the error's own line is where parsing stopped, not where
 * the bad record began: this says where that is. (Its per-record info object costs too much.)
 */
class LeadCsvParser extends Parser {
  lastRecordEndLine = 0;
  headerSeen = false;

  constructor(delimiter: Delimiter) {
    // Blank lines come through as records so the line count stays right; they are skipped below.
    const options: CsvOptions = { bom: true, delimiter, relax_column_count: true, relax_quotes: true, max_record_size: MAX_RECORD_CHARS };
    super(options);
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null) {
      this.lastRecordEndLine = this.info.lines;
      if (!this.headerSeen && !isBlank(chunk as string[])) this.headerSeen = true;
    }
    return super.push(chunk, encoding);
  }
}

/** A file csv-parse cannot read, said as the line it fails on. */
function unreadable(err: CsvError, parser: LeadCsvParser): AppError {
  const line = parser.lastRecordEndLine + 1;
  const where = parser.headerSeen ? `Line ${line}` : `Line ${line} (the column names)`;
  if (err.code === 'CSV_MAX_RECORD_SIZE') {
    return new AppError(
      'BAD_REQUEST',
      `${where} is longer than ${MAX_RECORD_CHARS} characters. Check it for a quote (") that is never closed, and that the file has one lead a line.`,
    );
  }
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new AppError('BAD_REQUEST', `${where}: a quote (") opens a value that is never closed. Close it or remove it, and upload the file again.`);
  }
  return new AppError('BAD_REQUEST', `${where} cannot be read as CSV. Save the file as CSV (UTF-8) and upload it again.`);
}

/**
 * Imports a CSV file of leads into the actor's company under one upload batch: all of it
 * becomes visible at once, or (on any failure, or the client going away) none of it.
 * Refuses a binary, empty or column-less file before writing anything. Its separator (comma,
 * semicolon or tab) is read from its header row.
 */
export function importLeadsCsv(deps: Deps, actor: SubadminActor, input: CsvImportInput): Promise<UploadResult> {
  return whileRunning(deps.metrics?.importsInProgress, () => importNow(deps, actor, input));
}

async function importNow(deps: Deps, actor: SubadminActor, input: CsvImportInput): Promise<UploadResult> {
  const { delimiter, bytes } = await sniffDelimiter(guardText(input.source));
  const parser = new LeadCsvParser(delimiter);
  // Errors of the source (too large, client gone, binary) reach the parser and so the loop below.
  pipeline(Readable.from(bytes), parser, () => {});

  let cols: Columns | null = null;
  let fieldDefs: Awaited<ReturnType<typeof companyShape>>['fields'] = [];
  let batchId: number | null = null;
  let now = '';
  let rows: ChunkRow[] = [];
  let refused: RefusedRow[] = [];
  let refusedChars = 0;
  let header: string[] = [];
  let line = 0;
  let dataRows = 0;
  let inserted = 0;
  let duplicatesInFile = 0;
  let duplicatesExisting = 0;
  let repeats = 0;
  let invalid = 0;
  const invalidRows: InvalidRow[] = [];
  const seen = new FileEnquiries();
  const chunkRows = importChunkRows(deps.dialect);
  // Postgres takes two chunks at once on two pooled connections; SQLite has one connection.
  const maxInFlight = deps.dialect === 'postgres' ? 2 : 1;
  const inFlight = new Set<Promise<void>>();
  let inFlightError: unknown = null;
  const settle = async () => {
    while (inFlight.size) await Promise.all(inFlight);
  };
  // The batch's lease is renewed while the import runs, however slowly the file arrives; a
  // renewal that finds the batch discarded stops the import at its next chunk.
  let discarded = false;
  let renewal: NodeJS.Timeout | undefined;
  const keepLease = (id: number) => {
    renewal = setInterval(() => {
      renewBatchLease(deps.db, id).then(
        (alive) => {
          if (!alive) discarded = true;
        },
        () => {},
      );
    }, BATCH_RENEW_MS);
    renewal.unref();
  };

  const report = (): BatchReportJson => ({
    rows: dataRows,
    duplicatesInFile,
    duplicatesExisting,
    repeats,
    invalidRows,
    columns: header,
    ignoredColumns: cols?.ignored ?? [],
    extraColumns: cols?.extraColumns ?? [],
    refusedKept: true,
  });

  const insertChunk = async (chunk: ChunkRow[], refusedChunk: RefusedRow[]) => {
    const ctx = { subadminId: actor.subadminId, category: input.category, batchId, visible: 0 as const, now };
    const done = await deps.db.transaction().execute(async (trx) => {
      // Until the batch completes its rows are invisible and a crash discards them: no need to wait
      // for each chunk to reach the disk.
      if (deps.dialect === 'postgres') await relaxCommitDurability(trx);
      if (refusedChunk.length) await insertRefusedRows(trx, actor.subadminId, batchId!, refusedChunk);
      const firsts = chunk.filter((r) => r.first);
      let added: number;
      if (cols?.fields.length) {
        // The new leads' ids, for their field values (written in the same transaction).
        const ids = await insertLeadTuplesReturning(
          trx,
          ctx,
          firsts.map((r) => r.row),
        );
        added = ids.length;
        const valuesOf = new Map(firsts.map((r) => [r.row[1], r.values]));
        const valueRows = ids.flatMap(({ id, mobile }) => {
          const values = valuesOf.get(mobile);
          return values?.size ? newLeadValueRows(actor.subadminId, Number(id), fieldDefs, values) : [];
        });
        if (valueRows.length) await insertValueRowsBulk(trx, valueRows);
      } else {
        added = await insertLeadTuples(
          trx,
          ctx,
          firsts.map((r) => r.row),
        );
      }
      // A row not inserted, or a mobile's later one, is an enquiry of a lead: of one the company has
      // (a repeat enquiry, unless the lead already has this very row), of this upload's (a repeat
      // enquiry), or of one in an upload still running (a duplicate: that upload decides).
      const enquiries = added < firsts.length ? chunk : chunk.filter((r) => !r.first);
      const leads = await visibleLeadEnquiries(trx, actor.subadminId, [...new Set(enquiries.map((r) => r.row[1]))]);
      const refOf = new Map<ChunkRow, string>();
      for (const r of enquiries) {
        const lead = leads.get(r.row[1]);
        if (lead && !sameEnquiry(lead, r.row)) refOf.set(r, rowEnquiryRef({ mobile: r.row[1], name: r.row[0], requirement: r.row[2], area: r.row[3] }));
      }
      const recorded = await recordedEnquiryRefs(trx, actor.subadminId, [...refOf.values()]);
      const repeated: ChunkRow[] = [];
      for (const r of enquiries) {
        if (leads.has(r.row[1])) {
          const ref = refOf.get(r);
          if (ref && !recorded.has(ref)) repeated.push(r);
        } else if (!r.first) repeated.push(r);
      }
      if (repeated.length) await insertUploadRepeats(trx, batchId!, actor.subadminId, repeated);
      return { added, repeated: repeated.length, skipped: chunk.length - added - repeated.length };
    });
    inserted += done.added;
    repeats += done.repeated;
    duplicatesExisting += done.skipped;
  };

  // The next chunk is parsed while the previous one is written (Postgres answers over the network).
  const flush = async () => {
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    if (inFlightError) throw inFlightError;
    if (discarded) throw new BatchDiscardedError();
    if (input.signal?.aborted) throw new AppError('BAD_REQUEST', INTERRUPTED_MESSAGE);
    const chunk = rows;
    const refusedChunk = refused;
    rows = [];
    refused = [];
    refusedChars = 0;
    const p: Promise<void> = insertChunk(chunk, refusedChunk)
      .catch((err) => {
        inFlightError ??= err;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const startLine = line + 1;
      line = startLine + breaksIn(record);
      if (isBlank(record)) continue;
      if (!cols) {
        const cells = record.map(storableText);
        fieldDefs = (await companyShape(deps.db, actor.subadminId)).fields;
        if (input.targets && input.targets.length !== cells.length) throw new AppError('BAD_REQUEST', MAPPING_MISMATCH_MESSAGE);
        const targets = input.targets ?? (await mappingFor(deps.db, actor.subadminId, cells, fieldDefs)).targets;
        cols = planColumns(cells, targets, fieldDefs);
        if (!cols) throw new AppError('BAD_REQUEST', EXPECTED_COLUMNS_MESSAGE);
        header = keptCells(record.map((c) => c.replace(/^\uFEFF/, '').trim()));
        continue;
      }
      if (batchId === null) {
        now = nowIso();
        batchId = await createBatch(deps.db, {
          subadminId: actor.subadminId,
          byKind: 'subadmin',
          byId: actor.id,
          source: 'csv',
          fileName: input.fileName,
          category: input.category,
          owner: deps.config.instanceId,
          routeNow: input.routeNow,
        });
        keepLease(batchId);
      }
      dataRows++;
      const read = readFileRow(record, cols);
      if (!read.ok) {
        invalid++;
        const reason = read.reason;
        if (invalidRows.length < INVALID_REPORT_LIMIT) invalidRows.push({ line: startLine, reason });
        const cells = keptCells(record);
        refused.push({ line: startLine, reason, cells });
        for (const c of cells) refusedChars += c.length;
        if (rows.length + refused.length >= chunkRows || refusedChars >= REFUSED_FLUSH_CHARS) await flush();
        continue;
      }
      const lead = read.lead;
      const mobile = lead.mobile;
      const row: LeadTuple = [
        lead.name,
        mobile,
        lead.requirement,
        lead.area,
        null,
        null,
        lead.email,
        lead.extras ? JSON.stringify(lead.extras) : null,
        lead.dnc ? 1 : 0,
        lead.phoneKind,
        lead.category,
      ];
      const seenAs = seen.add(mobile, `${row[0]}\u0000${row[2]}\u0000${row[3]}`);
      if (seenAs === 'same') {
        duplicatesInFile++;
        continue;
      }
      rows.push({ row, line: startLine, first: seenAs === 'first', values: lead.values.size ? lead.values : undefined });
      if (rows.length + refused.length >= chunkRows) await flush();
    }
    if (!cols) throw new AppError('BAD_REQUEST', EMPTY_FILE_MESSAGE);
    if (batchId === null) throw new AppError('BAD_REQUEST', NO_ROWS_MESSAGE);
    if (rows.length || refused.length) await flush();
    await settle();
    if (inFlightError) throw inFlightError;
    if (input.signal?.aborted) throw new AppError('BAD_REQUEST', INTERRUPTED_MESSAGE);
    const duplicates = duplicatesInFile + duplicatesExisting;
    const routeNow = input.routeNow === true;
    await completeBatch(deps, batchId, { inserted, duplicates, invalid, repeats, routeNow, report: report() });
    const routing = await finishUploadArrivals(deps, { id: batchId, subadminId: actor.subadminId, category: input.category, routeNow });
    return {
      batchId,
      rows: dataRows,
      inserted,
      duplicates,
      duplicatesInFile,
      duplicatesExisting,
      repeats,
      routing,
      invalid,
      invalidRows,
      ignoredColumns: cols.ignored,
      extraColumns: cols.extraColumns,
    };
  } catch (caught) {
    const err =
      caught instanceof CsvError ? unreadable(caught, parser) : caught instanceof BatchDiscardedError ? new AppError('CONFLICT', ABANDONED_MESSAGE) : caught;
    parser.destroy();
    await settle();
    if (batchId !== null) {
      const message = err instanceof AppError ? err.message : input.signal?.aborted ? INTERRUPTED_MESSAGE : FAILED_MESSAGE;
      try {
        await failBatch(deps, batchId, message, { ...report(), duplicatesExisting: 0 });
      } catch {
        // The database itself failed: the batch stays 'running' and a later sweep removes it.
      }
    }
    throw err;
  } finally {
    clearInterval(renewal);
  }
}
