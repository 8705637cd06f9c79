import type { Kysely, Selectable } from 'kysely';
import type { DB, FeedbackChoicesTable, LeadFieldsTable } from '../../db/schema.js';
import { isFieldType, type FieldChoice, type FieldDef } from '../../../shared/lead-fields.js';
import { DEFAULT_FEEDBACK, type FeedbackChoice } from '../../../shared/company-shape.js';
import { nowIso } from '../../db/dialect.js';
import type { SubmitStatus } from '../../../shared/lead-status.js';

export type FieldRow = Selectable<LeadFieldsTable>;
export type ChoiceRow = Selectable<FeedbackChoicesTable>;

/** JSON a column keeps, read back; what cannot be read is `fallback` (never a thrown error on a read). */
function parsed<T>(json: string | null, fallback: T): T {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export function toFieldDef(row: FieldRow): FieldDef | null {
  if (!isFieldType(row.type)) return null;
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type,
    choices: parsed<FieldChoice[] | null>(row.choices, null),
    required: row.required === 1,
    statuses: parsed<string[] | null>(row.statuses, null),
    callersEdit: row.callers_edit === 1,
    onCards: row.on_cards === 1,
    hidden: row.hidden === 1,
    retired: row.retired_at !== null,
    position: row.position,
  };
}

export function toFeedbackChoice(row: ChoiceRow): FeedbackChoice {
  return {
    id: row.id,
    status: row.status as SubmitStatus,
    label: row.label,
    needsCallback: row.needs_callback === 1,
    needsReason: row.needs_reason === 1,
    needsNote: row.needs_note === 1,
    retired: row.retired_at !== null,
    position: row.position,
  };
}

/** Every field of the company, retired ones too, in its order. */
export function fieldRowsOf(db: Kysely<DB>, subadminId: number): Promise<FieldRow[]> {
  return db.selectFrom('lead_fields').selectAll().where('subadmin_id', '=', subadminId).orderBy('position').orderBy('id').execute();
}

/** Every feedback choice of the company, retired ones too, in its order. */
export function choiceRowsOf(db: Kysely<DB>, subadminId: number): Promise<ChoiceRow[]> {
  return db.selectFrom('feedback_choices').selectAll().where('subadmin_id', '=', subadminId).orderBy('status').orderBy('position').orderBy('id').execute();
}

/** A new company's feedback choices: the spec's (DEFAULT_FEEDBACK). */
export async function insertDefaultFeedback(db: Kysely<DB>, subadminId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('feedback_choices')
    .values(
      DEFAULT_FEEDBACK.map((d) => ({
        subadmin_id: subadminId,
        status: d.status,
        label: d.label,
        needs_callback: d.needsCallback ? 1 : 0,
        needs_reason: d.needsReason ? 1 : 0,
        needs_note: d.needsNote ? 1 : 0,
        position: d.position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
