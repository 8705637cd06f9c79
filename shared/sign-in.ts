import { normalizeIndianMobile } from './mobile.js';

// The sign-in fields' rules, without zod: the sign-in page checks with them before it asks the server
// (it loads no zod), and the server's schemas (schemas/auth.ts) are built on the same messages.

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  mobileRequired: 'Mobile is required.',
  mobileInvalid: 'Enter a valid 10-digit mobile number.',
  passwordRequired: 'Password is required.',
} as const;

const M = SIGN_IN_MESSAGES;
type Check = (value: string) => string | null;

/** A quick check of an address's shape; the server's schema has the last word. */
/** As /^[^\s@]+@[^\s@]+\.[^\s@]+$/, whose overlapping runs cost the square of a domain of dots. */
function hasEmailShape(v: string): boolean {
  if (/\s/.test(v)) return false;
  const at = v.indexOf('@');
  if (at < 1 || v.indexOf('@', at + 1) >= 0) return false;
  const dot = v.indexOf('.', at + 2);
  return dot >= 0 && dot < v.length - 1;
}

const password: Check = (v) => (v ? null : M.passwordRequired);

export const EMAIL_SIGN_IN_CHECKS: Record<'email' | 'password', Check> = {
  email: (v) => (!v.trim() ? M.emailRequired : hasEmailShape(v.trim()) ? null : M.emailInvalid),
  password,
};

export const MOBILE_SIGN_IN_CHECKS: Record<'mobile' | 'password', Check> = {
  mobile: (v) => (!v.trim() ? M.mobileRequired : normalizeIndianMobile(v) ? null : M.mobileInvalid),
  password,
};
