import { z } from 'zod';
import { idField } from './users.js';
import { requiredText } from './fields.js';

export const MEDIA_MESSAGES = { allRequired: 'All fields are required!', link: 'Enter a link that starts with http:// or https://.' } as const;

/** A web link people may open: http(s) only (no javascript:, data: or file:). */
const linkField = z
  .string({ error: 'Link is required.' })
  .trim()
  .min(1, 'Link is required.')
  .max(2000, 'Link must be at most 2000 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, MEDIA_MESSAGES.link);

/** A demo or a tutorial: name, description (the original client's `discreption`), link; the image comes as a file. */
export const MediaInput = z.object({ name: requiredText('Name', 200), discreption: requiredText('Description', 2000), link: linkField });
export type MediaInput = z.infer<typeof MediaInput>;
export const MediaUpdateInput = MediaInput.extend({ id: idField });

export const MEDIA_KINDS = ['demo', 'tutorial'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MediaIdInput = z.object({ kind: z.enum(MEDIA_KINDS), id: idField });
