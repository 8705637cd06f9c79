import { FIELD_TYPES, LONG_TEXT_MAX, TEXT_INDEX_MAX, type FieldDef } from './lead-fields.js';

/*
 * A company's lead fields as the capture API's `fields` object takes them, in JSON Schema (OpenAPI
 * 3.0's dialect): the public API document describes `fields` for every company; the company's own
 * copy (its Lead Capture page) names its keys, types and choices (docs/lead-capture.md#fields).
 */

type Schema = Record<string, unknown>;

const choiceKeys = (f: FieldDef) => (f.choices ?? []).filter((c) => !c.retired).map((c) => c.key);
const choiceWords = (f: FieldDef) =>
  (f.choices ?? [])
    .filter((c) => !c.retired)
    .map((c) => `${c.key} (${c.label})`)
    .join(', ');

/** What one field's value may be sent as. */
export function fieldValueSchema(f: FieldDef): Schema {
  const base = (s: Schema, how: string): Schema => ({ ...s, description: `${f.label}: ${how}` });
  switch (f.type) {
    case 'text':
      return base({ type: 'string', maxLength: TEXT_INDEX_MAX }, 'text.');
    case 'longText':
      return base({ type: 'string', maxLength: LONG_TEXT_MAX }, 'text.');
    case 'number':
      return base({ oneOf: [{ type: 'number' }, { type: 'string' }] }, 'a number (up to 6 decimals).');
    case 'money':
      return base({ oneOf: [{ type: 'number' }, { type: 'string' }] }, 'an amount in rupees (at most 2 decimals; "₹", "Rs" and commas are read).');
    case 'date':
      return base({ type: 'string', format: 'date' }, 'a date, YYYY-MM-DD or DD/MM/YYYY.');
    case 'dateTime':
      return base({ type: 'string', format: 'date-time' }, 'a date and time with its zone (2026-11-29T10:30:00+05:30).');
    case 'choice':
      return base({ type: 'string', enum: choiceKeys(f) }, `one of ${choiceWords(f)} (the key or the label).`);
    case 'multiChoice':
      return base({ type: 'array', items: { type: 'string', enum: choiceKeys(f) } }, `a list among ${choiceWords(f)}.`);
    case 'phone':
      return base({ type: 'string' }, 'a phone number.');
    case 'email':
      return base({ type: 'string', format: 'email' }, 'an email address.');
    case 'yesNo':
      return base({ oneOf: [{ type: 'boolean' }, { type: 'string' }] }, 'true or false (or yes / no).');
    case 'link':
      return base({ type: 'string', format: 'uri', maxLength: TEXT_INDEX_MAX }, 'a web address (https://…).');
  }
}

/** The fields a sender must fill in: required lead details (not a status's section) that the company has not hidden or retired. */
export const requiredOnCapture = (fields: readonly FieldDef[]) => fields.filter((f) => f.required && f.statuses === null && !f.hidden && !f.retired);

/** The fields a capture may set (those in use), with the ones it must. */
export function captureFieldsSchema(fields: readonly FieldDef[], required: readonly FieldDef[]): Schema {
  const open = fields.filter((f) => !f.retired);
  return {
    type: 'object',
    description: "Your company's lead fields, by key. Another key is refused with a message naming it; null or an empty value leaves a field empty.",
    additionalProperties: false,
    ...(required.length ? { required: required.map((f) => f.key) } : {}),
    properties: Object.fromEntries(open.map((f) => [f.key, fieldValueSchema(f)])),
  };
}

/** A field's type in words, for a table of the company's keys. */
export const fieldTypeLabel = (f: FieldDef) => FIELD_TYPES[f.type].label;
