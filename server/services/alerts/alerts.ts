import { EventEmitter } from 'node:events';

/** What a telecaller's phone is told about at once: a lead routed to them, a repeat enquiry on theirs, a callback due. */
export type LeadAlertKind = 'lead_routed' | 'repeat_enquiry' | 'callback_due' | 'lead_called';

export interface LeadAlert {
  kind: LeadAlertKind;
  subadminId: number;
  userId: number;
  leadId: number;
  leadName: string;
  /** ISO instant the alert was raised */
  at: string;
}

/**
 * The alerts of this process, for whoever listens (the open apps' event streams, Web Push). Raised
 * after the transaction that caused them committed: an alert never names a lead a rollback undid.
 */
export const leadAlerts = new EventEmitter<{ alert: [LeadAlert] }>();
leadAlerts.setMaxListeners(0);

export function raiseAlerts(alerts: readonly LeadAlert[]): void {
  for (const a of alerts) leadAlerts.emit('alert', a);
}
