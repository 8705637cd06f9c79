/**
 * Notices the server writes to one user about its own work. Each is stored with its English title
 * and message (what the legacy API and the company read) and with its kind and values, from which
 * the telecaller's area says it in the reader's language.
 */
export const NOTICE_KINDS = ['projectApproved', 'projectRejected', 'updateApproved', 'updateRejected', 'complaintReplied'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeParams {
  /** the project notices' project */
  project?: string;
  /** projectRejected: why, when the company said */
  reason?: string;
  /** complaintReplied: the complaint's reason, as its author wrote it */
  complaint?: string;
  /** complaintReplied: the company's reply, as it wrote it */
  reply?: string;
}

const PARAM_NAMES = ['project', 'reason', 'complaint', 'reply'] as const;

/** Params read back from storage: each a string or absent, and at least the one its notice names. */
export function isNoticeParams(v: unknown): v is NoticeParams {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return PARAM_NAMES.every((k) => p[k] === undefined || typeof p[k] === 'string') && (typeof p.project === 'string' || typeof p.complaint === 'string');
}

export const isNoticeKind = (v: unknown): v is NoticeKind => (NOTICE_KINDS as readonly unknown[]).includes(v);

/** The English of each notice; the web app's translations use the same {{project}} and {{reason}}. */
export const NOTICE_TEXTS = {
  projectApproved: { title: 'Project approved: {{project}}', message: 'Your company approved "{{project}}". It is now running.' },
  projectRejected: { title: 'Project rejected: {{project}}', message: 'Your company rejected "{{project}}".', reason: 'Reason: {{reason}}' },
  updateApproved: { title: 'Payment update approved: {{project}}', message: 'The new figures of "{{project}}" now count.' },
  updateRejected: { title: 'Payment update rejected: {{project}}', message: '"{{project}}" keeps its previous figures.' },
  complaintReplied: { title: 'Reply to your complaint: {{complaint}}', message: '{{reply}}' },
} as const satisfies Record<NoticeKind, { title: string; message: string; reason?: string }>;

export const fillNotice = (text: string, params: NoticeParams): string =>
  text.replace(/\{\{(project|reason|complaint|reply)\}\}/g, (_, name: keyof NoticeParams) => params[name] ?? '');

/** A notice's English title and message. */
export function noticeInEnglish(kind: NoticeKind, params: NoticeParams): { title: string; message: string } {
  const t: { title: string; message: string; reason?: string } = NOTICE_TEXTS[kind];
  const message = fillNotice(t.message, params);
  return { title: fillNotice(t.title, params), message: params.reason && t.reason ? `${message}\n${fillNotice(t.reason, params)}` : message };
}
