import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import { nowIso } from '../../server/db/dialect.js';
import type { FieldChoice, FieldType } from '../../shared/lead-fields.js';

export interface FieldFixture {
  key: string;
  label?: string;
  type: FieldType;
  choices?: FieldChoice[];
  required?: boolean;
  statuses?: string[] | null;
  callersEdit?: boolean;
  onCards?: boolean;
  hidden?: boolean;
  retired?: boolean;
  position?: number;
}

/** A field of the company, stored as the Lead fields page stores it; answers its id. */
export async function insertField(db: Kysely<DB>, subadminId: number, f: FieldFixture): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('lead_fields')
    .values({
      subadmin_id: subadminId,
      key: f.key,
      label: f.label ?? f.key,
      type: f.type,
      choices: f.choices ? JSON.stringify(f.choices) : null,
      required: f.required ? 1 : 0,
      statuses: f.statuses ? JSON.stringify(f.statuses) : null,
      callers_edit: f.callersEdit === false ? 0 : 1,
      on_cards: f.onCards ? 1 : 0,
      hidden: f.hidden ? 1 : 0,
      retired_at: f.retired ? now : null,
      position: f.position ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One field of every type, for a company (keys are the type's id in snake case). */
export const EVERY_TYPE: FieldFixture[] = [
  { key: 'note_text', label: 'Short note', type: 'text' },
  { key: 'story', label: 'Story', type: 'longText' },
  { key: 'family_size', label: 'Family size', type: 'number' },
  { key: 'loan_amount', label: 'Loan amount', type: 'money' },
  { key: 'visit_date', label: 'Visit date', type: 'date' },
  { key: 'meeting_at', label: 'Meeting at', type: 'dateTime' },
  {
    key: 'roof',
    label: 'Roof type',
    type: 'choice',
    choices: [
      { key: 'rcc', label: 'RCC' },
      { key: 'tin', label: 'Tin sheet' },
      { key: 'old', label: 'Old choice', retired: true },
    ],
  },
  {
    key: 'interests',
    label: 'Interests',
    type: 'multiChoice',
    choices: [
      { key: 'solar', label: 'Solar' },
      { key: 'battery', label: 'Battery' },
      { key: 'inverter', label: 'Inverter' },
    ],
  },
  { key: 'alt_phone', label: 'Alternate phone', type: 'phone' },
  { key: 'work_email', label: 'Work email', type: 'email' },
  { key: 'owns_house', label: 'Owns house', type: 'yesNo' },
  { key: 'website', label: 'Website', type: 'link' },
];

/** The company lets a follow-up go without a callback time (its Follow-up choices no longer ask for one). */
export async function followUpWithoutCallback(db: Kysely<DB>, subadminId: number): Promise<void> {
  await db.updateTable('feedback_choices').set({ needs_callback: 0 }).where('subadmin_id', '=', subadminId).where('status', '=', '4').execute();
}
