/**
 * Which column of an uploaded file fills which part of a lead (docs/file-import.md). Headers are
 * matched whatever their case, spaces, dots, dashes and underscores: first a company field's label
 * or key, then a known export's layout (shared/file-layouts.ts), then the words people type
 * (Customer Name, Mobile No., Enquiry, City). What nothing claims is kept as an extra detail.
 * Several columns may fill one part: the mobile, else the alternate one; the name, else the
 * company; product, subject and message as the requirement's lines; city and state as the area.
 */
import { storableText } from '../../../shared/storable-text.js';
import type { FieldDef } from '../../../shared/lead-fields.js';
import { fieldKeyOfTarget, fieldTarget, headerKey, layoutOf, type ColumnTarget, type FileLayout, type LeadTarget } from '../../../shared/file-layouts.js';

export { headerKey };

type Role = 'mobile' | 'mobileAlt' | 'name' | 'company' | 'product' | 'subject' | 'message' | 'area' | 'address' | 'state' | 'email' | 'dnc';
const WORDS: Record<Role, string[]> = {
  mobile: [
    'mobile',
    'phone',
    'number',
    'contact',
    'mobile number',
    'phone number',
    'mobile no',
    'phone no',
    'contact number',
    'contact no',
    'mob',
    'mob no',
    'cell',
    'cell no',
    'cell number',
    'whatsapp',
    'whatsapp no',
    'whatsapp number',
    'telephone',
    'tel',
    'sender mobile',
    'customer mobile',
    'customer phone',
    'customer number',
    'buyer mobile',
    'buyer phone',
    'lead mobile',
    'lead phone',
  ],
  mobileAlt: [
    'sender mobile alt',
    'sender phone',
    'sender phone alt',
    'alternate number',
    'alternate mobile',
    'alternate phone',
    'alternative number',
    'alt mobile',
    'alt number',
    'alt phone',
    'other number',
    'mobile 2',
    'phone 2',
    'landline',
  ],
  name: [
    'name',
    'customer name',
    'full name',
    'lead name',
    'contact name',
    'contact person',
    'client name',
    'buyer name',
    'person name',
    'sender name',
    'customer',
    'client',
    'buyer',
    'person',
  ],
  company: ['company', 'company name', 'sender company', 'firm', 'firm name', 'business', 'business name', 'organisation', 'organization'],
  product: ['product', 'products', 'product name', 'query product name', 'service', 'services', 'item', 'interested in', 'category of interest'],
  subject: ['subject', 'requirement', 'requirements', 'enquiry', 'enquiry for', 'inquiry', 'inquiry for', 'query', 'need', 'looking for'],
  message: [
    'message',
    'query message',
    'enquiry details',
    'inquiry details',
    'requirement details',
    'description',
    'details',
    'remarks',
    'remark',
    'comments',
    'comment',
    'notes',
    'note',
    'feedback',
  ],
  area: ['area', 'city', 'location', 'sender city', 'town', 'district', 'locality', 'region', 'place', 'customer city', 'buyer city'],
  address: ['address', 'sender address', 'full address', 'customer address'],
  state: ['state', 'sender state', 'province'],
  email: ['email', 'e mail', 'email id', 'email address', 'mail', 'mail id', 'sender email', 'customer email', 'buyer email'],
  dnc: ['dnc', 'dnc status', 'do not call', 'dnd', 'dnd status'],
};

const ROLE_OF = new Map<string, Role>((Object.entries(WORDS) as [Role, string[]][]).flatMap(([role, words]) => words.map((w) => [w, role] as [string, Role])));

const TARGET_OF: Record<Role, LeadTarget> = {
  mobile: 'mobile',
  mobileAlt: 'altMobile',
  name: 'name',
  company: 'name',
  product: 'requirement',
  subject: 'requirement',
  message: 'requirement',
  area: 'area',
  address: 'area',
  state: 'area',
  email: 'email',
  dnc: 'dnc',
};
/** Within one part, the order its columns are tried or joined in: the name before the company, the city before the state. */
const RANK: Record<Role, number> = {
  mobile: 0,
  mobileAlt: 1,
  name: 0,
  company: 1,
  product: 0,
  subject: 1,
  message: 2,
  area: 0,
  address: 1,
  state: 2,
  email: 0,
  dnc: 0,
};
const rankOf = (header: string) => {
  const role = ROLE_OF.get(headerKey(header));
  return role ? RANK[role] : 50;
};

const cleanHeader = (cell: unknown) =>
  String(cell ?? '')
    .replace(/^\uFEFF/, '')
    .trim();

export interface GuessedMapping {
  targets: ColumnTarget[];
  /** the known export the file is, when it is one */
  layout: FileLayout | null;
}

/**
 * The guessed target of each column: a company field whose label or key is the header, the layout's
 * column, a word people use, else an extra detail (a blank header: ignored, it has no label).
 */
export function guessMapping(header: readonly string[], fields: readonly FieldDef[]): GuessedMapping {
  const layout = layoutOf(header);
  const fieldOf = new Map<string, FieldDef>();
  for (const f of fields) {
    if (f.retired) continue;
    fieldOf.set(headerKey(f.key), f);
    fieldOf.set(headerKey(f.label), f);
  }
  const targets = header.map((cell): ColumnTarget => {
    const key = headerKey(cell);
    if (!key) return 'ignore';
    const field = fieldOf.get(key);
    if (field) return fieldTarget(field.key);
    const inLayout = layout?.columns[key];
    if (inLayout) return inLayout;
    const role = ROLE_OF.get(key);
    return role ? TARGET_OF[role] : 'extra';
  });
  // An address is the area only when no city or area column says it more briefly: then it is an extra detail.
  const hasPlace = header.some((c, i) => targets[i] === 'area' && ROLE_OF.get(headerKey(c)) !== 'address');
  if (hasPlace) {
    for (let i = 0; i < header.length; i++) if (targets[i] === 'area' && ROLE_OF.get(headerKey(header[i])) === 'address') targets[i] = 'extra';
  }
  return { targets, layout };
}

/** Where each part of a lead is read from: column indexes, in the order they are tried or joined. */
export interface Columns {
  /** tried in order: the first valid mobile wins (the mobile columns, then the alternate ones) */
  mobile: number[];
  /** the alternate mobile columns (their number, when not the lead's, is kept as an extra detail) */
  altMobile: number[];
  /** the first non-empty one (the name columns, then the company) */
  name: number[];
  /** joined as lines: product, subject, message */
  requirement: number[];
  /** city or area (else the address), then the state: joined with ", " */
  area: number[];
  /** the first non-empty one: the lead's category instead of the upload's */
  category: number[];
  /** the first valid email */
  email: number[];
  /** any marked: the lead is do-not-call */
  dnc: number[];
  /** a company field each */
  fields: { index: number; field: FieldDef }[];
  /** kept as extra details under the column's header */
  extras: { index: number; label: string }[];
  /** the header's names of the columns the company said to ignore (blank ones left out) */
  ignored: string[];
  /** the header's names of the columns kept as extra details */
  extraColumns: string[];
  /** every column's header, cleaned (an extra detail's label) */
  headers: string[];
}

/** The columns of a header row under a mapping (a target a column), or null when no column is a mobile. */
export function planColumns(header: readonly string[], targets: readonly ColumnTarget[], fields: readonly FieldDef[]): Columns | null {
  const byKey = new Map(fields.filter((f) => !f.retired).map((f) => [f.key, f]));
  const of = (t: LeadTarget) =>
    header
      .map((c, i) => ({ i, rank: rankOf(c) }))
      .filter(({ i }) => targets[i] === t)
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ i }) => i);
  const cols: Columns = {
    mobile: [...of('mobile'), ...of('altMobile')],
    altMobile: of('altMobile'),
    name: of('name'),
    requirement: of('requirement'),
    area: of('area'),
    category: of('category'),
    email: of('email'),
    dnc: of('dnc'),
    fields: [],
    extras: [],
    ignored: [],
    extraColumns: [],
    headers: header.map((c) => storableText(cleanHeader(c))),
  };
  if (!cols.mobile.length) return null;
  header.forEach((cell, i) => {
    const label = storableText(cleanHeader(cell));
    const t = targets[i] ?? 'extra';
    const key = fieldKeyOfTarget(t);
    const field = key ? byKey.get(key) : undefined;
    if (field) cols.fields.push({ index: i, field });
    else if (t === 'ignore' || (!label && (t === 'extra' || key))) {
      if (label) cols.ignored.push(label);
    } else if (t === 'extra' || key) {
      cols.extras.push({ index: i, label });
      cols.extraColumns.push(label);
    }
  });
  return cols;
}

/** The columns as guessed (the legacy upload and a file without a saved mapping), or null without a mobile column. */
export function mapColumns(header: string[], fields: readonly FieldDef[] = []): Columns | null {
  return planColumns(header, guessMapping(header, fields).targets, fields);
}

// A NUL byte, or a lone surrogate, is dropped or replaced as in every other input (both databases store it then).
const clip = (s: string, max: number) => storableText(s.length > max ? s.slice(0, max) : s);

/** The first non-empty cell of the columns. */
export function firstCell(rec: string[], cols: number[], max: number): string {
  for (const i of cols) {
    const v = rec[i]?.trim();
    if (v) return clip(v, max);
  }
  return '';
}

/** The cells' lines, one after another, with a line repeating the one before left out. */
export function joinedLines(rec: string[], cols: number[], max: number): string {
  if (cols.length === 1) {
    const v = rec[cols[0]!];
    return v === undefined ? '' : clip((v.includes('\r') ? v.replace(/\r\n?/g, '\n') : v).trim(), max);
  }
  const lines: string[] = [];
  for (const i of cols) {
    const v = rec[i];
    if (!v) continue;
    const text = (v.includes('\r') ? v.replace(/\r\n?/g, '\n') : v).trim();
    if (text && lines[lines.length - 1] !== text) lines.push(text);
  }
  return clip(lines.join('\n'), max);
}

/** The cells joined with ", ", a part the same as the one before (a city that is also the state) once. */
export function joinedParts(rec: string[], cols: number[], max: number): string {
  const parts: string[] = [];
  for (const i of cols) {
    const v = rec[i]?.trim();
    if (v && parts[parts.length - 1]?.toLowerCase() !== v.toLowerCase()) parts.push(v);
  }
  return clip(parts.join(', '), max);
}
