import { z } from 'zod';

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
