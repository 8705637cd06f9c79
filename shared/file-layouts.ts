/**
 * What a column of an uploaded file fills (docs/file-import.md): a part of the lead, a company field
 * (`field:<key>`), an extra detail (kept on the lead under the column's header), or nothing ("ignore").
 * A column nothing else claims is an extra detail: a file's data is never dropped unless the company
 * says so.
 */
export const LEAD_TARGETS = ['name', 'mobile', 'altMobile', 'requirement', 'area', 'category', 'email', 'dnc'] as const;
export type LeadTarget = (typeof LEAD_TARGETS)[number];
export type ColumnTarget = LeadTarget | `field:${string}` | 'extra' | 'ignore';

export const LEAD_TARGET_LABELS: Record<LeadTarget, string> = {
  name: 'Name',
  mobile: 'Mobile',
  altMobile: 'Alternate mobile',
  requirement: 'Requirement',
  area: 'Area',
  category: 'Category',
  email: 'Email',
  dnc: 'Do not call',
};

export const fieldTarget = (key: string): ColumnTarget => `field:${key}`;
export const fieldKeyOfTarget = (t: string): string | null => (t.startsWith('field:') ? t.slice(6) : null);

export function isColumnTarget(t: string): t is ColumnTarget {
  return t === 'extra' || t === 'ignore' || (LEAD_TARGETS as readonly string[]).includes(t) || /^field:[a-z0-9_]{1,60}$/.test(t);
}

/** A header as looked up: no BOM, lower case, runs of spaces, underscores, dots, dashes, colons and # as one space. */
export function headerKey(cell: unknown): string {
  return String(cell ?? '')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.\-:#]+/g, ' ')
    .trim();
}

/** The key a saved mapping is found by: the file's headers, normalized, sorted, without blanks. */
export function columnsKey(headers: readonly string[]): string {
  return [...new Set(headers.map(headerKey).filter(Boolean))].sort().join('|');
}

/** A known export: the headers that tell it apart, and what its columns fill (by headerKey). */
export interface FileLayout {
  id: string;
  name: string;
  /** where the column names were read; "unconfirmed" where no export was found to read them from */
  source: string;
  /** a file is taken for this layout when it has all of these headers */
  signature: string[];
  columns: Record<string, ColumnTarget>;
}

/**
 * The exports companies bring most. A column a layout does not name falls to the general word list,
 * then to an extra detail (a Facebook form's own question columns are extra details).
 */
export const FILE_LAYOUTS: FileLayout[] = [
  {
    id: 'indiamart',
    name: 'IndiaMART export',
    source: "IndiaMART Lead Manager's CRM API v2 row names (the same as server/services/indiamart/client.ts reads); its Excel/CSV download uses the same names",
    signature: ['sender mobile', 'unique query id'],
    columns: {
      'unique query id': 'extra',
      'query type': 'extra',
      'query time': 'extra',
      'sender name': 'name',
      'sender mobile': 'mobile',
      'sender mobile alt': 'altMobile',
      'sender phone': 'altMobile',
      'sender phone alt': 'altMobile',
      'sender email': 'email',
      'sender email alt': 'extra',
      subject: 'requirement',
      'sender company': 'name',
      'sender address': 'extra',
      'sender city': 'area',
      'sender state': 'area',
      'sender pincode': 'extra',
      'sender country iso': 'extra',
      'query product name': 'requirement',
      'query message': 'requirement',
      'query mcat name': 'extra',
      'call duration': 'extra',
      'receiver mobile': 'ignore',
    },
  },
  {
    id: 'justdial',
    name: 'JustDial',
    source:
      'The issue\'s JustDial download ("Caller Name, Caller Number", searched category, "DNC Status"); JustDial\'s lead push names ' +
      '(leadid, name, mobile, phone, email, category, city, area, pincode, dncmobile, dncphone) as read by exprohelp/CRM Crm_Api/Models/TPA.cs',
    signature: ['caller number'],
    columns: {
      'caller name': 'name',
      'caller number': 'mobile',
      'caller mobile': 'mobile',
      'caller phone': 'altMobile',
      'caller email': 'email',
      'search category': 'requirement',
      'searched category': 'requirement',
      'searched for': 'requirement',
      'dnc status': 'dnc',
      dnc: 'dnc',
      dncmobile: 'dnc',
      dncphone: 'extra',
      leadid: 'extra',
      leadtype: 'extra',
      brancharea: 'extra',
      branchpin: 'extra',
      prefix: 'extra',
    },
  },
  {
    id: '99acres',
    name: '99acres',
    source: 'unconfirmed: no 99acres response download was found in the search corpora; the usual headers of its "Responses" download',
    signature: ['property id', 'contacted on'],
    columns: {
      'property id': 'extra',
      'contacted on': 'extra',
      'property name': 'requirement',
      'project name': 'requirement',
      'property type': 'requirement',
      locality: 'area',
    },
  },
  {
    id: 'magicbricks',
    name: 'MagicBricks',
    source: 'unconfirmed: no MagicBricks lead download was found in the search corpora; the usual headers of its "My Responses" download',
    signature: ['property title', 'enquiry date'],
    columns: { 'property title': 'requirement', 'enquiry date': 'extra', 'project name': 'requirement', locality: 'area' },
  },
  {
    id: 'facebook',
    name: 'Facebook lead ads',
    source:
      "Facebook's Instant Forms CSV download (Business Suite > Instant Forms > Download) and the Graph API lead fields " +
      '(id, created_time, ad_id, ad_name, adset_id, adset_name, campaign_id, campaign_name, form_id, form_name, is_organic, platform), ' +
      "with the forms' standard questions full_name, phone_number, email, city",
    signature: ['full name', 'phone number', 'form id'],
    columns: {
      id: 'extra',
      'created time': 'extra',
      'ad id': 'extra',
      'ad name': 'extra',
      'adset id': 'extra',
      'adset name': 'extra',
      'campaign id': 'extra',
      'campaign name': 'extra',
      'form id': 'extra',
      'form name': 'extra',
      'is organic': 'extra',
      platform: 'extra',
      'full name': 'name',
      'phone number': 'mobile',
      email: 'email',
      city: 'area',
      'lead status': 'extra',
    },
  },
  {
    id: 'google-sheets',
    name: 'Google Sheets (form responses)',
    source: 'A Google Form\'s responses sheet downloaded as CSV: "Timestamp", "Email Address", then one column a question',
    signature: ['timestamp'],
    columns: { timestamp: 'extra', 'email address': 'email' },
  },
];

/** The layout a file's headers are (all of its signature present), or null. */
export function layoutOf(headers: readonly string[]): FileLayout | null {
  const keys = new Set(headers.map(headerKey));
  return FILE_LAYOUTS.find((l) => l.signature.every((s) => keys.has(s))) ?? null;
}

/** A cell of a do-not-call column: yes, y, dnc, true, 1 mark the row (JustDial's "DNC Status"). */
export function isDncCell(v: string | undefined): boolean {
  return /^(yes|y|dnc|true|1|do not call)$/i.test((v ?? '').trim());
}
