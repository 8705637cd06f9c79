import { activeChoices, type CompanyShape, type FeedbackChoice } from './company-shape.js';
import { isBlankValue, readFieldValue, showsOnForm, type FieldDef, type FieldWireValue } from './lead-fields.js';
import { LEAD_STATUS, SUBMIT_STATUSES, type SubmitStatus } from './lead-status.js';

/*
 * The lead form's rules that depend on the company's shape (docs/lead-form-fields.md): its feedback
 * choices under each status and what each asks for, and its fields in the form's sections. One
 * function, run by the browser's form and by the server's submit, so both refuse alike. Free of zod:
 * the phone's form bundle reads it.
 */

export const FORM_MESSAGES = {
  status: 'Please select a status',
  noSubmitStatus: 'Please select a status.',
  feedback: 'Please select a feedback.',
  invalidReason: 'Please provide invalid reason',
  reason: 'Please provide a reason',
  callback: 'Please provide callback date and time',
  note: 'Please write a note',
  required: (label: string) => `${label} is required.`,
  noField: (key: string) => `There is no lead field "${key.slice(0, 40)}".`,
  readOnly: (label: string) => `${label} cannot be changed here.`,
} as const;

/** The Not Submitted screen asks how the call went instead of the company's choices. */
export const NO_SUBMIT_FEEDBACK = ['Positive', 'Negative', 'Neutral'] as const;

export type RuleVariant = 'standard' | 'head' | 'noSubmit';

/** What the rules read of a submission (the form's values, the tRPC input, the legacy body as read). */
export interface LeadFormRuleValues {
  status: string;
  feedback: string | null;
  remarks: string | null;
  callback: boolean;
  callback_date: string | null;
  callback_time: string | null;
  invalid_reason: string | null;
  /** the company's fields the form sends, by key; absent: none sent */
  fields?: Readonly<Record<string, unknown>> | null;
}

export interface RuleOptions {
  /** the lead's values now (what a field not sent keeps), by key */
  current?: Readonly<Record<string, FieldWireValue>>;
  /**
   * The original client's submit: it has no company fields to fill and may leave a follow-up's callback
   * unticked, so required fields are asked for only when it sends `fields`, and needsCallback not at all.
   */
  legacy?: boolean;
}

const isSubmitStatus = (s: string): s is SubmitStatus => (SUBMIT_STATUSES as readonly string[]).includes(s);
const blank = (v: string | null | undefined) => !v || v.trim() === '';

/** The feedback choices a status offers on this form: the company's, or the Not Submitted screen's three. */
export function feedbackLabels(shape: CompanyShape, variant: RuleVariant, status: string): string[] {
  if (variant === 'noSubmit') return [...NO_SUBMIT_FEEDBACK];
  return isSubmitStatus(status) ? activeChoices(shape, status).map((c) => c.label) : [];
}

/** The company's choice a submission names (its label, any case) among those the status offers now. */
export function chosenFeedback(shape: CompanyShape, status: string, label: string | null): FeedbackChoice | null {
  if (!label || !isSubmitStatus(status)) return null;
  const l = label.trim().toLowerCase();
  return activeChoices(shape, status).find((c) => c.label.trim().toLowerCase() === l) ?? null;
}

/** What a chosen outcome asks for, beyond the status and feedback. */
export interface OutcomeNeeds {
  callback: boolean;
  reason: boolean;
  note: boolean;
}

export function outcomeNeeds(shape: CompanyShape, variant: RuleVariant, status: string, feedback: string | null): OutcomeNeeds {
  const choice = variant === 'noSubmit' ? null : chosenFeedback(shape, status, feedback);
  return {
    callback: choice?.needsCallback ?? false,
    // the spec's Invalid always asks why, whatever feedback (the head's form may leave feedback out)
    reason: choice ? choice.needsReason : status === LEAD_STATUS.invalid,
    note: choice?.needsNote ?? false,
  };
}

/** The company's fields the lead form shows for a status: the details section's, then the status's. */
export const formFields = (shape: CompanyShape, status: string | null): FieldDef[] => shape.fields.filter((f) => showsOnForm(f, status || null));

/** The fields a telecaller (or head) may fill in on the form for a status. */
export const editableFormFields = (shape: CompanyShape, status: string | null): FieldDef[] => formFields(shape, status).filter((f) => f.callersEdit);

/**
 * Why a submission cannot be taken, by the form's path ('fields.<key>' for a company field), in the
 * order the form shows them; empty: none. The structural checks (types, lengths, dates) are the
 * schema's; these are the company's.
 */
export function leadFormIssues(shape: CompanyShape, v: LeadFormRuleValues, variant: RuleVariant, opts: RuleOptions = {}): Record<string, string> {
  const issues: Record<string, string> = {};
  const add = (path: string, message: string) => {
    if (!issues[path]) issues[path] = message;
  };
  if (!isSubmitStatus(v.status)) {
    add('status', variant === 'noSubmit' ? FORM_MESSAGES.noSubmitStatus : FORM_MESSAGES.status);
    return issues;
  }
  const offered = feedbackLabels(shape, variant, v.status).map((l) => l.toLowerCase());
  // The head's form marks feedback required but does not insist on it (docs/product-rules.md#handoff-to-a-head).
  if (variant !== 'head' && blank(v.feedback)) add('feedback', FORM_MESSAGES.feedback);
  else if (!blank(v.feedback) && !offered.includes(v.feedback!.trim().toLowerCase())) add('feedback', FORM_MESSAGES.feedback);

  const needs = outcomeNeeds(shape, variant, v.status, v.feedback);
  const callbackAsked = (needs.callback && !opts.legacy) || v.callback;
  if (callbackAsked && (blank(v.callback_date) || blank(v.callback_time))) add(v.callback_date ? 'callback_time' : 'callback_date', FORM_MESSAGES.callback);
  if (needs.reason && blank(v.invalid_reason)) add('invalid_reason', v.status === LEAD_STATUS.invalid ? FORM_MESSAGES.invalidReason : FORM_MESSAGES.reason);
  if (needs.note && blank(v.remarks)) add('remarks', FORM_MESSAGES.note);

  Object.assign(issues, fieldIssues(shape, v.status, v.fields, opts));
  return issues;
}

/** The company's fields of a submission: each sent one readable, editable and on the form; each required one filled. */
function fieldIssues(shape: CompanyShape, status: string, sent: LeadFormRuleValues['fields'], opts: RuleOptions): Record<string, string> {
  const issues: Record<string, string> = {};
  const byKey = new Map(shape.fields.map((f) => [f.key, f]));
  const shown = new Set(formFields(shape, status).map((f) => f.id));
  for (const [key, raw] of Object.entries(sent ?? {})) {
    const field = byKey.get(key);
    const path = `fields.${key}`;
    if (!field || field.retired) issues[path] = FORM_MESSAGES.noField(key);
    else if (!shown.has(field.id) || !field.callersEdit) issues[path] = FORM_MESSAGES.readOnly(field.label);
    else {
      const read = readFieldValue(field, raw);
      if (!read.ok) issues[path] = read.message;
    }
  }
  if (opts.legacy && sent == null) return issues;
  for (const field of editableFormFields(shape, status)) {
    const path = `fields.${field.key}`;
    if (!field.required || issues[path]) continue;
    const given = sent && Object.hasOwn(sent, field.key) ? sent[field.key] : opts.current?.[field.key];
    if (isBlankValue(given)) issues[path] = FORM_MESSAGES.required(field.label);
  }
  return issues;
}

/** Who fills in a lead's details fields: a telecaller or head (fields they may edit), or the company (any it shows). */
export type FieldFiller = 'caller' | 'company';

/** The details-section fields (statuses null) a person may fill in when adding a lead. */
export const addLeadFields = (shape: CompanyShape, who: FieldFiller): FieldDef[] =>
  shape.fields.filter((f) => !f.retired && !f.hidden && f.statuses === null && (who === 'company' || f.callersEdit));

/** The built-in email every lead may have, read as an email field is. */
export const EMAIL_FIELD: FieldDef = {
  id: 0,
  key: 'email',
  label: 'Email',
  type: 'email',
  choices: null,
  required: false,
  statuses: null,
  callersEdit: true,
  onCards: false,
  hidden: false,
  retired: false,
  position: 0,
};

/** Add Lead's own checks: its email and the company's details fields, by the form's path; empty: none. */
export function addLeadIssues(shape: CompanyShape, v: { email?: string | null; fields?: Readonly<Record<string, unknown>> | null }, who: FieldFiller) {
  const issues: Record<string, string> = {};
  const email = readFieldValue(EMAIL_FIELD, v.email ?? '');
  if (!email.ok) issues.email = 'Enter a valid email address.';
  const allowed = new Map(addLeadFields(shape, who).map((f) => [f.key, f]));
  const known = new Set(shape.fields.filter((f) => !f.retired).map((f) => f.key));
  for (const [key, raw] of Object.entries(v.fields ?? {})) {
    const field = allowed.get(key);
    const path = `fields.${key}`;
    if (!field) issues[path] = known.has(key) ? FORM_MESSAGES.readOnly(shape.fields.find((f) => f.key === key)!.label) : FORM_MESSAGES.noField(key);
    else {
      const read = readFieldValue(field, raw);
      if (!read.ok) issues[path] = read.message;
    }
  }
  for (const field of allowed.values()) {
    const path = `fields.${field.key}`;
    if (field.required && !issues[path] && isBlankValue(v.fields?.[field.key])) issues[path] = FORM_MESSAGES.required(field.label);
  }
  return issues;
}
