import { z } from 'zod';
import { canonicalTimeZone } from '../dates.js';
import { optionalPasswordField, requiredText } from './fields.js';

/**
 * What a sub-admin may change about itself. Email, mobile, expiry date and the telecaller limit are
 * the administrator's to change: they are not part of the schema, so a value sent for them is dropped.
 */
export const ProfileUpdateInput = z.object({
  name: requiredText('Name', 100),
  company_name: requiredText('Company name', 150),
  gst: requiredText('GST', 30),
  company_bio: requiredText('Company bio', 2000),
  address: requiredText('Address', 500),
  time_zone: z
    .string()
    .trim()
    .transform((tz, ctx) => {
      const zone = canonicalTimeZone(tz);
      if (zone === null) {
        ctx.addIssue({ code: 'custom', message: 'Choose a valid time zone.' });
        return z.NEVER;
      }
      return zone;
    })
    .optional(),
  password: optionalPasswordField,
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

export interface SubadminProfile {
  id: number;
  name: string;
  email: string;
  mobile: string;
  company_name: string;
  gst: string;
  company_bio: string;
  address: string;
  expiry_date: string;
  telecaller_creat_limit: number;
  time_zone: string;
}
