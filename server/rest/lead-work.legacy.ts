import { z } from 'zod';
import { AppError } from '../errors.js';
import type { HistoryItem, QueueCard } from '../services/lead-work/lead-work.service.js';
import { LEGACY_LEADS_CAP } from '../services/leads/lists.service.js';
import {
  NOT_CONNECTED_LABELS, NO_SUBMIT_FEEDBACK, formatDuration, parseDuration, type NotConnectedOutcome,
} from '../../shared/schemas/lead-work.js';
import { idField } from '../../shared/schemas/users.js';
import { numeric } from '../../shared/schemas/fields.js';

/** The original client pages nothing: a list answers up to the cap, and a caller may page on. */
export const LegacyPaging = z.object({
  page: numeric(z.number({ error: 'page must be a whole number from 1.' }).int('page must be a whole number from 1.').min(1, 'page must be a whole number from 1.')).default(1),
  pageSize: numeric(
    z.number({ error: `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.` })
      .int(`pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`)
      .min(1, `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`)
      .max(LEGACY_LEADS_CAP, `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.`),
  ).default(LEGACY_LEADS_CAP),
});

export const CallHistoryQuery = z.object({ customer_id: idField });

const MAX_IDS = 500;
export const NamesBody = z.object({
  ids: z.array(idField, { error: 'Send the ids as a list.' }).max(MAX_IDS, `Ask for at most ${MAX_IDS} names at a time.`),
});

export const UpdateStatusBody = z.object({
  lead_ids: z
    .array(idField, { error: 'Select at least one lead.' })
    .min(1, 'Select at least one lead.')
    .max(MAX_IDS, `Update at most ${MAX_IDS} leads at a time.`),
  status: z.union([z.number(), z.string()]).nullish(),
  call_duration: z.unknown().optional(),
  feedback: z.string().nullish(),
});

/** A lead in the spec's field names (spec part 2, section 3); customer_id is the id the lead form sends back. */
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

/** A history row in the spec's call-history field names. */
export function toLegacyHistory(h: HistoryItem) {
  const attemptReason = h.kind === 'attempt' && h.outcome ? (NOT_CONNECTED_LABELS[h.outcome as NotConnectedOutcome] ?? h.outcome) : null;
  return {
    id: h.id,
    kind: h.kind,
    status: h.status,
    feedback: h.feedback,
    call_duration: formatDuration(h.call_duration),
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
 * The original lead form's body (spec part 2, section 3) in the shared LeadFormInput's names, for its
 * rules to check. name, service and area_name are the form's read-only copies of the lead: not written.
 * The head's form sends submit_status '1'; the no-submit screen's feedback is Positive, Negative or Neutral.
 */
export function leadFormFromLegacy(raw: unknown): Record<string, unknown> {
  const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const feedback = asText(b.feedback);
  const variant = String(b.submit_status ?? '') === '1'
    ? 'head'
    : typeof feedback === 'string' && (NO_SUBMIT_FEEDBACK as readonly string[]).includes(feedback) ? 'noSubmit' : 'standard';
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
  };
}
