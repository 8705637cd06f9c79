import { z } from 'zod';
import { normalizeIndianMobile } from '../mobile.js';
import { idField } from './users.js';

export const EmailSignInInput = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required.').pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Password is required.').max(200),
});
export type EmailSignInInput = z.infer<typeof EmailSignInInput>;

export const MobileSignInInput = z.object({
  mobile: z
    .string()
    .trim()
    .min(1, 'Mobile is required.')
    .transform((v, ctx) => {
      const m = normalizeIndianMobile(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit mobile number.' });
        return z.NEVER;
      }
      return m;
    }),
  password: z.string().min(1, 'Password is required.').max(200),
});
export type MobileSignInInput = z.input<typeof MobileSignInInput>;

export const LoginAsInput = z.object({ userId: idField });
