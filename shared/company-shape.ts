import { FEEDBACK_OPTIONS, SUBMIT_STATUSES, type SubmitStatus } from './lead-status.js';
import type { FieldDef } from './lead-fields.js';

/*
 * What a company shapes of its leads (docs/lead-fields.md): its own fields, and under each status a
 * telecaller submits, its own feedback choices. The status codes stay the spec's (a contract); the
 * spec's feedback are every company's first choices.
 */

/** One feedback choice of a status, as the company edits it (feedback_choices). */
export interface FeedbackChoice {
  id: number;
  status: SubmitStatus;
  /** what the lead form shows and lead_history.feedback keeps (the legacy API's `feedback`) */
  label: string;
  /** the outcome asks for a callback date and time */
  needsCallback: boolean;
  /** the outcome asks for a reason (the legacy `invalid_reason`) */
  needsReason: boolean;
  /** the outcome's note (the legacy `remarks`) must be written */
  needsNote: boolean;
  /** no longer offered; still read on the history that has it */
  retired: boolean;
  position: number;
}

export const MAX_CHOICES_PER_STATUS = 30;
export const FEEDBACK_LABEL_MAX = 100;

/** The spec's feedback under each status, with what each asks for: every company starts with these. */
export const DEFAULT_FEEDBACK: readonly Omit<FeedbackChoice, 'id' | 'retired'>[] = SUBMIT_STATUSES.flatMap((status) =>
  FEEDBACK_OPTIONS[status].map((label, position) => ({
    status,
    label,
    // a follow-up is a promise to call back: its time is asked for unless the company turns that off
    needsCallback: status === '4',
    // the spec's Invalid asks why
    needsReason: status === '5',
    needsNote: false,
    position,
  })),
);

/** A company's shape as the lead form, the lists and the importer read it. */
export interface CompanyShape {
  /** every field, retired ones included (their values are still read), in the company's order */
  fields: FieldDef[];
  /** every choice, retired ones included, by status, in the company's order */
  feedback: Record<SubmitStatus, FeedbackChoice[]>;
}

/** The choices a status offers now, in order. */
export const activeChoices = (shape: CompanyShape, status: SubmitStatus): FeedbackChoice[] => (shape.feedback[status] ?? []).filter((c) => !c.retired);

/** The choice a submitted feedback names (its label, any case), among those the status offers now. */
export function choiceNamed(shape: CompanyShape, status: SubmitStatus, label: string): FeedbackChoice | null {
  const l = label.trim().toLowerCase();
  return activeChoices(shape, status).find((c) => c.label.toLowerCase() === l) ?? null;
}

/** The fields still in use, in order. */
export const activeFields = (shape: CompanyShape): FieldDef[] => shape.fields.filter((f) => !f.retired);
