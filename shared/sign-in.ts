import { normalizeIndianMobile } from './mobile.js';
// A quick check of an address's shape; the server's schema has the last word.
import { hasEmailShape } from './email-shape.js';

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

const password: Check = (v) => (v ? null : M.passwordRequired);

export const EMAIL_SIGN_IN_CHECKS: Record<'email' | 'password', Check> = {
  email: (v) => (!v.trim() ? M.emailRequired : hasEmailShape(v.trim()) ? null : M.emailInvalid),
  password,
};

export const MOBILE_SIGN_IN_CHECKS: Record<'mobile' | 'password', Check> = {
  mobile: (v) => (!v.trim() ? M.mobileRequired : normalizeIndianMobile(v) ? null : M.mobileInvalid),
  password,
};
