import { z } from 'zod';
import { DEFAULT_TIME_ZONE, todayIn } from '../dates.js';
import { SUBADMIN_STATUSES, type SubadminStatusFilter } from '../constants.js';
import { PageInput } from './paging.js';
import { emailField, mobileField, passwordField, requiredText } from './fields.js';
import { idOf } from './users.js';

export const TELECALLER_LIMIT_MAX = 10000;

const mobile = mobileField('Mobile', 'Enter a valid 10-digit Indian mobile number.');

const LIMIT_MESSAGE = `Telecaller limit must be a whole number from 1 to ${TELECALLER_LIMIT_MAX}.`;

/** Forms send the limit as text, JSON clients as a number; both arrive here. */
const telecallerLimit = z.union([z.number(), z.string()], { error: 'Telecaller limit is required.' }).transform((v, ctx) => {
  const text = typeof v === 'string' ? v.trim() : String(v);
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: 'Telecaller limit is required.' });
    return z.NEVER;
  }
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1 || n > TELECALLER_LIMIT_MAX) {
    ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/** A calendar date (YYYY-MM-DD) that is today or later in India. */
const expiryDate = z
  .string({ error: 'Expiry date is required.' })
  .trim()
  .min(1, { message: 'Expiry date is required.', abort: true })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'Enter the expiry date as YYYY-MM-DD.',
    abort: true,
  })
  .refine((v) => v >= todayIn(DEFAULT_TIME_ZONE), { message: 'Expiry date cannot be in the past.' });

// GSTIN: 15 letters and digits (state code, PAN, entity, Z, check). Checked loosely on purpose.
const gst = z
  .string({ error: 'GST number is required.' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { message: 'GST number is required.', abort: true })
      .regex(/^[0-9A-Z]{15}$/, 'Enter a valid 15-character GST number (letters and digits).'),
  );

export const CreateSubadminInput = z.object({
  name: requiredText('Name', 100),
  email: emailField,
  password: passwordField,
  telecaller_creat_limit: telecallerLimit,
  company_name: requiredText('Company name', 200),
  mobile,
  expiry_date: expiryDate,
  gst,
  company_bio: requiredText('Company bio', 2000),
  address: requiredText('Address', 500),
});
export type CreateSubadminInput = z.input<typeof CreateSubadminInput>;
export type CreateSubadminData = z.output<typeof CreateSubadminInput>;

export { SUBADMIN_STATUSES, type SubadminStatusFilter };

export const ListSubadminsInput = PageInput.extend({ status: z.enum(SUBADMIN_STATUSES).default('all') });
export type ListSubadminsInput = z.input<typeof ListSubadminsInput>;

export const SubadminIdInput = z.object({ id: idOf('Subadmin not found.') });

export const SetBlockedInput = SubadminIdInput.extend({ blocked: z.boolean() });

export const UpdateTermsInput = SubadminIdInput.extend({ expiry_date: expiryDate, telecaller_creat_limit: telecallerLimit });
export type UpdateTermsInput = z.input<typeof UpdateTermsInput>;

/** The state a person reads: blocked wins over expired. */
export type SubadminStatus = 'active' | 'blocked' | 'expired';

/** One row of the admin's list; never carries the password hash. */
export interface SubadminListItem {
  id: number;
  name: string;
  email: string;
  company_name: string;
  mobile: string;
  expiry_date: string;
  gst: string;
  company_bio: string;
  address: string;
  telecaller_creat_limit: number;
  is_blocked: boolean;
  status: SubadminStatus;
  /** live telecallers, heads and developers */
  users_count: number;
  /** live telecallers and heads: what the limit caps */
  telecallers_count: number;
  created_at: string;
}

export interface SubadminDashboard {
  companies: { active: number; blocked: number; expired: number; expiringSoon: number };
  expiringSoon: { id: number; name: string; company_name: string; expiry_date: string }[];
  users: { telecallers: number; heads: number; developers: number };
  leadsThisMonth: number;
  pendingComplaints: number;
  /** the day the figures were taken for (India), YYYY-MM-DD */
  today: string;
}
