import { z } from 'zod';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { emailField, mobileField, requiredText } from './fields.js';
import { CATEGORY_MAX, canonicalCategory } from './intake.js';

// Lead capture (docs/lead-capture.md): a company's API keys and website form keys, and the leads
// posted with them.

export const CAPTURE_KEY_KINDS = ['api', 'form'] as const;
export type CaptureKeyKind = (typeof CAPTURE_KEY_KINDS)[number];

/** What a secret starts with, so that people (and secret scanners) can tell what it is. */
export const CAPTURE_KEY_PREFIX: Record<CaptureKeyKind, string> = { api: 'tcb_live_', form: 'tcb_form_' };

/** The category of a captured lead whose sender names no source. */
export const CAPTURE_DEFAULT_SOURCE = 'Website';

/** Where a company's captured leads and website forms are posted (relative to the server's origin). */
export const CAPTURE_LEADS_PATH = '/api/capture/leads';
export const captureFormPath = (formKey: string) => `/api/capture/form/${encodeURIComponent(formKey)}`;
/** The hidden field of the form snippet: people leave it empty, form-filling robots do not. */
export const CAPTURE_HONEYPOT = 'website';

export const CAPTURE_MESSAGES = {
  created: 'Key created. Copy it now: it is not shown again.',
  revoked: 'Key revoked.',
  noKey: 'Send your API key in the Authorization header (Bearer <key>) or in X-API-Key.',
  badKey: 'This API key is not valid or was revoked.',
  formKeyOnApi: 'This is a website form key: it only posts the website form. Use an API key here.',
  badFormKey: 'This form is no longer accepting enquiries.',
  tooMany: 'Too many requests: wait a little, then try again.',
  apiHasNoThankYou: 'Only a website form has a thank-you page.',
  tooManyKeys: 'Your company has the most active keys it may have: revoke one first.',
} as const;

/** How many keys a company may have that are not revoked. */
export const MAX_ACTIVE_CAPTURE_KEYS = 50;

const THANK_YOU_URL_MAX = 500;
const BAD_THANK_YOU_URL = 'Enter a full web address starting with https:// or http://.';

/** An http(s) address, or null when left empty. */
export const thankYouUrlField = z
  .string()
  .trim()
  .max(THANK_YOU_URL_MAX, `The thank-you page address must be at most ${THANK_YOU_URL_MAX} characters.`)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: BAD_THANK_YOU_URL });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: BAD_THANK_YOU_URL });
      return z.NEVER;
    }
    return url.href;
  });

export const CreateCaptureKeyInput = z
  .object({
    kind: z.enum(CAPTURE_KEY_KINDS, { error: 'Choose an API key or a website form.' }),
    name: requiredText('Name', 100),
    thankYouUrl: thankYouUrlField,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'api' && v.thankYouUrl) ctx.addIssue({ code: 'custom', path: ['thankYouUrl'], message: CAPTURE_MESSAGES.apiHasNoThankYou });
  });
export type CreateCaptureKeyInput = z.input<typeof CreateCaptureKeyInput>;

export const CaptureKeyIdInput = z.object({ id: idField });
export const CaptureKeyListInput = PageInput.pick({ page: true, pageSize: true });

/** A key as lists show it: never its secret. */
export interface CaptureKeyRow {
  id: number;
  kind: CaptureKeyKind;
  name: string;
  /** the secret's first characters */
  prefix: string;
  thankYouUrl: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key just made: the only answer that carries its secret. */
export interface CreatedCaptureKey extends CaptureKeyRow {
  secret: string;
}

// A CRM may send numbers as JSON numbers: a mobile or an id of 10 digits is still text here.
const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/** At most this many keys in `fields` (a company has at most MAX_FIELDS fields). */
export const CAPTURE_FIELDS_MAX = 200;

/** What a lead may bring beyond the spec's fields: its email and the company's own fields (after the spec's, in the API's document too). */
const beyondSpec = {
  email: z
    .preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), emailField.optional())
    .transform((v) => v ?? null)
    .describe('The enquirer’s email address, kept on the lead.'),
  fields: z
    .record(z.string(), z.unknown(), { error: 'fields must be an object of your lead fields’ keys and values.' })
    .nullish()
    .refine((v) => !v || Object.keys(v).length <= CAPTURE_FIELDS_MAX, `fields may have at most ${CAPTURE_FIELDS_MAX} keys.`)
    .transform((v) => v ?? {})
    .describe(
      "Your company's own lead fields, by key (the Lead fields page lists them): text, a number, true/false, or a list of choice keys for a multiple choice. " +
        'A key the company has no field for, or a value of the wrong kind, is refused with a message naming the key.',
    ),
};

/** The fields a lead arrives with, from the API and from the website form alike. */
const leadFields = {
  name: requiredText('Name', 200),
  mobile: z.preprocess(asText, mobileField()),
  requirement: optionalText('Requirement', 5000),
  area: optionalText('Area', 200),
};

/** A lead posted to the capture API. */
export const CaptureLeadInput = z.object({
  ...leadFields,
  source: z
    .string({ error: 'Source must be text.' })
    .trim()
    .max(CATEGORY_MAX, `Source must be at most ${CATEGORY_MAX} characters.`)
    .nullish()
    .transform((v) => (v ? canonicalCategory(v) : CAPTURE_DEFAULT_SOURCE))
    .describe(`Becomes the lead's category (the upload categories keep their spelling); "${CAPTURE_DEFAULT_SOURCE}" when left out.`),
  language: z
    .string({ error: 'Language must be text.' })
    .trim()
    .max(40, 'Language must be at most 40 characters.')
    .nullish()
    .transform((v) => v || null)
    .describe('The enquirer’s language, if known (a routing rule can match it).'),
  externalId: z
    .preprocess(
      asText,
      z
        .string({ error: 'externalId must be text.' })
        .trim()
        .max(100, 'externalId must be at most 100 characters.')
        .nullish()
        .transform((v) => v || null),
    )
    .describe('Your own id of the enquiry: sending it again answers the lead already made instead of making another.'),
  ...beyondSpec,
});
export type CaptureLeadInput = z.input<typeof CaptureLeadInput>;

/** The keys the capture API reads itself; any other key a sender gives is kept on the lead as an extra detail. */
export const CAPTURE_KNOWN_KEYS: ReadonlySet<string> = new Set(Object.keys(CaptureLeadInput.shape));

/** A website form names a company field's input `fields[key]`. */
export const captureFormFieldName = (key: string) => `fields[${key}]`;
export const CAPTURE_FORM_FIELD = /^fields\[([^\]]{1,60})\]$/;

/** A lead posted by a website form (application/x-www-form-urlencoded), with its honeypot. */
export const CaptureFormInput = z.object({ ...leadFields, ...beyondSpec, [CAPTURE_HONEYPOT]: z.unknown().optional() });

/**
 * What became of a captured lead: routed (given to a telecaller now), waiting (routing is on but
 * nobody may take it now; it goes to the next one who can), pool (routing is off for captured
 * leads: it waits in the pool for distribution), repeat (the mobile is already a lead of the
 * company: that lead is answered, and its owner told).
 */
export const CAPTURE_STATUSES = ['routed', 'waiting', 'pool', 'repeat'] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

export interface CaptureLeadAnswer {
  leadId: number;
  status: CaptureStatus;
  routedTo: { id: number; name: string } | null;
}
