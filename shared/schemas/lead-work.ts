import { z } from 'zod';
import { LEAD_QUALITIES, LEAD_QUEUES, type LeadQueue } from '../constants.js';
import { SUBMIT_STATUSES } from '../lead-status.js';
import { PageInput } from './paging.js';
import { idField, idOf } from './users.js';
import { numeric } from './fields.js';
import { NOT_CONNECTED } from '../leads.js';
import { MAX_FIELDS as MAX_FIELD_KEYS } from '../lead-fields.js';
import { FieldFilters } from './lead-field-filters.js';

// The list lives with the constants so the web's route guards can read it without the schemas.
export const QUEUES = LEAD_QUEUES;
export type Queue = LeadQueue;
export const QueueField = z.enum(QUEUES, { error: 'Choose a lead queue.' });

/** `fields`: narrowed by the company's fields (lead-field-filters.ts). */
export const QueueInput = PageInput.extend({ queue: QueueField, fields: FieldFilters.optional() });
export type QueueInput = z.input<typeof QueueInput>;

/** The statuses a lead form may submit and the feedback each offers: the lead statuses' registry says. */
export { FEEDBACK_OPTIONS, SUBMIT_STATUSES, type SubmitStatus } from '../lead-status.js';

/** The Not Submitted screen asks how the call went instead. */
export { NO_SUBMIT_FEEDBACK } from '../lead-form-rules.js';

export { LEAD_QUALITIES, type LeadQuality } from '../constants.js';

export { NOT_CONNECTED, NOT_CONNECTED_LABELS, type NotConnectedOutcome } from '../leads.js';
/** The invalid reason a lead gets when its attempts run out. */
export const NOT_REACHABLE_REASON = 'Not reachable';

export const MESSAGES = {
  status: 'Please select a status',
  noSubmitStatus: 'Please select a status.',
  feedback: 'Please select a feedback.',
  invalidReason: 'Please provide invalid reason',
  callback: 'Please provide callback date and time',
  callbackPast: 'The callback time has already passed.',
  digits: (label: string) => `${label} must contain digits only.`,
  head: 'Choose a telecaller head.',
  headSubmitted: 'You have submitted this lead already: it can be read, not changed.',
} as const;

/** A submission for a lead the company took back from the user meanwhile (sent from the phone's outbox, say). */
export const TAKEN_BACK_MESSAGES = {
  submit: 'Your company took this lead back. Your outcome was passed on to the company.',
  attempt: 'Your company took this lead back.',
} as const;

/** Longest call the timer may report: a day. */
export const MAX_CALL_SECONDS = 86_399;

const digitsField = (label: string) =>
  z
    .string()
    .trim()
    .max(15, `${label} must be at most 15 digits.`)
    .regex(/^\d*$/, MESSAGES.digits(label))
    .nullish()
    .transform((v) => v || null);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

export const callSeconds = numeric(
  z
    .number({ error: 'Call duration must be a number of seconds.' })
    .int('Call duration must be whole seconds.')
    .min(0, 'Call duration cannot be negative.')
    .max(MAX_CALL_SECONDS, 'Call duration must be under 24 hours.'),
);

/** A real YYYY-MM-DD day (not 2031-02-30). */
function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
}

/**
 * What a phone adds to a submission it may have to send again (it was offline, or the answer was
 * lost): a key it made for this submission, stored once by the server, and when the telecaller
 * made it.
 */
/** The company's fields as a form or the capture API sends them: bounded here, read against the company's fields later. */
export const LeadFieldValues = z
  .record(z.string().max(40, 'A field key is at most 40 characters.'), z.unknown())
  .refine((v) => Object.keys(v).length <= MAX_FIELD_KEYS, `Send at most ${MAX_FIELD_KEYS} fields.`);

const SubmissionFields = {
  client_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The submission key is not valid.')
    .optional(),
  made_at: z.iso.datetime({ error: 'The submission time is not valid.' }).optional(),
};

/**
 * The call behind a submission: a call the company's provider placed (its id: the server takes the
 * talk time from the call, not from the phone), or 'phone' when the telecaller dialled from their own
 * phone (docs/telephony.md).
 */
const CallFields = { call_id: idOf('The call is not valid.').optional(), call_via: z.literal('phone').optional() };

/**
 * Which rules a form follows: the usual one, a head's (a lead handed to it) or the Not Submitted
 * screen's (feedback Positive, Negative or Neutral).
 */
export const FORM_VARIANTS = ['standard', 'head', 'noSubmit'] as const;
export type FormVariant = (typeof FORM_VARIANTS)[number];

const LeadFormFields = z.object({
  leadId: idField,
  variant: z.enum(FORM_VARIANTS).default('standard'),
  /** the queue the form was opened from: the answer names that queue's next lead */
  queue: QueueField.optional(),
  // Missing reads as unchosen, so the no-submit screen's own message applies to it too.
  status: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v ?? ''),
  feedback: optionalText('Feedback', 100),
  call_duration: callSeconds.default(0),
  whatsapp: digitsField('Optional WhatsApp'),
  optional_number: digitsField('Optional Number'),
  telemarketer_handler: idOf(MESSAGES.head)
    .nullish()
    .transform((v) => v ?? null),
  demo: z.boolean().default(false),
  project_name: optionalText('Project name', 200),
  remarks: optionalText('Remarks', 2000),
  callback: z.boolean().default(false),
  callback_date: z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), 'Enter the callback date.')
    .nullish()
    .transform((v) => v || null),
  callback_time: z
    .string()
    .trim()
    .regex(/^(?:$|(?:[01]\d|2[0-3]):[0-5]\d)$/, 'Enter the callback time.')
    .nullish()
    .transform((v) => v || null),
  invalid_reason: optionalText('Invalid reason', 500),
  lead_quality: z
    .enum(LEAD_QUALITIES)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  /** the company's fields, { key: value }: read against its fields by leadFormIssues and the service */
  fields: LeadFieldValues.optional(),
  ...SubmissionFields,
  ...CallFields,
});

/**
 * The lead form, structurally; the company's rules (its feedback choices, what each asks for, its
 * fields) are leadFormIssues (shared/lead-form-rules.ts), run by the browser's form and the service.
 */
export const LeadFormInput = LeadFormFields.superRefine((v, ctx) => {
  if (!(SUBMIT_STATUSES as readonly string[]).includes(v.status)) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: v.variant === 'noSubmit' ? MESSAGES.noSubmitStatus : MESSAGES.status });
  }
});
export type LeadFormInput = z.input<typeof LeadFormInput>;
export type LeadFormValues = z.output<typeof LeadFormInput>;

export const NotConnectedInput = z.object({
  leadId: idField,
  outcome: z.enum(NOT_CONNECTED, { error: 'Choose why the call did not connect.' }),
  call_duration: callSeconds.default(0),
  queue: QueueField.optional(),
  ...SubmissionFields,
  ...CallFields,
});
export type NotConnectedInput = z.input<typeof NotConnectedInput>;

export const OpenLeadInput = z.object({ leadId: idField, queue: QueueField.optional() });
export type OpenLeadInput = z.input<typeof OpenLeadInput>;

export const WHATSAPP_TEMPLATE_MAX = 500;

/** The words a WhatsApp message may hold in braces. */
export const WHATSAPP_PLACEHOLDERS = ['name', 'company'] as const;

/** Placeholders in a message that fillWhatsappTemplate would not fill, e.g. {Name} or {city}. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((word) => !(WHATSAPP_PLACEHOLDERS as readonly string[]).includes(word));
}

export const DEFAULT_WHATSAPP_TEMPLATE = 'Hello {name}, this is {company}. We received your enquiry and would like to help you with it.';

/** An empty field is a missing number (coercion would read it as 0). */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

export const LeadWorkSettingsInput = z.object({
  retry_delay_minutes: blankAsMissing(
    numeric(
      z
        .number({ error: 'Enter the retry delay in minutes.' })
        .int('Enter whole minutes.')
        .min(5, 'The retry delay must be at least 5 minutes.')
        .max(7 * 24 * 60, 'The retry delay must be at most 7 days.'),
    ),
  ),
  attempt_limit: blankAsMissing(
    numeric(
      z
        .number({ error: 'Enter the number of attempts.' })
        .int('Enter a whole number.')
        .min(1, 'Allow at least 1 attempt.')
        .max(50, 'Allow at most 50 attempts.'),
    ),
  ),
  whatsapp_template: z
    .string()
    .trim()
    .max(WHATSAPP_TEMPLATE_MAX, `The message must be at most ${WHATSAPP_TEMPLATE_MAX} characters.`)
    // Any other {word} would reach the lead as typed.
    .refine((v) => unknownPlaceholders(v).length === 0, { message: `Use only ${WHATSAPP_PLACEHOLDERS.map((p) => `{${p}}`).join(' and ')} in the message.` })
    .nullish()
    .transform((v) => v || null),
  /** whether telecallers and heads may export their leads (with the mobiles) as CSV; left out: unchanged */
  caller_exports_allowed: z.boolean({ error: 'Say whether telecallers may export their leads (true or false).' }).optional(),
});
export type LeadWorkSettingsInput = z.input<typeof LeadWorkSettingsInput>;

/** The company's lead-work rules as the sub-admin sees and edits them. */
export interface LeadWorkSettings {
  retry_delay_minutes: number;
  attempt_limit: number;
  /** null: the default message */
  whatsapp_template: string | null;
  /** for the message's preview */
  company_name: string;
  /** telecallers and heads may export their leads as CSV */
  caller_exports_allowed: boolean;
}

/** The WhatsApp greeting with the lead's and the company's names filled in. */
export function fillWhatsappTemplate(template: string | null, leadName: string, companyName: string): string {
  return (template || DEFAULT_WHATSAPP_TEMPLATE).replaceAll('{name}', leadName.trim() || 'there').replaceAll('{company}', companyName);
}

/** A click-to-chat link for an Indian mobile (10 digits get the country code). */
export function whatsappLink(mobile: string, text: string): string {
  const digits = mobile.replace(/\D/g, '');
  const full = digits.length === 10 ? `91${digits}` : digits;
  return `https://wa.me/${full}?text=${encodeURIComponent(text)}`;
}

export { formatDuration } from '../durations.js';

/** 'HH:MM:SS', 'H : M : S' or plain seconds to seconds; null when unreadable. */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.split(':').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [h, m, s] = parts.map(Number) as [number, number, number];
  if (m > 59 || s > 59) return null;
  return h * 3600 + m * 60 + s;
}
