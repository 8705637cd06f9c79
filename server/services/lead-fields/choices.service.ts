import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { MAX_CHOICES_PER_STATUS, type FeedbackChoice } from '../../../shared/company-shape.js';
import type { SubmitStatus } from '../../../shared/lead-status.js';
import type { FeedbackChoiceInput, FeedbackChoiceUpdateInput, ShapeMoveInput } from '../../../shared/schemas/lead-fields.js';
import { toFeedbackChoice, type ChoiceRow } from './fields.repository.js';
import { lockShape, renumber } from './fields.service.js';

/*
 * The company's outcomes (docs/lead-fields.md#outcomes): under each status a telecaller submits, its
 * own feedback choices, added, renamed, ordered, retired and restored, each saying whether it asks
 * for a callback time, a reason or a note. A choice is never deleted: history names it
 * (lead_history.feedback_id), so a retired one stays readable there.
 */

export const LAST_CHOICE = 'A status needs at least one choice in use.';
export const CHOICES_FULL = `A status may have at most ${MAX_CHOICES_PER_STATUS} choices, retired ones included.`;

const choiceNotFound = () => notFound('Choice');

const rowsOfStatus = (db: Kysely<DB>, subadminId: number, status: string): Promise<ChoiceRow[]> =>
  db.selectFrom('feedback_choices').selectAll().where('subadmin_id', '=', subadminId).where('status', '=', status).orderBy('position').orderBy('id').execute();

async function findChoice(db: Kysely<DB>, subadminId: number, id: number): Promise<ChoiceRow> {
  const row = await db.selectFrom('feedback_choices').selectAll().where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst();
  if (!row) throw choiceNotFound();
  return row;
}

/** Labels are unique under a status in any case, retired ones included (history reads a choice by its label). */
function checkLabel(label: string, rows: readonly ChoiceRow[], self: number | null): void {
  const same = rows.find((r) => r.id !== self && r.label.trim().toLowerCase() === label.trim().toLowerCase());
  if (!same) return;
  const message = same.retired_at ? `A retired choice is named ${same.label}: restore it instead.` : `There is already a choice named ${same.label}.`;
  throw new AppError('CONFLICT', message, { label: 'Already used.' });
}

const flagsOf = (input: Omit<FeedbackChoiceInput, 'status'>) => ({
  label: input.label,
  needs_callback: input.needsCallback ? 1 : 0,
  needs_reason: input.needsReason ? 1 : 0,
  needs_note: input.needsNote ? 1 : 0,
});

export async function addChoice(deps: Deps, actor: SubadminActor, input: FeedbackChoiceInput): Promise<FeedbackChoice> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const rows = await rowsOfStatus(trx, actor.subadminId, input.status);
    if (rows.length >= MAX_CHOICES_PER_STATUS) throw new AppError('BAD_REQUEST', CHOICES_FULL);
    checkLabel(input.label, rows, null);
    const now = nowIso();
    const row = await trx
      .insertInto('feedback_choices')
      .values({
        subadmin_id: actor.subadminId,
        status: input.status,
        ...flagsOf(input),
        retired_at: null,
        position: Math.max(0, ...rows.map((r) => r.position)) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await recordAudit(deps.db, actor, 'create', 'feedback_choice', id, { status: input.status, label: input.label });
  return toFeedbackChoice(await findChoice(deps.db, actor.subadminId, id));
}

/** Renames it and sets what it asks for; history keeps the label it was chosen with. */
export async function updateChoice(deps: Deps, actor: SubadminActor, input: FeedbackChoiceUpdateInput): Promise<FeedbackChoice> {
  await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const row = await findChoice(trx, actor.subadminId, input.id);
    checkLabel(input.label, await rowsOfStatus(trx, actor.subadminId, row.status), row.id);
    await trx
      .updateTable('feedback_choices')
      .set({ ...flagsOf(input), updated_at: nowIso() })
      .where('subadmin_id', '=', actor.subadminId)
      .where('id', '=', row.id)
      .execute();
  });
  await recordAudit(deps.db, actor, 'update', 'feedback_choice', input.id, { label: input.label });
  return toFeedbackChoice(await findChoice(deps.db, actor.subadminId, input.id));
}

export async function retireChoice(deps: Deps, actor: SubadminActor, id: number): Promise<FeedbackChoice> {
  await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const row = await findChoice(trx, actor.subadminId, id);
    if (row.retired_at !== null) return;
    const inUse = (await rowsOfStatus(trx, actor.subadminId, row.status)).filter((r) => r.retired_at === null);
    if (inUse.length <= 1) throw new AppError('BAD_REQUEST', LAST_CHOICE);
    await setRetired(trx, actor.subadminId, id, nowIso());
  });
  await recordAudit(deps.db, actor, 'retire', 'feedback_choice', id);
  return toFeedbackChoice(await findChoice(deps.db, actor.subadminId, id));
}

export async function restoreChoice(deps: Deps, actor: SubadminActor, id: number): Promise<FeedbackChoice> {
  const row = await findChoice(deps.db, actor.subadminId, id);
  if (row.retired_at !== null) await setRetired(deps.db, actor.subadminId, id, null);
  await recordAudit(deps.db, actor, 'restore', 'feedback_choice', id);
  return toFeedbackChoice(await findChoice(deps.db, actor.subadminId, id));
}

/** Swaps a choice with the one above or below it under its status; at either end nothing moves. */
export async function moveChoice(deps: Deps, actor: SubadminActor, input: ShapeMoveInput): Promise<FeedbackChoice[]> {
  const status = await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const row = await findChoice(trx, actor.subadminId, input.id);
    const rows = await rowsOfStatus(trx, actor.subadminId, row.status);
    const at = rows.findIndex((r) => r.id === row.id);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < rows.length) {
      [rows[at], rows[to]] = [rows[to]!, rows[at]!];
      await renumber(trx, 'feedback_choices', actor.subadminId, rows);
    }
    return row.status as SubmitStatus;
  });
  return (await rowsOfStatus(deps.db, actor.subadminId, status)).map(toFeedbackChoice);
}

async function setRetired(db: Kysely<DB>, subadminId: number, id: number, retiredAt: string | null): Promise<void> {
  await db
    .updateTable('feedback_choices')
    .set({ retired_at: retiredAt, updated_at: nowIso() })
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', id)
    .execute();
}
