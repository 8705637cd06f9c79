import { z } from 'zod';
import { USER_TYPES } from '../constants.js';
import { PageInput } from './paging.js';
import { emailField, mobileField, numeric, optionalPasswordField, passwordField, requiredText } from './fields.js';

export const UserTypeSchema = z.enum(USER_TYPES, { error: 'Select a user type.' });

/** Ids are 32-bit (Postgres serial): a larger number is no id, and must not reach the database as one. */
export const MAX_ID = 2_147_483_647;
/**
 * What a whole number past MAX_ID (however large) becomes: it names no row, so the call answers as for
 * any unknown id (not found), the same on both databases, and Postgres never sees it as an integer.
 */
export const NO_ROW_ID = -1;

const pastIds = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > MAX_ID ? MAX_ID + 1 : v);

/** A row's id; `invalid` is the message for what is no whole number above 0. */
export const idOf = (invalid: string) =>
  numeric(z.preprocess(pastIds, z.number({ error: invalid }).int(invalid).positive(invalid))).transform((id) => (id > MAX_ID ? NO_ROW_ID : id));
export const idField = idOf('A valid id is required.');
/** An id as input that parses back to `id`: for a parsed id checked again by another schema. */
export const idAsInput = (id: number) => (id === NO_ROW_ID ? MAX_ID + 1 : id);

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
