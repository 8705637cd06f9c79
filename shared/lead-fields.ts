import { normalizePhoneNumber } from './mobile.js';
import { MAX_PAISE, paiseToRupees, rupeesToPaise } from './money.js';
import { isCalendarDate } from './dates.js';
import { storableText } from './storable-text.js';
import { hasEmailShape } from './email-shape.js';

/*
 * A company's own lead fields (docs/lead-fields.md). What a field may be is this registry of types:
 * each says how a value is read (from a form, the capture API, a file's cell), how it is stored
 * (which indexed column of lead_values), and what filters it offers. The server, the web app, the
 * importer and the tests iterate over it, so a new type is one entry here plus what the compiler
 * points at (docs/how-to/add-a-field-type.md). Free of zod: the lead form reads it on the phone.
 */

/** A value as the wire carries it (JSON): text, a number, yes/no, or the keys of a multiple choice. */
export type FieldWireValue = string | number | boolean | string[];

/**
 * A value as lead_values stores it, one row per value (a multiple choice has one row per choice):
 * `text` (indexed, at most TEXT_INDEX_MAX characters), `num` (indexed) or `long` (not indexed).
 */
export interface StoredValue {
  text: string | null;
  num: number | null;
  long: string | null;
}

/** A choice of a single- or multiple-choice field: its key is what is stored, its label what people read. */
export interface FieldChoice {
  key: string;
  label: string;
  /** retired: no longer offered, still read on the leads that have it */
  retired?: boolean;
}

/** How a list can narrow by a field's value (the company's lead lists, queues). */
export type FieldFilterKind = 'equals' | 'range' | 'anyOf' | 'yesNo';

export type ReadResult = { ok: true; values: StoredValue[] } | { ok: false; message: string };

interface FieldTypeEntry {
  /** what the company reads when it picks a type */
  label: string;
  /** the lead_values column its filter and sort read, or null: neither (long text) */
  indexed: 'text' | 'num' | null;
  filter: FieldFilterKind | null;
  /** whether it has choices the company lists */
  hasChoices: boolean;
  /**
   * A value as a person or another system gives it (a form's value, the capture API's JSON, a file's
   * cell), read into what is stored, or why it cannot be. An empty value is never given here.
   */
  read(raw: unknown, field: FieldDef): ReadResult;
  /** Stored rows back to the wire's value. */
  wire(rows: readonly StoredValue[]): FieldWireValue;
}

/** The longest text a single-line value may be: it is indexed, and Postgres limits an index entry's size. */
export const TEXT_INDEX_MAX = 200;
export const LONG_TEXT_MAX = 5000;
/** The most choices a field may have (retired ones included), and the longest label. */
export const MAX_CHOICES = 100;
export const CHOICE_LABEL_MAX = 100;
/** The most fields a company may have in use (retired fields do not count) and in all. */
export const MAX_ACTIVE_FIELDS = 50;
export const MAX_FIELDS = 200;
export const FIELD_LABEL_MAX = 60;

const one = (v: Partial<StoredValue>): ReadResult => ({ ok: true, values: [{ text: v.text ?? null, num: v.num ?? null, long: v.long ?? null }] });
const refuse = (message: string): ReadResult => ({ ok: false, message });
const asText = (raw: unknown): string | null =>
  typeof raw === 'string' ? storableText(raw).trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : null;

function textOf(max: number) {
  return (raw: unknown, field: FieldDef): ReadResult => {
    const text = asText(raw);
    if (text === null) return refuse(`${field.label} must be text.`);
    if (text.length > max) return refuse(`${field.label} must be at most ${max} characters.`);
    return max > TEXT_INDEX_MAX ? one({ long: text }) : one({ text });
  };
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
/** A choice's label or key, as a file or a form may give it (any case, spaces around). */
const choiceKeyOf = (field: FieldDef, given: string): string | null => {
  const g = given.trim().toLowerCase();
  const found = (field.choices ?? []).find((c) => !c.retired && (c.key.toLowerCase() === g || c.label.trim().toLowerCase() === g));
  return found?.key ?? null;
};
const YES = new Set(['yes', 'y', 'true', '1', 'haan', 'हाँ', 'हां']);
const NO = new Set(['no', 'n', 'false', '0', 'nahi', 'नहीं']);
/** A date as files write it: 2026-11-29, 29/11/2026, 29-11-2026, 29.11.2026 (Indian day-first order). */
function dateOf(text: string): string | null {
  if (isCalendarDate(text)) return text;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
const LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export const FIELD_TYPES = {
  text: { label: 'Text', indexed: 'text', filter: 'equals', hasChoices: false, read: textOf(TEXT_INDEX_MAX), wire: (r) => r[0]?.text ?? '' },
  longText: { label: 'Long text', indexed: null, filter: null, hasChoices: false, read: textOf(LONG_TEXT_MAX), wire: (r) => r[0]?.long ?? '' },
  number: {
    label: 'Number',
    indexed: 'num',
    filter: 'range',
    hasChoices: false,
    read(raw, field) {
      const text = typeof raw === 'number' ? String(raw) : asText(raw)?.replace(/,/g, '');
      if (!text || !NUMBER.test(text)) return refuse(`${field.label} must be a number.`);
      return one({ num: Number(text) });
    },
    wire: (r) => r[0]?.num ?? 0,
  },
  money: {
    label: 'Money (₹)',
    indexed: 'num',
    filter: 'range',
    hasChoices: false,
    read(raw, field) {
      const text = asText(raw)?.replace(/^(₹|rs\.?|inr)\s*/i, '');
      const paise = text ? rupeesToPaise(text) : null;
      if (paise === null || paise > MAX_PAISE) return refuse(`${field.label} must be an amount in rupees (at most 2 decimals).`);
      return one({ num: paise });
    },
    // rupees on the wire, as every amount (docs/product-rules.md#money)
    wire: (r) => paiseToRupees(r[0]?.num ?? 0),
  },
  date: {
    label: 'Date',
    indexed: 'text',
    filter: 'range',
    hasChoices: false,
    read(raw, field) {
      const date = dateOf(asText(raw) ?? '');
      return date ? one({ text: date }) : refuse(`${field.label} must be a date (YYYY-MM-DD or DD/MM/YYYY).`);
    },
    wire: (r) => r[0]?.text ?? '',
  },
  dateTime: {
    label: 'Date and time',
    indexed: 'text',
    filter: 'range',
    hasChoices: false,
    read(raw, field) {
      const text = asText(raw) ?? '';
      // an instant with its offset: stored in UTC, so that text order is time order
      const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
      return Number.isNaN(t)
        ? refuse(`${field.label} must be a date and time with its zone (2026-11-29T10:30:00+05:30).`)
        : one({ text: new Date(t).toISOString() });
    },
    wire: (r) => r[0]?.text ?? '',
  },
  choice: {
    label: 'Single choice',
    indexed: 'text',
    filter: 'anyOf',
    hasChoices: true,
    read(raw, field) {
      const key = typeof raw === 'string' ? choiceKeyOf(field, raw) : null;
      return key ? one({ text: key }) : refuse(`${field.label} must be one of: ${activeChoiceLabels(field)}.`);
    },
    wire: (r) => r[0]?.text ?? '',
  },
  multiChoice: {
    label: 'Multiple choice',
    indexed: 'text',
    filter: 'anyOf',
    hasChoices: true,
    read(raw, field) {
      // a list, or a file's cell with the choices separated by commas or semicolons
      const given = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[;,]/) : null;
      if (!given || given.length > MAX_CHOICES) return refuse(`${field.label} must be a list of its choices.`);
      const keys = new Set<string>();
      for (const g of given) {
        if (typeof g !== 'string') return refuse(`${field.label} must be a list of its choices.`);
        if (g.trim() === '') continue;
        const key = choiceKeyOf(field, g);
        if (!key) return refuse(`${field.label} must be chosen from: ${activeChoiceLabels(field)}.`);
        keys.add(key);
      }
      return { ok: true, values: [...keys].map((text) => ({ text, num: null, long: null })) };
    },
    wire: (r) => r.map((v) => v.text ?? '').filter(Boolean),
  },
  phone: {
    label: 'Phone',
    indexed: 'text',
    filter: 'equals',
    hasChoices: false,
    read(raw, field) {
      const phone = normalizePhoneNumber(asText(raw));
      return phone ? one({ text: phone }) : refuse(`${field.label} must be a phone number.`);
    },
    wire: (r) => r[0]?.text ?? '',
  },
  email: {
    label: 'Email',
    indexed: 'text',
    filter: 'equals',
    hasChoices: false,
    read(raw, field) {
      const text = asText(raw)?.toLowerCase() ?? '';
      return text.length <= 254 && hasEmailShape(text) ? one({ text }) : refuse(`${field.label} must be an email address.`);
    },
    wire: (r) => r[0]?.text ?? '',
  },
  yesNo: {
    label: 'Yes / no',
    indexed: 'num',
    filter: 'yesNo',
    hasChoices: false,
    read(raw, field) {
      if (typeof raw === 'boolean') return one({ num: raw ? 1 : 0 });
      const text = asText(raw)?.toLowerCase() ?? '';
      if (YES.has(text)) return one({ num: 1 });
      if (NO.has(text)) return one({ num: 0 });
      return refuse(`${field.label} must be yes or no.`);
    },
    wire: (r) => r[0]?.num === 1,
  },
  link: {
    label: 'Link',
    indexed: 'text',
    filter: 'equals',
    hasChoices: false,
    read(raw, field) {
      const text = asText(raw) ?? '';
      return text.length <= TEXT_INDEX_MAX && LINK.test(text) ? one({ text }) : refuse(`${field.label} must be a web address (https://…).`);
    },
    wire: (r) => r[0]?.text ?? '',
  },
} as const satisfies Record<string, FieldTypeEntry>;

export type FieldType = keyof typeof FIELD_TYPES;
export const FIELD_TYPE_IDS = Object.keys(FIELD_TYPES) as [FieldType, ...FieldType[]];
export const isFieldType = (v: string): v is FieldType => Object.hasOwn(FIELD_TYPES, v);

/** A company's field as every part of the app reads it (lead_fields). */
export interface FieldDef {
  id: number;
  /** stable: the capture API's and the exports' name for it (a-z, 0-9 and _, from its first label) */
  key: string;
  label: string;
  type: FieldType;
  /** for the choice types */
  choices: FieldChoice[] | null;
  /** a value is needed when the lead form is submitted (with a status it shows on) */
  required: boolean;
  /**
   * the statuses on whose section of the lead form it shows, or null: in the lead's details, with
   * every status
   */
  statuses: string[] | null;
  /** telecallers and heads may change it on the lead form (else they read it) */
  callersEdit: boolean;
  /** shown on the queue's lead cards */
  onCards: boolean;
  /** hidden: not on the lead form or the cards; the company still sees and edits it */
  hidden: boolean;
  /** retired: offered nowhere for a value; its values stay on the leads and in their history */
  retired: boolean;
  position: number;
}

/** Field keys: what the capture API and the exports call a field. */
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
/** Keys a field may not take: the lead's own fields and the capture API's. */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set([
  'name',
  'mobile',
  'email',
  'requirement',
  'area',
  'category',
  'language',
  'externalid',
  'external_id',
  'fields',
  'source',
  'status',
  'owner',
  'id',
]);

/** A key for a new field from its label: "Loan amount (₹)" is loan_amount; `taken` keys get _2, _3… */
export function fieldKeyFrom(label: string, taken: ReadonlySet<string>): string {
  let base = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32);
  if (!/^[a-z]/.test(base)) base = `field_${base}`.replace(/_+$/, '');
  let key = base;
  for (let n = 2; taken.has(key) || RESERVED_FIELD_KEYS.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** The labels of a field's choices still offered, for a message. */
export function activeChoiceLabels(field: Pick<FieldDef, 'choices'>): string {
  return (field.choices ?? [])
    .filter((c) => !c.retired)
    .map((c) => c.label)
    .join(', ');
}

/** A wire value that says "no value": missing, null, blank text or an empty list. */
export const isBlankValue = (raw: unknown): boolean =>
  raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);

/** One value read for a field: what to store (empty: clear it), or why it cannot be. */
export function readFieldValue(field: FieldDef, raw: unknown): ReadResult {
  if (isBlankValue(raw)) return { ok: true, values: [] };
  return FIELD_TYPES[field.type].read(raw, field);
}

/** Stored rows back to the wire's value; null when there are none. */
export function wireValueOf(field: Pick<FieldDef, 'type'>, rows: readonly StoredValue[]): FieldWireValue | null {
  if (!rows.length) return null;
  return FIELD_TYPES[field.type].wire(rows);
}

/** A value as people read it (a list, an export's cell): choice labels, yes/no, rupees. */
export function displayValue(field: Pick<FieldDef, 'type' | 'choices'>, value: FieldWireValue | null): string {
  if (value === null) return '';
  const label = (key: string) => field.choices?.find((c) => c.key === key)?.label ?? key;
  if (Array.isArray(value)) {
    // in the order the field lists its choices, however they were sent
    const order = (key: string) => field.choices?.findIndex((c) => c.key === key) ?? -1;
    return [...value]
      .sort((a, b) => order(a) - order(b))
      .map(label)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.type === 'choice' && typeof value === 'string') return label(value);
  return String(value);
}

/** Whether a field shows on the lead form for a status (hidden and retired fields never do). */
export const showsOnForm = (field: FieldDef, status: string | null): boolean =>
  !field.hidden && !field.retired && (field.statuses === null || (status !== null && field.statuses.includes(status)));

/** Extra details: what a file or a source gave that maps to no field, kept on the lead (label: value). */
export type ExtraDetails = Record<string, string>;
export const MAX_EXTRA_DETAILS = 50;
export const EXTRA_LABEL_MAX = 100;
export const EXTRA_VALUE_MAX = 1000;

/** Extra details as a lead keeps them (JSON label: value); null when there are none or they cannot be read. */
export function storedExtras(json: string | null): ExtraDetails | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ExtraDetails) : null;
  } catch {
    return null;
  }
}

/** Extra details bounded as stored: at most MAX_EXTRA_DETAILS, each label and value cut to its limit, blanks left out. */
export function boundedExtras(entries: Iterable<[string, unknown]>): ExtraDetails | null {
  const out: ExtraDetails = {};
  let n = 0;
  for (const [rawLabel, rawValue] of entries) {
    const label = storableText(String(rawLabel)).trim().slice(0, EXTRA_LABEL_MAX);
    const value = rawValue === null || rawValue === undefined ? '' : storableText(String(rawValue)).trim().slice(0, EXTRA_VALUE_MAX);
    if (!label || !value || Object.hasOwn(out, label)) continue;
    out[label] = value;
    if (++n >= MAX_EXTRA_DETAILS) break;
  }
  return n ? out : null;
}
