import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { storableText } from '../../../shared/storable-text.js';
import { normalizeIndianMobile } from '../../../shared/mobile.js';
import { wireValueOf, type FieldWireValue } from '../../../shared/lead-fields.js';
import { MAX_FILE_COLUMNS, PREVIEW_ROWS, type FileAnalysis, type PreviewRow } from '../../../shared/schemas/file-import.js';
import type { ColumnTarget } from '../../../shared/file-layouts.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { planColumns } from './csv-columns.js';
import { delimiterOf } from './csv-delimiter.js';
import { readFileRow } from './file-rows.js';
import { mappingFor } from './import-mappings.js';
import { EMPTY_FILE_MESSAGE, MAPPING_MISMATCH_MESSAGE, MAX_RECORD_CHARS, NOT_TEXT_MESSAGE } from './csv-import.js';
import { stagedPath } from './staged-files.js';

/** The start of a file read for its columns and first rows: far more than a header and ten rows take. */
const HEAD_BYTES = 256 * 1024;
const SAMPLE_COUNT = 3;
const SAMPLE_MAX = 80;

/** The header and the first rows (with the line each starts on) of a staged file. */
async function headOf(file: string): Promise<{ header: string[]; rows: { line: number; cells: string[] }[] }> {
  const handle = await fs.promises.open(file, 'r');
  let bytes: Buffer;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    bytes = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (bytes.includes(0)) throw new AppError('BAD_REQUEST', NOT_TEXT_MESSAGE);
  let text: string;
  try {
    // A multi-byte character cut at the end of the head is not the file's fault.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, lastWholeChar(bytes)));
  } catch {
    throw new AppError('BAD_REQUEST', NOT_TEXT_MESSAGE);
  }
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new AppError('BAD_REQUEST', EMPTY_FILE_MESSAGE);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const read = (t: string) =>
    (
      parse(t, {
        delimiter: delimiterOf(firstLine),
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        max_record_size: MAX_RECORD_CHARS,
        to: PREVIEW_ROWS + 40,
        info: true,
      }) as unknown as { record: string[]; info: { lines: number } }[]
    ).map((r) => Object.assign(r.record, { endLine: r.info.lines }));
  let records: (string[] & { endLine: number })[];
  try {
    records = read(text);
  } catch {
    // The head may end inside a quoted cell: the rows before its last line are read instead.
    try {
      records = read(text.slice(0, text.lastIndexOf('\n')));
    } catch {
      throw new AppError('BAD_REQUEST', 'The start of this file cannot be read as CSV. Save the file as CSV (UTF-8) and choose it again.');
    }
  }
  const nonBlank = records.filter((r) => r.some((c) => c.trim() !== ''));
  const header = (nonBlank[0] ?? []).map((c) => storableText(c.trim()));
  if (!header.length) throw new AppError('BAD_REQUEST', EMPTY_FILE_MESSAGE);
  if (header.length > MAX_FILE_COLUMNS) throw new AppError('BAD_REQUEST', `The file has more than ${MAX_FILE_COLUMNS} columns.`);
  const rows: { line: number; cells: string[] }[] = [];
  let line = 1;
  let seenHeader = false;
  for (const r of records) {
    const start = line;
    line = r.endLine + 1;
    if (!r.some((c) => c.trim() !== '')) continue;
    if (!seenHeader) {
      seenHeader = true;
      continue;
    }
    if (rows.length < PREVIEW_ROWS) rows.push({ line: start, cells: r.map((c) => storableText(c)) });
  }
  return { header, rows };
}

/** The length of the bytes up to the last whole UTF-8 character. */
function lastWholeChar(bytes: Buffer): number {
  let i = bytes.length;
  let back = 0;
  while (i > 0 && back < 4 && (bytes[i - 1]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i > 0 && bytes[i - 1]! >= 0xc0) {
    const lead = bytes[i - 1]!;
    const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
    return back >= need ? bytes.length : i - 1;
  }
  return bytes.length;
}

/**
 * A staged file's columns with their targets (the given ones, the company's saved mapping for these
 * columns, or the guess), a few values of each, and its first rows as they would be stored.
 */
export async function analyseFile(deps: Deps, actor: SubadminActor, input: { fileId: string; targets?: readonly ColumnTarget[] }): Promise<FileAnalysis> {
  const file = await stagedPath(deps, actor.subadminId, input.fileId);
  const { header, rows } = await headOf(file);
  const { fields } = await companyShape(deps.db, actor.subadminId);
  if (input.targets && input.targets.length !== header.length) throw new AppError('BAD_REQUEST', MAPPING_MISMATCH_MESSAGE);
  const chosen = input.targets
    ? { targets: [...input.targets], layout: (await mappingFor(deps.db, actor.subadminId, header, fields)).layout, saved: false }
    : await mappingFor(deps.db, actor.subadminId, header, fields);
  if (!input.targets && !chosen.targets.includes('mobile')) {
    // No header says mobile: the first column whose values are mostly mobiles is taken for it.
    const i = header.findIndex((_, c) => {
      const given = rows.map((r) => r.cells[c]?.trim()).filter((v): v is string => !!v);
      return given.length > 0 && given.filter((v) => normalizeIndianMobile(v)).length * 2 >= given.length;
    });
    if (i >= 0) chosen.targets[i] = 'mobile';
  }
  const cols = planColumns(header, chosen.targets, fields);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const preview: PreviewRow[] | null = cols
    ? rows.map(({ line, cells }) => {
        const read = readFileRow(cells, cols);
        if (!read.ok)
          return {
            line,
            refused: read.reason,
            name: '',
            mobile: '',
            phoneKind: null,
            requirement: '',
            area: '',
            category: null,
            email: null,
            dnc: false,
            fields: {},
            extras: null,
            problems: [],
          };
        const l = read.lead;
        const values: Record<string, FieldWireValue> = {};
        for (const [id, stored] of l.values) {
          const f = byId.get(id);
          const v = f ? wireValueOf(f, stored) : null;
          if (f && v !== null) values[f.key] = v;
        }
        return {
          line,
          refused: null,
          name: l.name,
          mobile: l.mobile,
          phoneKind: l.phoneKind,
          requirement: l.requirement,
          area: l.area,
          category: l.category,
          email: l.email,
          dnc: l.dnc,
          fields: values,
          extras: l.extras,
          problems: l.problems,
        };
      })
    : null;
  return {
    fileId: input.fileId,
    columns: header.map((h, i) => ({
      header: h,
      target: chosen.targets[i]!,
      samples: rows
        .map((r) => (r.cells[i] ?? '').trim())
        .filter(Boolean)
        .slice(0, SAMPLE_COUNT)
        .map((v) => (v.length > SAMPLE_MAX ? `${v.slice(0, SAMPLE_MAX)}…` : v)),
    })),
    layout: chosen.layout ? { id: chosen.layout.id, name: chosen.layout.name } : null,
    saved: chosen.saved,
    fields: fields.filter((f) => !f.retired).map((f) => ({ key: f.key, label: f.label, type: f.type })),
    preview,
  };
}
