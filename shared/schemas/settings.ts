import { z } from 'zod';
import { mobileField } from './fields.js';

export const IndiamartInput = z.object({
  api_link: z
    .string({ error: 'API link is required.' })
    .trim()
    .min(1, 'API link is required.')
    .max(2000, 'API link must be at most 2000 characters.')
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'Enter a valid https:// link.' }))
    // The server calls this link on a schedule: only IndiaMART's own hosts, never an address inside the network.
    .refine(
      (link) => !URL.canParse(link) || /(^|\.)indiamart\.com$/i.test(new URL(link).hostname),
      'Enter the API link IndiaMART gave you (an indiamart.com address).',
    ),
  mobile_number: mobileField('Mobile number'),
});
export type IndiamartInput = z.input<typeof IndiamartInput>;

export interface IndiamartSettings {
  /** false until the sub-admin saves the settings once */
  configured: boolean;
  api_link: string;
  mobile_number: string;
  updated_at: string | null;
  last_pull_at: string | null;
  last_pull_code: string | null;
  last_pull_message: string | null;
}
