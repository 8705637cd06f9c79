import { z } from 'zod';
import { normalizeIndianMobile } from '../mobile.js';

/**
 * A number sent as a number or as plain decimal text ("12", " 7 ", "2.5"). Unlike z.coerce, true,
 * [5], "0x1F" and "1e3" are not numbers here: `{ id: true }` must not mean the row with id 1.
 */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);

/** A required text field: missing, null and blank all read "<Label> is required." */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .describe('An email address (kept in lower case).');

/** A transform that keeps what `normalize` makes of the text, or refuses it with `invalid` when that is null. */
export const normalizedOr =
  (normalize: (v: string) => string | null, invalid: string) =>
  (v: string, ctx: z.RefinementCtx): string => {
    const n = normalize(v);
    if (n) return n;
    ctx.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  };

/** An Indian mobile, stored as its 10 digits. */
export const mobileField = (label = 'Mobile', invalid = 'Enter a valid 10-digit mobile number.') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .transform(normalizedOr(normalizeIndianMobile, invalid))
    .describe('An Indian mobile: 10 digits starting 6 to 9, with or without +91 or 0, spaces and dashes.');

const PASSWORD_MIN = 'Password must be at least 8 characters.';
const PASSWORD_MAX = 'Password must be at most 200 characters.';

export const passwordField = z
  .string({ error: 'Password is required.' })
  .min(1, { message: 'Password is required.', abort: true })
  .min(8, PASSWORD_MIN)
  .max(200, PASSWORD_MAX);

/** A new password that may be left empty (or null) to keep the current one. */
export const optionalPasswordField = z
  .string()
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().min(8, PASSWORD_MIN).max(200, PASSWORD_MAX).optional());
