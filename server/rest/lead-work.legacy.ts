import { z } from 'zod';
import { AppError } from '../errors.js';
import type { HistoryItem } from '../services/lead-work/history.service.js';
import type { QueueCard } from '../services/lead-work/queues.service.js';
import { LEGACY_LEADS_CAP } from '../services/leads/lists.service.js';
import { LEAD_STATUS, LEAD_STATUS_LABELS } from '../../shared/lead-status.js';
import {
  FEEDBACK_OPTIONS,
  LeadFieldValues,
  LeadFormInput,
  NOT_CONNECTED_LABELS,
  NO_SUBMIT_FEEDBACK,
  SUBMIT_STATUSES,
  formatDuration,
  parseDuration,
  type NotConnectedOutcome,
} from '../../shared/schemas/lead-work.js';
import { idAsInput, idField } from '../../shared/schemas/users.js';
import { numeric } from '../../shared/schemas/fields.js';
import { mappedBody, validateWithin } from './route.js';

/** The original client pages nothing: a list answers up to the cap, and a caller may page on. */
export const LegacyPaging = z.object({
  page: numeric(
    z.number({ error: 'page must be a whole number from 1.' }).int('page must be a whole number from 1.').min(1, 'page must be a whole number from 1.'),
  ).default(1),
  pageSize: numeric(
    z
      .number({ error: `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.` })
      .int(`pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`)
      .min(1, `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`)
      .max(LEGACY_LEADS_CAP, `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`),
  ).default(LEGACY_LEADS_CAP),
});

export const CallHistoryQuery = z.object({ customer_id: idField.describe("The lead's id.") });

const MAX_IDS = 500;
export const NamesBody = z.object({ ids: z.array(idField, { error: 'Send the ids as a list.' }).max(MAX_IDS, `Ask for at most ${MAX_IDS} names at a time.`) });

const DURATION_DOC = "The call's length as HH:MM:SS (also H : M : S) or whole seconds, under 24 hours; absent is 0.";

/**
 * The original client's bulk status change: '6' marks the leads opened; any other status is checked
 * as the lead form checks it (its status and feedback rules), for each lead.
 */
export const UpdateStatusBody = z
  .object({
    lead_ids: z
      .array(idField, { error: 'Select at least one lead.' })
      .min(1, 'Select at least one lead.')
      .max(MAX_IDS, `Update at most ${MAX_IDS} leads at a time.`),
    status: z
      .union([z.number(), z.string()])
      .nullish()
      .describe(`'${LEAD_STATUS.noSubmit}' (opened, not submitted), or an outcome as submitLeadForm's status.`),
    call_duration: z.unknown().optional().describe(DURATION_DOC),
    feedback: z.string().nullish().describe("As submitLeadForm's feedback for the status."),
    telicaller_id: z.unknown().optional().describe('Accepted and ignored: the session decides whose leads these are.'),
    fields: LeadFieldValues.optional().describe("The company's lead fields to set on each lead, { key: value }, as submitLeadForm's fields."),
  })
  .transform((body, ctx) => {
    const status = body.status == null ? '' : String(body.status).trim();
    if (status === LEAD_STATUS.noSubmit) return { leadIds: body.lead_ids, change: { open: true as const } };
    const form = validateWithin(
      LeadFormInput,
      leadFormFromLegacy({
        customer_id: idAsInput(body.lead_ids[0]!),
        status,
        feedback: body.feedback,
        call_duration: body.call_duration,
        fields: body.fields,
      }),
      ctx,
    );
    return { leadIds: body.lead_ids, change: { form } };
  });

/** A lead in the original client's field names; customer_id is the id the lead form sends back. */
export function toLegacyLead(c: QueueCard) {
  return {
    id: c.id,
    customer_id: c.id,
    name: c.name,
    mobile: c.mobile,
    requirement: c.requirement,
    area: c.area,
    category: c.category,
    upload_date: c.upload_date,
    telicaller_id: c.telicaller_id,
    telicaller_send_date: c.send_date,
    created_at: c.created_at,
    status: c.status,
    submit_status: c.submit_status,
    lead_quality: c.lead_quality,
    callback_date: c.callback_date,
    callback_time: c.callback_time,
    attempts: c.attempts,
  };
}

/** A junior lead also names who handed it over ('Unknown' when not known). */
export const toLegacyAssignedLead = (c: QueueCard) => ({
  ...toLegacyLead(c),
  assigned_by: c.handler_assigned_by,
  assigned_by_name: c.assigned_by_name ?? 'Unknown',
});

export const toLegacyCallback = (c: QueueCard) => ({
  id: c.id,
  name: c.name,
  mobile: c.mobile,
  requirement: c.requirement,
  call_back_date: c.callback_date,
  call_back_time: c.callback_time,
  callback_state: c.callback_state,
});

/** A history row in the original client's call-history field names. */
export function toLegacyHistory(h: HistoryItem) {
  const attemptReason = h.kind === 'attempt' && h.outcome ? (NOT_CONNECTED_LABELS[h.outcome as NotConnectedOutcome] ?? h.outcome) : null;
  return {
    id: h.id,
    kind: h.kind,
    status: h.status,
    feedback: h.feedback,
    // A call placed through the company's provider: its talk time, as the provider reported it.
    call_duration: formatDuration(h.call_duration),
    verified: h.call_via === 'provider',
    remarks: h.remarks,
    created_at: h.created_at,
    telimaker_handler: h.handler_id ?? 0,
    telimaker_handler_name: h.handler_id === null ? 'Not Assigned' : (h.handler_name ?? 'Unknown'),
    telicaller_display_name: h.telecaller_name,
    telicaller_name: h.telecaller_name,
    user_type: h.user_type,
    // An invalid reason, or why an unanswered call did not connect.
    reason: h.invalid_reason ?? attemptReason,
    call_back: h.callback ? '1' : '0',
    call_back_date: h.callback_date,
    call_back_time: h.callback_time,
    optional_whatsapp_no: h.optional_whatsapp,
    optional_number: h.optional_number,
    demo: h.demo,
    project_name: h.project_name,
    lead_quality: h.lead_quality,
  };
}

const DURATION_MESSAGE = 'Call duration must be HH:MM:SS.';

/** 'HH:MM:SS', 'H : M : S' or seconds to seconds; absent is 0. */
export function legacyDuration(value: unknown): number {
  if (value === undefined || value === null) return 0;
  const seconds = parseDuration(value);
  if (seconds === null) throw new AppError('BAD_REQUEST', DURATION_MESSAGE, { call_duration: DURATION_MESSAGE });
  return seconds;
}

const isTicked = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';
/** Numbers the original client may send as JSON numbers become text for the form's text fields. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const noHandler = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0';

/**
 * The original lead form's body in the shared LeadFormInput's names, for its
 * rules to check. name, service and area_name are the form's read-only copies of the lead: not written.
 * The head's form sends submit_status '1'; the no-submit screen's feedback is Positive, Negative or Neutral.
 */
export function leadFormFromLegacy(raw: unknown): Record<string, unknown> {
  const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const feedback = asText(b.feedback);
  const variant =
    String(b.submit_status ?? '') === '1'
      ? 'head'
      : typeof feedback === 'string' && (NO_SUBMIT_FEEDBACK as readonly string[]).includes(feedback)
        ? 'noSubmit'
        : 'standard';
  const time = asText(b.callback_time);
  const quality = asText(b.lead_quality);
  return {
    leadId: b.customer_id,
    variant,
    status: asText(b.status),
    feedback,
    call_duration: legacyDuration(b.call_duration),
    whatsapp: asText(b.whatsapp),
    optional_number: asText(b.optional_number),
    telemarketer_handler: noHandler(b.telemarketer_handler) ? null : b.telemarketer_handler,
    demo: isTicked(b.demo),
    project_name: asText(b.project_name),
    remarks: asText(b.remarks),
    callback: isTicked(b.callback),
    callback_date: asText(b.callback_date),
    // A time input may carry seconds: HH:MM is what is kept.
    callback_time: typeof time === 'string' && /^\d{2}:\d{2}:\d{2}$/.test(time.trim()) ? time.trim().slice(0, 5) : time,
    invalid_reason: asText(b.invalid_reason),
    lead_quality: typeof quality === 'string' ? quality.trim().toLowerCase() : quality,
    // the company's fields (docs/lead-fields.md), a newer client's only: the original sends none
    ...(b.fields === undefined || b.fields === null ? {} : { fields: b.fields }),
  };
}

const form = LeadFormInput.shape;
const FEEDBACK_DOC = `One of the company's feedback choices for the status (at first the spec's: ${SUBMIT_STATUSES.map((s) => `'${s}': ${FEEDBACK_OPTIONS[s].join(', ')}`).join('; ')}). From the Not Submitted screen: ${NO_SUBMIT_FEEDBACK.join(', ')}. Required except on a head's form.`;
const STATUS_DOC = `The outcome: ${SUBMIT_STATUSES.map((s) => `'${s}' ${LEAD_STATUS_LABELS[s].toLowerCase()}`).join(', ')} (also as a number).`;
const tick = (what: string) => z.union([z.boolean(), z.number(), z.string()]).optional().describe(`${what} Ticked when true, 1, '1', 'true' or 'on'.`);

/** The original lead form: its field names, each with the rule of the field it fills. */
export const LegacyLeadForm = mappedBody(
  {
    customer_id: form.leadId.describe("The lead's id."),
    status: z.enum(SUBMIT_STATUSES).describe(STATUS_DOC),
    feedback: form.feedback.describe(FEEDBACK_DOC),
    call_duration: z.union([z.string(), z.number()]).optional().describe(DURATION_DOC),
    whatsapp: form.whatsapp.describe('An optional WhatsApp number: digits only (a JSON number is read as its digits).'),
    optional_number: form.optional_number.describe('An optional other number: digits only.'),
    telemarketer_handler: form.telemarketer_handler.describe("For '2': the telecaller head to hand the lead to; 0 or empty: none."),
    demo: tick("For '2': a demo was given."),
    project_name: form.project_name.describe("For '2': the project discussed."),
    remarks: form.remarks.describe("The outcome's note, for any status (required when the chosen feedback asks for one)."),
    callback: tick("For '4': a callback is scheduled; callback_date and callback_time are then required."),
    callback_date: form.callback_date.describe("The callback's day, YYYY-MM-DD (the company's time zone)."),
    callback_time: z.string().nullish().describe("The callback's time, HH:MM (a time with seconds keeps HH:MM)."),
    invalid_reason: form.invalid_reason.describe("For '5': why the lead is invalid (required)."),
    lead_quality: form.lead_quality.describe('excellent, good or poor, in any case.'),
    submit_status: z.union([z.string(), z.number()]).optional().describe("'1' on a head's form for a lead handed to it: feedback may then be left out."),
    fields: LeadFieldValues.optional().describe(
      "The company's lead fields on the form, { key: value } (docs/lead-fields.md); when sent, its required fields for the status must have a value.",
    ),
  },
  leadFormFromLegacy,
  LeadFormInput,
);
