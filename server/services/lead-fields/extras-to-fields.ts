import type { FieldDef, ExtraDetails } from '../../../shared/lead-fields.js';
import { readFieldValue } from '../../../shared/lead-fields.js';
import { headerKey } from '../../../shared/file-layouts.js';
import type { FieldValues } from './values.js';

/**
 * A source's extra details (label: value) that the company has a field for (its label or key, in any
 * case and spacing) become that field's values; the rest, and a value the field cannot take, stay
 * extra details.
 */
export function extrasToFields(fields: readonly FieldDef[], extras: ExtraDetails | null | undefined): { extras: ExtraDetails | null; values: FieldValues } {
  const values: FieldValues = new Map();
  if (!extras) return { extras: null, values };
  const byName = new Map<string, FieldDef>();
  for (const f of fields) {
    if (f.retired) continue;
    byName.set(headerKey(f.key), f);
    byName.set(headerKey(f.label), f);
  }
  const kept: ExtraDetails = {};
  for (const [label, value] of Object.entries(extras)) {
    const field = byName.get(headerKey(label));
    const read = field ? readFieldValue(field, value) : null;
    if (field && read?.ok && read.values.length) values.set(field.id, read.values);
    else kept[label] = value;
  }
  return { extras: Object.keys(kept).length ? kept : null, values };
}
