import { z } from 'zod';

/**
 * Why an endpoint is not one the server posts to, or null when it is: an https address on port 443
 * (push services answer there; anything else would have the server post wherever a client says).
 */
export function pushEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Not a push endpoint: not a valid address.';
  }
  if (url.protocol !== 'https:' || !/^https:\/\/[^\s/]+\/\S*$/.test(endpoint)) return 'Not a push endpoint: push services answer on https only.';
  if (url.username || url.password) return 'Not a push endpoint: it carries a user name or password.';
  // The URL parser leaves the port empty for https's own (443).
  if (url.port !== '') return 'Not a push endpoint: push services answer on port 443 only.';
  return null;
}

/** A browser's Web Push subscription (PushSubscription.toJSON()), as the app sends it. */
export const PushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .max(2000)
    .superRefine((u, ctx) => {
      const problem = pushEndpointProblem(u);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  keys: z.object({
    // 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Not a P-256 public key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Not an auth secret.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
