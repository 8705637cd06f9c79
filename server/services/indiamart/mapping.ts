import { normalizeIndianMobile } from '../../../shared/mobile.js';
import { hasEmailShape } from '../../../shared/email-shape.js';
import { requirementText } from '../../../shared/leads.js';
import { storableText } from '../../../shared/storable-text.js';
import { boundedExtras, type ExtraDetails } from '../../../shared/lead-fields.js';
import type { LeadInput } from '../leads/leads.repository.js';
import type { IndiamartRow } from './client.js';

const MAX_REQUIREMENT = 5000;
const MAX_FIELD = 255;

const text = (v: unknown) => (typeof v === 'string' ? storableText(v) : typeof v === 'number' ? String(v) : '');
/** One line of plain text: markup and line breaks become spaces. */
const plain = (v: unknown) => requirementText(text(v)).replace(/\s+/g, ' ').trim();

/**
 * The requirement as plain text with line breaks: product, subject, then the buyer's message
 * with its markup (<br>, <p>, ...) turned into lines. Empty lines and a repeated part are dropped.
 */
export function indiamartRequirement(row: IndiamartRow): string {
  const lines: string[] = [];
  for (const part of [row.QUERY_PRODUCT_NAME, row.SUBJECT, row.QUERY_MESSAGE]) {
    for (const line of requirementText(text(part)).split('\n')) {
      const l = line.replace(/[ \t\u00a0]+/g, ' ').trim();
      if (l && lines[lines.length - 1] !== l) lines.push(l);
    }
  }
  return lines.join('\n').slice(0, MAX_REQUIREMENT);
}

/** "City, State" from whichever of the two IndiaMART gave. */
export function indiamartArea(row: IndiamartRow): string {
  const city = plain(row.SENDER_CITY);
  const state = plain(row.SENDER_STATE);
  const parts = city && state && city.toLowerCase() === state.toLowerCase() ? [city] : [city, state].filter(Boolean);
  return parts.join(', ').slice(0, MAX_FIELD);
}

export type MappedRow = { ok: true; lead: LeadInput } | { ok: false; ref: string; reason: string };

/** The buyer's email, when IndiaMART gave a usable one (else it is kept as an extra detail). */
function emailOf(row: IndiamartRow): string | null {
  const v = plain(row.SENDER_EMAIL).toLowerCase();
  return v && v.length <= 254 && hasEmailShape(v) ? v : null;
}

/**
 * What the lead's own parts do not hold, kept on it as extra details (docs/file-import.md): the query
 * id, the enquiry time, the pincode, the alternate mobile (when not the lead's own), another email.
 */
function indiamartExtras(row: IndiamartRow, mobileFromAlt: boolean): ExtraDetails | null {
  const email = plain(row.SENDER_EMAIL);
  return boundedExtras([
    ['Query ID', plain(row.UNIQUE_QUERY_ID)],
    ['Enquiry time', plain(row.QUERY_TIME)],
    ['Pincode', plain(row.SENDER_PINCODE)],
    ['Alternate mobile', mobileFromAlt ? '' : plain(row.SENDER_MOBILE_ALT)],
    ['Email', email && !emailOf(row) ? email : ''],
  ]);
}

export function mapIndiamartRow(row: IndiamartRow): MappedRow {
  const ref = plain(row.UNIQUE_QUERY_ID);
  const own = normalizeIndianMobile(text(row.SENDER_MOBILE));
  const mobile = own ?? normalizeIndianMobile(text(row.SENDER_MOBILE_ALT));
  if (!mobile) {
    const given = plain(row.SENDER_MOBILE) || plain(row.SENDER_MOBILE_ALT);
    return { ok: false, ref, reason: given ? `Not a valid Indian mobile: ${given.slice(0, 20)}` : 'No mobile number' };
  }
  return {
    ok: true,
    lead: {
      name: (plain(row.SENDER_NAME) || plain(row.SENDER_COMPANY)).slice(0, MAX_FIELD),
      mobile,
      requirement: indiamartRequirement(row),
      area: indiamartArea(row),
      sourceRef: ref ? ref.slice(0, MAX_FIELD) : null,
      email: emailOf(row),
      extraDetails: indiamartExtras(row, !own),
    },
  };
}

export interface MappedPull {
  /** the enquiries to take in: a mobile's second enquiry in the answer is there too (a repeat enquiry) */
  leads: LeadInput[];
  /** rows without a usable mobile */
  invalid: { ref: string; reason: string }[];
  /** rows repeating an enquiry earlier in the same answer: its query id, or (without one) its mobile and requirement */
  repeated: number;
}

/** Maps an answer's rows; the same enquiry twice within the answer counts once, and then as a duplicate. */
export function mapIndiamartRows(rows: IndiamartRow[]): MappedPull {
  const out: MappedPull = { leads: [], invalid: [], repeated: 0 };
  const seen = new Set<string>();
  for (const row of rows) {
    const m = mapIndiamartRow(row);
    if (!m.ok) {
      out.invalid.push({ ref: m.ref, reason: m.reason });
      continue;
    }
    const { lead } = m;
    const enquiry = lead.sourceRef ? `ref:${lead.sourceRef}` : `row:${lead.mobile}\n${lead.requirement}`;
    if (seen.has(enquiry)) {
      out.repeated++;
      continue;
    }
    seen.add(enquiry);
    out.leads.push(lead);
  }
  return out;
}
