import { CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { yieldToOthers } from '../../db/paging.js';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../shared/lead-status.js';
import { displayValue, storedExtras, type FieldDef } from '../../../shared/lead-fields.js';
import { fieldValuesOfLeads } from '../lead-fields/values.js';
import { EXPORT_HEADER, csvLine, exportLine } from './lead-export.js';
import type { ExportLeadRow } from './lists.repository.js';

/*
 * What a lead export carries after the original client's columns (docs/lead-fields-lists.md#exports): the
 * lead's work (status, owner, last outcome, its feedback and note, callback, attempts, source,
 * email), every company field (retired ones marked), then the extra details a file or a source
 * gave, one column per label found among the exported leads. What is not on the lead row is read
 * once per chunk of rows, never per row.
 */

type LDB = DB & { l: DB['leads'] };
type LeadsQuery = SelectQueryBuilder<LDB, 'l', Record<never, never>>;

export const WORK_HEADER = ['Status', 'Owner', 'Last outcome', 'Feedback', 'Note', 'Callback', 'Attempts', 'Source', 'Email'] as const;
/** The most extra-detail columns an export has (a lead keeps at most 50 details; many files, many labels). */
export const MAX_EXTRA_COLUMNS = 200;

/** The columns a row of an export query reads besides the original ones. */
export const EXPORT_WORK_COLUMNS = [
  'l.status',
  'l.telicaller_id',
  'l.callback_date',
  'l.callback_time',
  'l.attempts',
  'l.route_source',
  'l.batch_id',
  'l.email',
  'l.extra_details',
] as const;

export type ExportWorkRow = ExportLeadRow & {
  status: string;
  telicaller_id: number | null;
  callback_date: string | null;
  callback_time: string | null;
  attempts: number;
  route_source: string | null;
  batch_id: number | null;
  email: string | null;
  extra_details: string | null;
};

/** A field's header: its label, and "(retired)" after a retired one's. */
export const fieldHeader = (f: FieldDef) => (f.retired ? `${f.label} (retired)` : f.label);

export interface ExportShape {
  fields: readonly FieldDef[];
  extraLabels: readonly string[];
  owners: Map<number, string>;
}

export const exportHeader = (shape: ExportShape) => [...EXPORT_HEADER, ...WORK_HEADER, ...shape.fields.map(fieldHeader), ...shape.extraLabels];

/** The names of the company's users (a few hundred at most), for the Owner column. */
export async function ownerNames(db: Kysely<DB>, subadminId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('users').select(['id', 'name']).where('subadmin_id', '=', subadminId).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids span the label scan reads per query: bounded, with other requests let in between. */
const LABEL_SPAN = 50_000;

/**
 * The extra details' labels of the leads an export will write, sorted: read by the database (JSON
 * keys) over bounded id ranges before the first line, so the header has a column for each.
 */
export async function extraLabelsOf(db: Kysely<DB>, dialect: Dialect, base: LeadsQuery, lastId: number): Promise<string[]> {
  const labels = new Set<string>();
  for (let after = 0; after < lastId && labels.size < MAX_EXTRA_COLUMNS; after += LABEL_SPAN) {
    const inner = base
      .select('l.extra_details')
      .where('l.extra_details', 'is not', null)
      .where('l.id', '>', after)
      .where('l.id', '<=', after + LABEL_SPAN)
      .compile();
    const text =
      dialect === 'sqlite'
        ? `select distinct j.key as label from (${inner.sql}) as x, json_each(x.extra_details) as j limit ${MAX_EXTRA_COLUMNS}`
        : `select distinct k as label from (${inner.sql}) as x, jsonb_object_keys(x.extra_details::jsonb) as k limit ${MAX_EXTRA_COLUMNS}`;
    const rows = (await db.executeQuery<{ label: string }>(CompiledQuery.raw(text, [...inner.parameters]))).rows;
    for (const r of rows) if (labels.size < MAX_EXTRA_COLUMNS) labels.add(r.label);
    await yieldToOthers();
  }
  return [...labels].sort((a, b) => a.localeCompare(b));
}

interface LastOutcome {
  status: string;
  feedback: string | null;
  remarks: string | null;
}

/** The last submitted outcome of each lead of a chunk: one query. */
async function lastOutcomes(db: Kysely<DB>, subadminId: number, leadIds: readonly number[]): Promise<Map<number, LastOutcome>> {
  const out = new Map<number, LastOutcome>();
  if (!leadIds.length) return out;
  const rows = await db
    .selectFrom('lead_history as h')
    .select(['h.lead_id', 'h.status', 'h.feedback', 'h.remarks'])
    .where('h.subadmin_id', '=', subadminId)
    .where('h.lead_id', 'in', leadIds)
    .where('h.kind', '=', 'outcome')
    .orderBy('h.lead_id')
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
  // in time order: the last row of a lead wins
  for (const r of rows) out.set(r.lead_id, { status: r.status, feedback: r.feedback, remarks: r.remarks });
  return out;
}

const statusLabel = (code: string) => LEAD_STATUS_LABELS[code as LeadStatus] ?? code;

/** A chunk of export rows as CSV lines: its field values and last outcomes read in one query each. */
export async function exportLines(
  db: Kysely<DB>,
  subadminId: number,
  shape: ExportShape,
  rows: readonly ExportWorkRow[],
  formatTime: (stored: string) => string,
): Promise<string> {
  const ids = rows.map((r) => r.id);
  const [values, outcomes] = await Promise.all([fieldValuesOfLeads(db, subadminId, shape.fields, ids), lastOutcomes(db, subadminId, ids)]);
  return rows
    .map((r) => {
      const last = outcomes.get(r.id);
      const own = values.get(r.id) ?? {};
      const extras = storedExtras(r.extra_details) ?? {};
      const callback = r.callback_date ? `${r.callback_date}${r.callback_time ? ` ${r.callback_time}` : ''}` : '';
      const work = csvLine([
        statusLabel(r.status),
        r.telicaller_id === null ? '' : (shape.owners.get(r.telicaller_id) ?? ''),
        last ? statusLabel(last.status) : '',
        last?.feedback ?? '',
        last?.remarks ?? '',
        callback,
        r.attempts,
        r.route_source ?? (r.batch_id !== null ? 'csv' : ''),
        r.email ?? '',
        ...shape.fields.map((f) => displayValue(f, own[f.key] ?? null)),
        ...shape.extraLabels.map((label) => extras[label] ?? ''),
      ]);
      // the original columns' line without its line end, then the rest
      return `${exportLine(r, formatTime).slice(0, -2)},${work}`;
    })
    .join('');
}
