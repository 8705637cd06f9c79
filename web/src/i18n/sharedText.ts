import { createContext, useContext } from 'react';
import { NOT_CONNECTED_LABELS } from '../../../shared/leads.js';
import { CALL_CATEGORIES, LEAD_STATUS_LABELS, type CallCategory } from '../../../shared/lead-status.js';
import { USER_TYPE_LABELS } from '../../../shared/constants.js';
import type { Language } from '../../../shared/schemas/language.js';
import { NOTICE_TEXTS } from '../../../shared/notices.js';

/**
 * The English of the components the user area shares with the admin's and sub-admin's (the frame,
 * the bell, lists, date filters, the names of statuses): those areas read it from here, the user area
 * in the user's language (useSharedText, below). Part of the user area's resources, under `shared`.
 */
export const SHARED_TEXTS = {
  shell: {
    openMenu: 'Open menu',
    expandSidebar: 'Expand sidebar',
    minimiseSidebar: 'Minimise sidebar',
    toDashboard: ', dashboard',
    accountMenu: 'Account menu',
    logout: 'Logout',
    role: { ...USER_TYPE_LABELS, none: 'User' },
    timesIn: 'Times are in {{zone}}',
  },
  bell: {
    title: 'Notifications',
    unread: '{{count}} unread',
    empty: 'No notifications yet.',
    all: 'View all notifications',
    failed: 'Could not load notifications.',
    callbacks: 'Callbacks',
    callbackCount_one: '{{count}} callback',
    callbackCount_other: '{{count}} callbacks',
    due: '{{count}} due',
    missed: '{{count}} missed',
    dueBadge: 'Due',
    missedBadge: 'Missed',
    newLeads: 'New leads',
    newBadge: 'New',
    repeatBadge: 'Again',
    calledBadge: 'Called',
  },
  reminder: { on: 'Call back {{name}} on {{when}}', at: 'Call back {{name}} at {{time}}', today: 'Call back {{name}} today' },
  list: { failed: 'Could not load this.', tryAgain: 'Try again', range: '{{first}}–{{last}} of {{total}}', actions: 'Actions', exportCsv: 'Export CSV' },
  range: { from: 'From', to: 'To', apply: 'Apply Filter', today: 'today, {{date}}' },
  status: LEAD_STATUS_LABELS,
  notConnected: NOT_CONNECTED_LABELS,
  quality: { excellent: 'Excellent', good: 'Good', poor: 'Poor', notRated: 'Not rated' },
  callCategory: Object.fromEntries(CALL_CATEGORIES.map((c) => [c, c])) as Record<CallCategory, string>,
  inbox: { allCaughtUp: 'All caught up', markAllRead: 'Mark all as read', empty: 'No notifications found', markFailed: 'Could not mark as read.', new: 'New' },
  addLead: {
    name: 'Name',
    mobile: 'Mobile',
    mobilePlaceholder: '10-digit mobile number',
    requirement: 'Requirement',
    requirementPlaceholder: 'What the customer is looking for',
    area: 'Area',
    areaPlaceholder: 'City or locality',
    email: 'Email',
    category: 'Category',
    categoryPlaceholder: 'Select a category',
    categoryName: 'Category name',
    categoryNamePlaceholder: 'e.g. Trade fair 2024',
    /** the labels of the categories that are words, not names (their values stay as they are) */
    localLeads: 'Local Leads',
    manual: 'Manual',
    submit: 'Add Lead',
    notAdded: 'Lead not added',
    addedToMine: 'Lead added to your new leads: {{name}}.',
    addedToPool: 'Lead added to the pool: {{name}}.',
    addedRouted: 'Lead added and given to {{to}}: {{name}}.',
    addedWaiting: 'Lead added: {{name}}. Nobody is available now; it goes out as soon as someone is.',
  },
  projectStatus: {
    waiting: 'Waiting for approval',
    running: 'Running',
    complete: 'Complete',
    rejected: 'Rejected',
    delayed: 'Delayed',
    updateWaiting: 'Update waiting for approval',
  },
  business: {
    projects: 'Total Projects',
    value: 'Total Project Value',
    received: 'Total Received Payments',
    pending: 'Total Pending Payments',
    commission: 'Commission on price',
    earned: 'Commission earned (on money received)',
  },
  ledger: {
    title: 'Payments: {{name}}',
    label: 'Payments',
    failed: 'Could not load the payments.',
    summary: 'Received {{received}} of {{price}}; pending {{pending}}.',
    empty: 'No payments recorded yet.',
    when: 'When',
    entry: 'Entry',
    advance: 'Advance',
    update: 'Payment update',
    amount: 'Amount',
    receivedAfter: 'Received after',
    approvedBy: 'Approved by',
    waiting: 'An update to {{amount}} received is waiting for approval.',
  },
  taskStatus: { new: 'New', running: 'Running', completed: 'Completed', delayed: 'Delayed', approved: 'Approved' },
  taskMedia: { openImage: 'Open the image of {{name}}', video: 'Video' },
  complaint: { pending: 'Pending', resolved: 'Resolved', noReply: 'No reply' },
  /** notices the server writes to a user (a project decided), with {{project}} and {{reason}} */
  notice: NOTICE_TEXTS,
};

/** Dotted paths to the strings of a texts object: 'bell.title', 'status.2'... */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural's keys (x_one, x_other) are asked for as x, with a count. */
type Unplural<K> = K extends `${infer B}_${'one' | 'other'}` ? B : K;

export type SharedKey = Unplural<Leaves<typeof SHARED_TEXTS>>;
export type TextValues = Record<string, string | number>;

export interface SharedText {
  t: (key: SharedKey, values?: TextValues) => string;
  /** a message the server (or a shared schema) wrote in English, in the reader's language when known */
  serverText: (message: string) => string;
  /** a lead form's feedback as sent (the original app's English value), as the reader says it */
  feedbackText: (value: string) => string;
  language: Language;
}

function lookup(path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], SHARED_TEXTS);
}

/** English, straight from SHARED_TEXTS: what the admin's and sub-admin's areas read, without i18next. */
export const ENGLISH: SharedText = {
  t(key, values) {
    const count = values?.count;
    const plural = typeof count === 'number' ? lookup(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined;
    const text = String(plural ?? lookup(key) ?? key);
    return values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  },
  serverText: (message) => message,
  feedbackText: (value) => value,
  language: 'en',
};

const SharedTextContext = createContext<SharedText>(ENGLISH);

/** Which rows of a paged list are shown: "21–40 of 57" ("of 10000+" past what a list pages through), in the area's language. */
export function pageRange(page: number, pageSize: number, total: number, t: SharedText['t'], capped = false): string {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return t('list.range', { first, last, total: capped ? `${total}+` : total });
}

/** A form field's props (Mantine's getInputProps) with its message, a shared schema's English, in the reader's language. */
export const withMessageIn = <P extends { error?: unknown }>(props: P, serverText: SharedText['serverText']): P =>
  typeof props.error === 'string' ? { ...props, error: serverText(props.error) } : props;

/** The user area provides its language here (i18n/UserLanguage.tsx); elsewhere the shared components read English. */
export const SharedTextProvider = SharedTextContext.Provider;

/** The texts of a component shared between areas, in the language of the area it is shown in. */
export const useSharedText = (): SharedText => useContext(SharedTextContext);
