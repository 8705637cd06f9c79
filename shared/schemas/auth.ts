import { z } from 'zod';
import { normalizeIndianMobile } from '../mobile.js';
import { idField } from './users.js';
import { SIGN_IN_MESSAGES as M } from '../sign-in.js';

export const EmailSignInInput = z.object({
  email: z.string().trim().toLowerCase().min(1, M.emailRequired).pipe(z.email(M.emailInvalid)),
  password: z.string().min(1, M.passwordRequired).max(200),
});
export type EmailSignInInput = z.infer<typeof EmailSignInInput>;

export const MobileSignInInput = z.object({
  mobile: z
    .string()
    .trim()
    .min(1, M.mobileRequired)
    .transform((v, ctx) => {
      const m = normalizeIndianMobile(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: M.mobileInvalid });
        return z.NEVER;
      }
      return m;
    }),
  password: z.string().min(1, M.passwordRequired).max(200),
});
export type MobileSignInInput = z.input<typeof MobileSignInInput>;

export const LoginAsInput = z.object({ userId: idField });
