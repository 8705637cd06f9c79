import { normalizeIndianMobile } from '../../../shared/mobile.js';
import { hasEmailShape } from '../../../shared/email-shape.js';
import { isDncCell } from '../../../shared/file-layouts.js';
import { boundedExtras, readFieldValue, type ExtraDetails } from '../../../shared/lead-fields.js';
import { storableText } from '../../../shared/storable-text.js';
import type { FieldValues } from '../lead-fields/values.js';
import { firstCell, joinedLines, joinedParts, type Columns } from './csv-columns.js';

export const NAME_MAX = 200;
export const AREA_MAX = 200;
export const REQUIREMENT_MAX = 5000;
const CATEGORY_MAX = 60;
const EMAIL_MAX = 254;

/** A row of a file as its lead is stored (docs/file-import.md). */
export interface FileLead {
  name: string;
  mobile: string;
  /** 'landline': a landline with its STD code, kept (a telecaller sees it marked) */
  phoneKind: 'landline' | null;
  requirement: string;
  area: string;
  /** the row's own category, else null (the upload's) */
  category: string | null;
  email: string | null;
  dnc: boolean;
  values: FieldValues;
  extras: ExtraDetails | null;
  /** what could not be read as mapped (the cell is kept as an extra detail instead) */
  problems: string[];
}

export type ReadRow = { ok: true; lead: FileLead } | { ok: false; reason: string };

/**
 * A cell's number: a mobile (the forms people send: +91-98230 11001, 919822022001, 098..., spaces), or
 * a landline with its STD code, kept as its 10 digits once the 0 (or +91) is gone. A landline's code
 * may start 6 to 8 as a mobile does (0712 is Nagpur's): written apart from the number after a 0 or
 * +91 (0712 2561234, 020-26123456) it is a landline; run together, only a code starting 1 to 5 is.
 */
function phoneOf(raw: string | undefined): { number: string; kind: 'landline' | null } | null {
  const v = (raw ?? '').trim();
  const grouped = /^(?:0|\+91[\s-]*0?)(\d{2,4})[\s-]+(\d[\d\s-]*)$/.exec(v);
  if (grouped) {
    const digits = grouped[1]! + grouped[2]!.replace(/[\s-]/g, '');
    if (/^[1-9]\d{9}$/.test(digits)) return { number: digits, kind: 'landline' };
  }
  const mobile = normalizeIndianMobile(v);
  if (mobile) return { number: mobile, kind: null };
  const run = /^(?:0|\+?910?)([1-5]\d{9})$/.exec(v.replace(/[\s\-().]/g, ''));
  return run ? { number: run[1]!, kind: 'landline' } : null;
}

const cell = (rec: readonly string[], i: number) => (rec[i] ?? '').trim();

function invalidReason(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  if (!v) return 'No mobile number';
  return `Invalid mobile number "${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`;
}

/**
 * The lead a row makes: the first mobile of its mobile columns (a landline with its STD code when
 * none is a mobile), or why it is refused. A cell that cannot be read as its target is kept as an
 * extra detail under its header, with a problem saying so: nothing the file gave is lost.
 */
export function readFileRow(rec: readonly string[], cols: Columns): ReadRow {
  let mobile: string | null = null;
  let from = -1;
  let phoneKind: FileLead['phoneKind'] = null;
  for (const i of cols.mobile) {
    const phone = phoneOf(rec[i]);
    if (phone) {
      mobile = phone.number;
      phoneKind = phone.kind;
      from = i;
      break;
    }
  }
  if (!mobile) return { ok: false, reason: invalidReason(cols.mobile.map((i) => rec[i]).find((v) => v?.trim())) };

  const problems: string[] = [];
  const extras: [string, string][] = [];
  const keep = (i: number, label: string) => {
    const v = cell(rec, i);
    if (v) extras.push([label, v]);
  };
  for (const i of cols.altMobile) if (i !== from && cell(rec, i)) keep(i, headerLabel(cols, i));

  let email: string | null = null;
  for (const i of cols.email) {
    const v = cell(rec, i);
    if (!v) continue;
    if (!email && v.length <= EMAIL_MAX && hasEmailShape(v)) email = storableText(v.toLowerCase());
    else if (v.toLowerCase() !== email) {
      if (!hasEmailShape(v)) problems.push(`"${v.slice(0, 40)}" is not an email: kept as an extra detail`);
      keep(i, headerLabel(cols, i));
    }
  }

  const values: FieldValues = new Map();
  for (const { index, field } of cols.fields) {
    const raw = cell(rec, index);
    if (!raw) continue;
    const read = readFieldValue(field, raw);
    if (read.ok) values.set(field.id, read.values);
    else {
      problems.push(`${field.label}: ${read.message} Kept as an extra detail.`);
      extras.push([field.label, raw]);
    }
  }
  for (const { index, label } of cols.extras) keep(index, label);

  const category = firstCell(rec as string[], cols.category, CATEGORY_MAX) || null;
  return {
    ok: true,
    lead: {
      name: firstCell(rec as string[], cols.name, NAME_MAX),
      mobile,
      phoneKind,
      requirement: joinedLines(rec as string[], cols.requirement, REQUIREMENT_MAX),
      area: joinedParts(rec as string[], cols.area, AREA_MAX),
      category,
      email,
      dnc: cols.dnc.some((i) => isDncCell(rec[i])),
      values,
      extras: extras.length ? boundedExtras(extras) : null,
      problems,
    },
  };
}

/** The header of a column as the plan holds it (the extras and fields know theirs; others by position). */
function headerLabel(cols: Columns, i: number): string {
  return cols.headers[i] || `Column ${i + 1}`;
}
