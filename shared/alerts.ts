import { z } from 'zod';

/** What reaches a telecaller's phone at once (docs/alerts.md); the server's LeadAlert as the app receives it. */
export const LeadAlertMessage = z.object({
  kind: z.enum(['lead_routed', 'repeat_enquiry', 'callback_due']),
  leadId: z.number().int().positive(),
  leadName: z.string(),
  at: z.string(),
  /** the lead's page in the user area */
  url: z.string(),
});
export type LeadAlertMessage = z.infer<typeof LeadAlertMessage>;

/** The lead's page an alert opens: the lead form, from the queue the lead is in. */
export function alertUrl(kind: LeadAlertMessage['kind'], leadId: number): string {
  return `/leadspage/lead/${leadId}?queue=${kind === 'callback_due' ? 'callback' : 'new'}`;
}

/** A browser's Web Push subscription (PushSubscription.toJSON()), as the app sends it. */
export const PushSubscriptionInput = z.object({
  // Push services answer on https only; anything else would have the server post wherever a client says.
  endpoint: z
    .string()
    .max(2000)
    .refine((u) => /^https:\/\/[^\s/]+\/\S*$/.test(u), 'Not a push endpoint.'),
  keys: z.object({
    // 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Not a P-256 public key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Not an auth secret.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
