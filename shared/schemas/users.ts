import { z } from 'zod';
import { USER_TYPES } from '../constants.js';
import { normalizeIndianMobile } from '../mobile.js';
import { PageInput } from './paging.js';

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
  .pipe(z.email('Enter a valid email address.'));

/** An Indian mobile, stored as its 10 digits. */
export const mobileField = (label = 'Mobile') =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .transform((v, ctx) => {
      const m = normalizeIndianMobile(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit mobile number.' });
        return z.NEVER;
      }
      return m;
    });

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

export const UserTypeSchema = z.enum(USER_TYPES, { error: 'Select a user type.' });

export const idField = z.coerce.number({ error: 'A valid id is required.' }).int('A valid id is required.').positive('A valid id is required.');

export const UserListInput = PageInput.extend({ userType: UserTypeSchema.optional() });
export type UserListInput = z.input<typeof UserListInput>;

export const CreateUserInput = z.object({
  name: requiredText('Name', 100),
  email: emailField,
  mobile: mobileField(),
  password: passwordField,
  user_type: UserTypeSchema,
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

export const UpdateUserInput = z.object({
  id: idField,
  name: requiredText('Name', 100),
  email: emailField,
  mobile: mobileField(),
  user_type: UserTypeSchema,
  password: optionalPasswordField,
});
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

export const UserIdInput = z.object({ id: idField });
export const SetBlockedInput = z.object({ id: idField, blocked: z.boolean({ error: 'Say whether the user is blocked.' }) });

/** A user as the sub-admin's list shows it. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  mobile: string;
  user_type: (typeof USER_TYPES)[number];
  blocked: boolean;
  created_at: string;
}

export interface TelecallerLimit {
  /** live telecallers + heads (developers do not count) */
  used: number;
  max: number;
}
