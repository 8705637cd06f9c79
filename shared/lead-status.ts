/**
 * Every lead status, in one place: the code the database and the wire carry, and all that follows from
 * it. The rest of the code derives its lists and maps from LEAD_STATUSES, so a new status is one entry
 * here and then the places the compiler points at (docs/how-to/add-a-lead-status.md).
 * Free of zod: the web's route guards read it in the first-load bundle.
 */

/** The extra fields of the lead form a submitted status opens (and the server then checks and stores). */
export type FormSection = 'interested' | 'callback' | 'invalidReason';

interface LeadStatusEntry {
  /** what `leads.status` and the wire carry */
  code: string;
  /** English; the user area reads `shared.status.<code>` (en.ts takes this, hi.ts translates it) */
  label: string;
  /** the telecaller queue named after the status (`work.queue`), or null: the status has no queue of its own */
  queue: string | null;
  /** the sub-admin's per-telecaller list of the status (its URL's list, `leads.byTelecaller`), or null */
  list: string | null;
  /** what a call submitted with this status counts as in the summaries (i18n `shared.callCategory.<category>`), or null */
  category: string | null;
  /** Mantine colour of its badge and of its call category's badge */
  color: string;
  /** the feedback a telecaller may choose with it; null: a telecaller cannot submit it */
  feedback: readonly string[] | null;
  /** the form's extra section for it, or null */
  form: FormSection | null;
  /** the legacy REST API's word for its list (getTelecallersWith<word>Leads) and the count field it answers, or null */
  legacy: { word: string; countField: string } | null;
  /** its count on the dashboard (`dashboard.tiles` counts, pendingtellecallerCount), or null */
  countField: string | null;
}

export const LEAD_STATUSES = {
  /** sent to a telecaller and not opened yet; the `new` queue holds those sent today, `pending` the earlier ones */
  new: {
    code: '0',
    label: 'New',
    queue: 'new',
    list: 'pending',
    category: null,
    color: 'blue',
    feedback: null,
    form: null,
    legacy: { word: 'Pending', countField: 'pending_leads_count' },
    countField: 'newLeads',
  },
  interested: {
    code: '2',
    label: 'Interested',
    queue: 'interested',
    list: 'interested',
    category: 'Interested',
    color: 'green',
    feedback: ['Running', 'Price Negotiation', 'Deal Close'],
    form: 'interested',
    legacy: { word: 'Interested', countField: 'interested_leads_count' },
    countField: 'interestedLeads',
  },
  notInterested: {
    code: '3',
    label: 'Not interested',
    queue: 'notInterested',
    list: 'notInterested',
    category: 'Not interested',
    color: 'red',
    feedback: ['Demo Not Working', 'Price Issue', 'Another Side Convert', 'Not Relevant Lead'],
    form: null,
    legacy: { word: 'NotInterested', countField: 'not_interested_leads_count' },
    countField: 'notInterestedLeads',
  },
  followUp: {
    code: '4',
    label: 'Follow-up',
    queue: 'followUp',
    list: 'followUp',
    category: 'Follow-up',
    color: 'yellow',
    feedback: ['Follow-up Option'],
    form: 'callback',
    legacy: { word: 'FollowUp', countField: 'follow_up_leads_count' },
    countField: 'followUpLeads',
  },
  invalid: {
    code: '5',
    label: 'Invalid',
    queue: 'invalid',
    list: 'invalid',
    category: 'Invalid',
    color: 'gray',
    feedback: ['Wrong Lead'],
    form: 'invalidReason',
    legacy: { word: 'Invalid', countField: 'invalid_leads_count' },
    countField: 'invalidLeads',
  },
  /** opened (when new) and no outcome submitted yet */
  noSubmit: {
    code: '6',
    label: 'Not submitted',
    queue: 'noSubmit',
    list: 'notSubmitted',
    category: 'Not submitted',
    color: 'orange',
    feedback: null,
    form: null,
    legacy: null,
    countField: 'noSubmitLeads',
  },
} as const satisfies Record<string, LeadStatusEntry>;

type Statuses = typeof LEAD_STATUSES;
export type LeadStatusKey = keyof Statuses;
/** The registry's order: the order of every list derived from it. */
export const LEAD_STATUS_KEYS = Object.keys(LEAD_STATUSES) as LeadStatusKey[];

/** Each status's code by its key, e.g. LEAD_STATUS.notInterested is '3'. */
export const LEAD_STATUS = Object.fromEntries(LEAD_STATUS_KEYS.map((k) => [k, LEAD_STATUSES[k].code])) as {
  readonly [K in LeadStatusKey]: Statuses[K]['code'];
};
export type LeadStatus = Statuses[LeadStatusKey]['code'];
export const LEAD_STATUS_CODES = LEAD_STATUS_KEYS.map((k) => LEAD_STATUSES[k].code) as [LeadStatus, ...LeadStatus[]];

/** One status's entry. STATUS_BY_CODE['3'] is notInterested's. */
export type LeadStatusInfo = Statuses[LeadStatusKey];
export const STATUS_BY_CODE = Object.fromEntries(LEAD_STATUS_KEYS.map((k) => [LEAD_STATUSES[k].code, LEAD_STATUSES[k]])) as {
  readonly [K in LeadStatusKey as Statuses[K]['code']]: Statuses[K];
};
export const isLeadStatus = (code: string): code is LeadStatus => Object.hasOwn(STATUS_BY_CODE, code);

/** A map from every status code to something, in the registry's order. */
const byCode = <T>(pick: (s: LeadStatusInfo) => T) =>
  Object.fromEntries(LEAD_STATUS_KEYS.map((k) => [LEAD_STATUSES[k].code, pick(LEAD_STATUSES[k])])) as Record<LeadStatus, T>;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = byCode((s) => s.label);
export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = byCode((s) => s.color);

/** The keys whose entry has `field` set (not null), in the registry's order. */
type KeysWith<F extends keyof LeadStatusEntry> = { [K in LeadStatusKey]: Statuses[K][F] extends null ? never : K }[LeadStatusKey];
const keysWith = <F extends keyof LeadStatusEntry>(field: F) => LEAD_STATUS_KEYS.filter((k) => LEAD_STATUSES[k][field] !== null) as KeysWith<F>[];

/** The statuses a telecaller submits (the lead form's choices), in order. */
export type SubmitStatus = Statuses[KeysWith<'feedback'>]['code'];
export const SUBMIT_STATUSES = keysWith('feedback').map((k) => LEAD_STATUSES[k].code) as [SubmitStatus, ...SubmitStatus[]];
export const FEEDBACK_OPTIONS = Object.fromEntries<readonly string[]>(
  keysWith('feedback').map((k) => [LEAD_STATUSES[k].code, LEAD_STATUSES[k].feedback]),
) as Record<SubmitStatus, readonly string[]>;
/** Every feedback a submitted status offers, e.g. 'Price Issue'. */
export type StatusFeedback = NonNullable<LeadStatusInfo['feedback']>[number];
/** The form section a submitted status opens (null: none). */
export const formSectionOf = (status: string): FormSection | null => (isLeadStatus(status) ? STATUS_BY_CODE[status].form : null);

/** The telecaller queues named after a status, in the registry's order. */
export type StatusQueue = NonNullable<LeadStatusInfo['queue']>;
export const STATUS_QUEUES = keysWith('queue').map((k) => LEAD_STATUSES[k].queue) as StatusQueue[];
/** The status a status queue holds. */
export const STATUS_OF_QUEUE = Object.fromEntries(keysWith('queue').map((k) => [LEAD_STATUSES[k].queue, LEAD_STATUSES[k].code])) as {
  readonly [K in KeysWith<'queue'> as Statuses[K]['queue']]: Statuses[K]['code'];
};

/** The sub-admin's per-telecaller lists, one a status, in the registry's order. */
export type StatusList = NonNullable<LeadStatusInfo['list']>;
export const STATUS_LISTS = keysWith('list').map((k) => LEAD_STATUSES[k].list) as [StatusList, ...StatusList[]];
export const STATUS_OF_LIST = Object.fromEntries(keysWith('list').map((k) => [LEAD_STATUSES[k].list, LEAD_STATUSES[k].code])) as {
  readonly [K in KeysWith<'list'> as Statuses[K]['list']]: Statuses[K]['code'];
};
/** The legacy REST API's lists: its word, the list, and the count field it answers, in order. */
export const LEGACY_LISTS = keysWith('legacy').flatMap((k) => {
  const { list, legacy } = LEAD_STATUSES[k];
  return list && legacy ? [{ ...legacy, list }] : [];
});

/** What calls submitted with a status count as, in the registry's order (the summaries add 'Not connected'). */
export type StatusCategory = NonNullable<LeadStatusInfo['category']>;
export const STATUS_CATEGORIES = keysWith('category').map((k) => LEAD_STATUSES[k].category) as StatusCategory[];
export const CATEGORY_OF_STATUS: Partial<Record<string, StatusCategory>> = Object.fromEntries(
  keysWith('category').map((k) => [LEAD_STATUSES[k].code, LEAD_STATUSES[k].category]),
);
/** What a call came to, as the summaries group calls: a status's category, or 'Not connected' for an attempt. */
export type CallCategory = StatusCategory | 'Not connected';
export const CALL_CATEGORIES: readonly CallCategory[] = [...STATUS_CATEGORIES, 'Not connected'];
export const CATEGORY_COLORS_OF_STATUSES = Object.fromEntries(keysWith('category').map((k) => [LEAD_STATUSES[k].category, LEAD_STATUSES[k].color])) as Record<
  StatusCategory,
  string
>;

/** The dashboard's count of each status that has one, e.g. 'notInterestedLeads'. */
export type StatusCountField = NonNullable<LeadStatusInfo['countField']>;
export const STATUS_COUNT_FIELDS = keysWith('countField').map((k) => LEAD_STATUSES[k].countField) as StatusCountField[];
