import { z } from 'zod';
import { requiredText } from './fields.js';
import { idField } from './users.js';
import { CHOICE_LABEL_MAX, FIELD_LABEL_MAX, FIELD_TYPE_IDS, MAX_CHOICES } from '../lead-fields.js';
import { FEEDBACK_LABEL_MAX } from '../company-shape.js';
import { SUBMIT_STATUSES } from '../lead-status.js';

/*
 * What the company sends when it shapes its leads (docs/lead-fields.md): a field's definition, and
 * the feedback choices under each status. The rules that need the company's other fields or choices
 * (the 50 limit, a label in use, a type that cannot change) are the services'.
 */

export const CHOICE_LABELS_UNIQUE = 'Each choice needs its own label.';
export const STATUSES_REQUIRED = 'Pick at least one outcome, or show it in the lead details.';

const flag = (what: string) => z.boolean({ error: `Say whether ${what} (true or false).` });

/** A choice of a choice field: `key` names one it already has (kept, so its values still read), none: a new one. */
export const FieldChoiceInput = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,50}$/, 'A choice’s key is made by the app.')
    .optional(),
  label: requiredText('A choice’s label', CHOICE_LABEL_MAX),
  retired: z.boolean().optional(),
});

const statusCode = z.enum(SUBMIT_STATUSES, { error: 'Pick outcomes a telecaller submits.' });

const fieldShape = {
  label: requiredText('Label', FIELD_LABEL_MAX),
  type: z.enum(FIELD_TYPE_IDS, { error: 'Pick a field type.' }),
  choices: z
    .array(FieldChoiceInput, { error: 'Choices must be a list.' })
    .max(MAX_CHOICES, `A field may have at most ${MAX_CHOICES} choices.`)
    .nullish()
    .refine((cs) => !cs || new Set(cs.map((c) => c.label.toLowerCase())).size === cs.length, CHOICE_LABELS_UNIQUE),
  required: flag('a value is required'),
  /** null: in the lead's details; else the outcomes whose section of the lead form shows it */
  statuses: z
    .array(statusCode, { error: STATUSES_REQUIRED })
    .min(1, STATUSES_REQUIRED)
    .max(SUBMIT_STATUSES.length)
    .transform((s) => [...new Set(s)])
    .nullable(),
  callersEdit: flag('telecallers may edit it'),
  onCards: flag('it shows on queue cards'),
  hidden: flag('it is hidden'),
};

export const LeadFieldInput = z.object(fieldShape);
export type LeadFieldInput = z.infer<typeof LeadFieldInput>;
export const LeadFieldUpdateInput = z.object({ id: idField, ...fieldShape });
export type LeadFieldUpdateInput = z.infer<typeof LeadFieldUpdateInput>;

export const ShapeIdInput = z.object({ id: idField });
export const ShapeMoveInput = z.object({ id: idField, direction: z.enum(['up', 'down'], { error: 'Move it up or down.' }) });
export type ShapeMoveInput = z.infer<typeof ShapeMoveInput>;
export const FieldHiddenInput = z.object({ id: idField, hidden: flag('it is hidden') });

const choiceFlags = {
  label: requiredText('Label', FEEDBACK_LABEL_MAX),
  needsCallback: flag('it asks for a callback time'),
  needsReason: flag('it asks for a reason'),
  needsNote: flag('it asks for a note'),
};
export const FeedbackChoiceInput = z.object({ status: statusCode, ...choiceFlags });
export type FeedbackChoiceInput = z.infer<typeof FeedbackChoiceInput>;
export const FeedbackChoiceUpdateInput = z.object({ id: idField, ...choiceFlags });
export type FeedbackChoiceUpdateInput = z.infer<typeof FeedbackChoiceUpdateInput>;
