import type { Insertable, Kysely } from 'kysely';
import type { DB, LeadValuesTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { displayValue, readFieldValue, wireValueOf, type FieldDef, type FieldWireValue, type StoredValue } from '../../../shared/lead-fields.js';

/*
 * A lead's values of its company's fields (docs/lead-fields.md): read from what a form, the capture
 * API or a file gave, stored one row a value in lead_values, read back for many leads at once, and
 * each change a line of the lead's history (lead_changes).
 */

/** Values read for a lead: by field id, what to store (an empty list clears the field). */
export type FieldValues = Map<number, StoredValue[]>;

export interface ReadFields {
  values: FieldValues;
  /** by field key, why its value cannot be taken (a required one missing, a wrong type) */
  errors: Record<string, string>;
}

/** At most this many keys in one `fields` object: a company has at most MAX_FIELDS fields. */
export const MAX_FIELD_KEYS = 200;

/**
 * `fields: { key: value }` as a form, the capture API or a file sent it, read against the company's
 * fields. A key the company has no field for, or a retired one, is refused by name; `may` says which
 * fields this sender may set (a telecaller: those they may edit), the rest are refused; `required`
 * lists the fields that must have a value (those that are required where this sender fills them in).
 */
export function readFieldInput(
  fields: readonly FieldDef[],
  input: Readonly<Record<string, unknown>> | null | undefined,
  opts: { may?: (f: FieldDef) => boolean; required?: readonly FieldDef[] } = {},
): ReadFields {
  const values: FieldValues = new Map();
  const errors: Record<string, string> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const [key, raw] of Object.entries(input ?? {})) {
    const field = byKey.get(key);
    if (!field || field.retired) {
      errors[key] = `There is no lead field "${key.slice(0, 40)}".`;
      continue;
    }
    if (opts.may && !opts.may(field)) {
      errors[key] = `${field.label} cannot be changed here.`;
      continue;
    }
    const read = readFieldValue(field, raw);
    if (read.ok) values.set(field.id, read.values);
    else errors[key] = read.message;
  }
  for (const field of opts.required ?? []) {
    if (errors[field.key]) continue;
    const given = values.get(field.id);
    if (!given || given.length === 0) errors[field.key] = `${field.label} is required.`;
  }
  return { values, errors };
}

type ValueRow = Pick<LeadValuesTable, 'lead_id' | 'field_id' | 'v_text' | 'v_num' | 'v_long'>;

const stored = (r: ValueRow): StoredValue => ({ text: r.v_text, num: r.v_num === null ? null : Number(r.v_num), long: r.v_long });

/** The value rows of these leads, grouped by lead and field. */
async function rowsOf(db: Kysely<DB>, subadminId: number, leadIds: readonly number[]): Promise<Map<number, Map<number, StoredValue[]>>> {
  const out = new Map<number, Map<number, StoredValue[]>>();
  if (!leadIds.length) return out;
  const rows = await db
    .selectFrom('lead_values')
    .select(['lead_id', 'field_id', 'v_text', 'v_num', 'v_long'])
    .where('subadmin_id', '=', subadminId)
    .where('lead_id', 'in', [...new Set(leadIds)])
    .orderBy('lead_id')
    .orderBy('field_id')
    .orderBy('item')
    .execute();
  for (const r of rows) {
    let byField = out.get(r.lead_id);
    if (!byField) {
      byField = new Map();
      out.set(r.lead_id, byField);
    }
    const list = byField.get(r.field_id);
    if (list) list.push(stored(r));
    else byField.set(r.field_id, [stored(r)]);
  }
  return out;
}

/** Leads' values as the wire carries them: by lead id, { key: value } of the fields that have one. */
export async function fieldValuesOfLeads(
  db: Kysely<DB>,
  subadminId: number,
  fields: readonly FieldDef[],
  leadIds: readonly number[],
): Promise<Map<number, Record<string, FieldWireValue>>> {
  const out = new Map<number, Record<string, FieldWireValue>>();
  if (!fields.length) return out;
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const [leadId, byField] of await rowsOf(db, subadminId, leadIds)) {
    const values: Record<string, FieldWireValue> = {};
    for (const [fieldId, rows] of byField) {
      const field = byId.get(fieldId);
      const value = field ? wireValueOf(field, rows) : null;
      if (field && value !== null) values[field.key] = value;
    }
    out.set(leadId, values);
  }
  return out;
}

/** One field's change on a lead, as its history shows it: the label and values as people read them then. */
export interface FieldChange {
  key: string;
  label: string;
  from: string;
  to: string;
}

const rowsFor = (subadminId: number, leadId: number, fieldId: number, values: readonly StoredValue[], multi: boolean): Insertable<DB['lead_values']>[] =>
  values.map((v) => ({
    lead_id: leadId,
    field_id: fieldId,
    item: multi ? (v.text ?? '') : '',
    subadmin_id: subadminId,
    v_text: v.text,
    v_num: v.num,
    v_long: v.long,
  }));

/** Value rows for a new lead (an import, the capture API, Add Lead): nothing to compare with, so no history. */
export function newLeadValueRows(subadminId: number, leadId: number, fields: readonly FieldDef[], values: FieldValues): Insertable<DB['lead_values']>[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  return [...values].flatMap(([fieldId, list]) => rowsFor(subadminId, leadId, fieldId, list, byId.get(fieldId)?.type === 'multiChoice'));
}

/** Inserts value rows in statements of a bounded size (each row is 7 parameters; SQLite allows 32,766). */
export async function insertValueRows(db: Kysely<DB>, rows: readonly Insertable<DB['lead_values']>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('lead_values')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/**
 * Sets a lead's values for the fields in `values` (in the caller's transaction), and records what
 * changed as a line of the lead's history, by `by` (a user, the company, or neither). Answers the
 * changes (none: nothing was written).
 */
export async function setLeadValues(
  trx: Kysely<DB>,
  lead: { subadminId: number; leadId: number },
  fields: readonly FieldDef[],
  values: FieldValues,
  by: { userId?: number | null; subadminId?: number | null } = {},
): Promise<FieldChange[]> {
  if (!values.size) return [];
  const before = (await rowsOf(trx, lead.subadminId, [lead.leadId])).get(lead.leadId) ?? new Map<number, StoredValue[]>();
  const byId = new Map(fields.map((f) => [f.id, f]));
  const changes: FieldChange[] = [];
  const changedIds: number[] = [];
  const rows: Insertable<DB['lead_values']>[] = [];
  for (const [fieldId, next] of values) {
    const field = byId.get(fieldId);
    if (!field) continue;
    const from = displayValue(field, wireValueOf(field, before.get(fieldId) ?? []));
    const to = displayValue(field, wireValueOf(field, next));
    if (from === to) continue;
    changes.push({ key: field.key, label: field.label, from, to });
    changedIds.push(fieldId);
    rows.push(...rowsFor(lead.subadminId, lead.leadId, fieldId, next, field.type === 'multiChoice'));
  }
  if (!changes.length) return [];
  await trx
    .deleteFrom('lead_values')
    .where('lead_id', '=', lead.leadId)
    .where('subadmin_id', '=', lead.subadminId)
    .where('field_id', 'in', changedIds)
    .execute();
  await insertValueRows(trx, rows);
  await trx
    .insertInto('lead_changes')
    .values({
      subadmin_id: lead.subadminId,
      lead_id: lead.leadId,
      user_id: by.userId ?? null,
      acted_by_subadmin: by.subadminId ?? null,
      changes: JSON.stringify(changes),
      created_at: nowIso(),
    })
    .execute();
  return changes;
}
