/** What reaches a telecaller's phone at once (docs/alerts.md): the server's LeadAlert as the app receives it. */
export type LeadAlertKind = 'lead_routed' | 'repeat_enquiry' | 'callback_due' | 'lead_called';

export interface LeadAlertMessage {
  kind: LeadAlertKind;
  leadId: number;
  leadName: string;
  /** ISO instant the alert was raised */
  at: string;
  /** the lead's page in the user area */
  url: string;
}

const KINDS: readonly string[] = ['lead_routed', 'repeat_enquiry', 'callback_due', 'lead_called'] satisfies LeadAlertKind[];

/** Checked by hand rather than with zod: the app's first files carry this, and zod stays out of them. */
export function isLeadAlertMessage(v: unknown): v is LeadAlertMessage {
  const a = v as LeadAlertMessage | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    KINDS.includes(a.kind) &&
    Number.isInteger(a.leadId) &&
    a.leadId > 0 &&
    typeof a.leadName === 'string' &&
    typeof a.at === 'string' &&
    typeof a.url === 'string' &&
    a.url.startsWith('/')
  );
}

/** The lead's page an alert opens: the lead form, from the queue the lead is in. */
export function alertUrl(kind: LeadAlertKind, leadId: number): string {
  // A lead that called back may be in any queue of its owner's: it opens on its own.
  if (kind === 'lead_called') return `/leadspage/lead/${leadId}`;
  return `/leadspage/lead/${leadId}?queue=${kind === 'callback_due' ? 'callback' : 'new'}`;
}
