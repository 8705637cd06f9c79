import { LEAD_STATUS } from './constants.js';

/** The categories an upload may choose; Manual takes a custom name instead. */
export const UPLOAD_CATEGORIES = ['IndiaMART', 'JustDial', 'Local Leads'] as const;
export const INDIAMART_CATEGORY = 'IndiaMART';

/** The original client's distribution keys (DESIGN.md 5): customer_data means any category. */
export const LEGACY_CATEGORY_KEYS: Record<string, string | null> = {
  india_mart: 'IndiaMART',
  local_leads: 'Local Leads',
  customer_data: null,
};

export type LeadStatus = (typeof LEAD_STATUS)[keyof typeof LEAD_STATUS];

/** The Uploaded Leads filter; here rather than beside its schema so the page's URL check needs no zod. */
export const ASSIGNED_FILTERS = ['all', 'assigned', 'unassigned'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  '0': 'New',
  '2': 'Interested',
  '3': 'Not interested',
  '4': 'Follow-up',
  '5': 'Invalid',
  '6': 'Not submitted',
};

/** Requirement text for display: markup tags become line breaks, entities are decoded. */
export function requirementText(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw
    .replace(/<br\s*\/?>/gi, '\n')
    // Block tags break lines; inline ones (<b>, <span>...) just go.
    .replace(/<\/?(p|div|li|ul|ol|tr|table|h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A call that did not connect: an attempt, not an outcome (DESIGN.md 5). */
export const NOT_CONNECTED = ['busy', 'switched_off', 'no_answer', 'not_reachable'] as const;
export type NotConnectedOutcome = (typeof NOT_CONNECTED)[number];
export const NOT_CONNECTED_LABELS: Record<NotConnectedOutcome, string> = {
  busy: 'Busy',
  switched_off: 'Switched off',
  no_answer: 'No answer',
  not_reachable: 'Not reachable',
};
