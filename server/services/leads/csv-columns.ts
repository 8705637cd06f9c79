/**
 * Which column of an uploaded CSV fills which part of a lead. Headers are matched whatever their
 * case, spaces, dots, dashes and underscores, so IndiaMART's own export (SENDER_MOBILE,
 * QUERY_PRODUCT_NAME, ...) and the words people type (Customer Name, Mobile No., Enquiry, City)
 * are read as the IndiaMART pull reads its API: the mobile, else the alternate one; the name, else
 * the company; product, subject and message as the requirement's lines; city and state as the area.
 */
import { storableText } from '../../../shared/storable-text.js';

type Role = 'mobile' | 'mobileAlt' | 'name' | 'company' | 'product' | 'subject' | 'message' | 'area' | 'address' | 'state';

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
};

const ROLE_OF = new Map<string, Role>((Object.entries(WORDS) as [Role, string[]][]).flatMap(([role, words]) => words.map((w) => [w, role] as [string, Role])));

/** A header cell as looked up: no BOM, lower case, runs of spaces, underscores, dots and dashes as one space. */
export function headerKey(cell: unknown): string {
  return String(cell ?? '')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.\-:#]+/g, ' ')
    .trim();
}

/** Where each part of a lead is read from: column indexes, in the order they are tried or joined. */
export interface Columns {
  /** tried in order: the first valid mobile wins */
  mobile: number[];
  /** the first non-empty one (the name columns, then the company) */
  name: number[];
  /** joined as lines: product, subject, message */
  requirement: number[];
  /** city or area (else the address), then the state: joined with ", " */
  area: number[];
  /** the header's own names of the columns nothing reads (empty ones left out) */
  ignored: string[];
}

/** The columns of a header row, or null when it has no mobile column. */
export function mapColumns(header: string[]): Columns | null {
  const byRole = new Map<Role, number[]>();
  const ignored: string[] = [];
  header.forEach((cell, i) => {
    const role = ROLE_OF.get(headerKey(cell));
    if (role) byRole.set(role, [...(byRole.get(role) ?? []), i]);
    else if (
      String(cell ?? '')
        .replace(/^\uFEFF/, '')
        .trim()
    )
      ignored.push(
        String(cell)
          .replace(/^\uFEFF/, '')
          .trim(),
      );
  });
  const of = (...roles: Role[]) => roles.flatMap((r) => byRole.get(r) ?? []);
  const mobile = of('mobile', 'mobileAlt');
  if (!mobile.length) return null;
  const place = of('area');
  const addresses = of('address');
  // An address is the area only when no city or area column says it more briefly.
  if (place.length && addresses.length) ignored.push(...addresses.map((i) => String(header[i]).trim()));
  return {
    mobile,
    name: of('name', 'company'),
    requirement: of('product', 'subject', 'message'),
    area: [...(place.length ? place : addresses), ...of('state')],
    ignored,
  };
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
