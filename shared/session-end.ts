/**
 * Why a session stopped working, as a code the server gives (auth.sessionEnd) and the web app carries
 * to the sign-in page (`?reason=`), which says it in words. Never the server's own text in the address.
 */
export const SESSION_END_REASONS = [
  'expired',
  'account_blocked',
  'account_deleted',
  'company_blocked',
  'company_expired',
  'company_deleted',
  'origin_ended',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const isSessionEndReason = (v: unknown): v is SessionEndReason => (SESSION_END_REASONS as readonly unknown[]).includes(v);

/** What the sign-in page says for each reason. */
export const SESSION_END_TEXTS: Record<SessionEndReason, string> = {
  expired: 'Your session has expired. Please sign in again.',
  account_blocked: 'Your account has been blocked by your company. Please contact your company.',
  account_deleted: 'This account no longer exists.',
  company_blocked: "Your company's account is blocked. Please contact the administrator.",
  company_expired: "Your company's account has expired. Please contact the administrator.",
  company_deleted: 'This company account no longer exists.',
  origin_ended: 'The sub-admin session this one was opened from has ended. Please sign in again.',
};
