import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StoredValue } from '../../../shared/lead-fields.js';
import type { FieldValues } from '../lead-fields/values.js';

/*
 * A lead's field values as routing rules compare them (docs/routing.md#rules): by field id, the
 * stored text of each value (a choice's key, a multiple choice's keys, the text of a text field).
 */
export type FieldTraits = ReadonlyMap<number, readonly string[]>;

const textOf = (v: StoredValue): string | null => v.text ?? v.long ?? (v.num === null ? null : String(v.num));

/** The traits of values read for an arriving lead. */
export function traitValuesOf(values: FieldValues | undefined): FieldTraits | undefined {
  if (!values?.size) return undefined;
  const out = new Map<number, string[]>();
  for (const [fieldId, list] of values)
    out.set(
      fieldId,
      list.map(textOf).filter((t): t is string => t !== null),
    );
  return out;
}

/** Leads' values of some fields, by lead: one query a thousand leads. */
export async function loadFieldTraits(
  db: Kysely<DB> | Transaction<DB>,
  subadminId: number,
  leadIds: readonly number[],
  fieldIds: readonly number[],
): Promise<Map<number, Map<number, string[]>>> {
  const out = new Map<number, Map<number, string[]>>();
  if (!leadIds.length || !fieldIds.length) return out;
  const rows = [];
  for (let i = 0; i < leadIds.length; i += 1000)
    rows.push(
      ...(await db
        .selectFrom('lead_values')
        .select(['lead_id', 'field_id', 'v_text', 'v_num', 'v_long'])
        .where('subadmin_id', '=', subadminId)
        .where('lead_id', 'in', leadIds.slice(i, i + 1000))
        .where('field_id', 'in', [...fieldIds])
        .execute()),
    );
  for (const r of rows) {
    const text = textOf({ text: r.v_text, num: r.v_num === null ? null : Number(r.v_num), long: r.v_long });
    if (text === null) continue;
    let byField = out.get(r.lead_id);
    if (!byField) {
      byField = new Map();
      out.set(r.lead_id, byField);
    }
    const list = byField.get(r.field_id) ?? [];
    byField.set(r.field_id, list);
    list.push(text);
  }
  return out;
}
