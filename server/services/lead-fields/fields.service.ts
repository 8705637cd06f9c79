import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { FIELD_TYPES, MAX_ACTIVE_FIELDS, MAX_FIELDS, fieldKeyFrom, type FieldChoice, type FieldDef } from '../../../shared/lead-fields.js';
import type { LeadFieldInput, LeadFieldUpdateInput, ShapeMoveInput } from '../../../shared/schemas/lead-fields.js';
import { fieldRowsOf, toFieldDef, type FieldRow } from './fields.repository.js';

/*
 * The company defines its lead fields (docs/lead-fields.md#defining-fields): adds, edits, orders,
 * hides, retires and restores them. A field's key is made once from its first label and never
 * changes (the capture API, the exports and the files name it); nothing is ever deleted, so a
 * retired field's values stay on the leads and in their history.
 */

/** A field as the Lead fields page lists it: whether it has values decides whether its type may change. */
export interface FieldView extends FieldDef {
  hasValues: boolean;
}

export const ACTIVE_LIMIT = `A company may have at most ${MAX_ACTIVE_FIELDS} fields in use: retire one first.`;
export const TOTAL_LIMIT = `A company may have at most ${MAX_FIELDS} fields, retired ones included.`;
export const TYPE_LOCKED = 'This field has values on leads, so its type cannot change: add a new field instead.';
export const CHOICES_NEEDED = 'A choice field needs at least one choice in use.';
export const NO_CHOICES = 'Only a single or multiple choice field has choices.';

/** The lead's own fields: a company field may not take their names. */
const BUILT_IN_LABELS = new Set(['name', 'mobile', 'email', 'requirement', 'area', 'category', 'language', 'source', 'status', 'owner']);

const fieldNotFound = () => notFound('Field');

/**
 * Holds the company's row until the transaction ends (Postgres), so that two edits of its shape at
 * once are checked one after the other (the 50 limit, a label in use). SQLite transactions here begin
 * immediate, which already serialises writers.
 */
export async function lockShape(trx: Kysely<DB>, dialect: Dialect, subadminId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('subadmins').select('id').where('id', '=', subadminId).forUpdate().execute();
}

export async function listFields(deps: Deps, actor: SubadminActor): Promise<FieldView[]> {
  const rows = await fieldRowsOf(deps.db, actor.subadminId);
  const withValues = await fieldsWithValues(deps.db, actor.subadminId);
  return rows.map(toFieldDef).flatMap((f) => (f ? [{ ...f, hasValues: withValues.has(f.id) }] : []));
}

async function fieldsWithValues(db: Kysely<DB>, subadminId: number, fieldId?: number): Promise<Set<number>> {
  let q = db.selectFrom('lead_values').select('field_id').distinct().where('subadmin_id', '=', subadminId);
  if (fieldId !== undefined) q = q.where('field_id', '=', fieldId);
  return new Set((await q.execute()).map((r) => r.field_id));
}

/** The choices to store: kept ones keep their key (their values read on), omitted ones stay retired, new ones get a key. */
function choicesFor(input: LeadFieldInput, before: readonly FieldChoice[] | null): FieldChoice[] | null {
  const given = input.choices ?? [];
  if (!FIELD_TYPES[input.type].hasChoices) {
    if (given.length) throw new AppError('BAD_REQUEST', NO_CHOICES, { choices: NO_CHOICES });
    return null;
  }
  const old = new Map((before ?? []).map((c) => [c.key, c]));
  const taken = new Set(old.keys());
  const out: FieldChoice[] = [];
  for (const c of given) {
    if (c.key !== undefined && !old.has(c.key)) throw new AppError('BAD_REQUEST', `The field has no choice "${c.key}".`, { choices: 'Unknown choice.' });
    const key = c.key ?? fieldKeyFrom(c.label, taken);
    taken.add(key);
    out.push(c.retired ? { key, label: c.label, retired: true } : { key, label: c.label });
  }
  const listed = new Set(out.map((c) => c.key));
  for (const c of old.values()) if (!listed.has(c.key)) out.push({ ...c, retired: true });
  if (!out.some((c) => !c.retired)) throw new AppError('BAD_REQUEST', CHOICES_NEEDED, { choices: CHOICES_NEEDED });
  const labels = out.map((c) => c.label.toLowerCase());
  if (new Set(labels).size !== labels.length) {
    throw new AppError('BAD_REQUEST', 'A retired choice has that label: restore it instead.', { choices: 'Each choice needs its own label.' });
  }
  return out;
}

/** A label another field in use has (any case), or a built-in field's. */
function checkLabel(label: string, fields: readonly FieldRow[], self: number | null): void {
  const l = label.trim().toLowerCase();
  if (BUILT_IN_LABELS.has(l)) throw new AppError('BAD_REQUEST', `${label} is a built-in field of every lead.`, { label: 'Built-in field.' });
  if (fields.some((f) => f.id !== self && f.retired_at === null && f.label.trim().toLowerCase() === l)) {
    throw new AppError('CONFLICT', `There is already a field named ${label}.`, { label: 'Already used.' });
  }
}

const columnsOf = (input: LeadFieldInput, choices: FieldChoice[] | null) => ({
  label: input.label,
  type: input.type,
  choices: choices ? JSON.stringify(choices) : null,
  required: input.required ? 1 : 0,
  statuses: input.statuses ? JSON.stringify(input.statuses) : null,
  callers_edit: input.callersEdit ? 1 : 0,
  on_cards: input.onCards ? 1 : 0,
  hidden: input.hidden ? 1 : 0,
});

const activeCount = (fields: readonly FieldRow[]) => fields.filter((f) => f.retired_at === null).length;

export async function addField(deps: Deps, actor: SubadminActor, input: LeadFieldInput): Promise<FieldView> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const fields = await fieldRowsOf(trx, actor.subadminId);
    if (fields.length >= MAX_FIELDS) throw new AppError('BAD_REQUEST', TOTAL_LIMIT);
    if (activeCount(fields) >= MAX_ACTIVE_FIELDS) throw new AppError('BAD_REQUEST', ACTIVE_LIMIT);
    checkLabel(input.label, fields, null);
    const key = fieldKeyFrom(input.label, new Set(fields.map((f) => f.key)));
    const now = nowIso();
    const row = await trx
      .insertInto('lead_fields')
      .values({
        subadmin_id: actor.subadminId,
        key,
        ...columnsOf(input, choicesFor(input, null)),
        retired_at: null,
        position: Math.max(0, ...fields.map((f) => f.position)) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await recordAudit(deps.db, actor, 'create', 'lead_field', id, { label: input.label, type: input.type });
  return viewOf(deps, actor, id);
}

export async function updateField(deps: Deps, actor: SubadminActor, input: LeadFieldUpdateInput): Promise<FieldView> {
  await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const fields = await fieldRowsOf(trx, actor.subadminId);
    const row = fields.find((f) => f.id === input.id);
    const before = row ? toFieldDef(row) : null;
    if (!row || !before) throw fieldNotFound();
    if (input.type !== before.type && (await fieldsWithValues(trx, actor.subadminId, row.id)).size) {
      throw new AppError('CONFLICT', TYPE_LOCKED, { type: TYPE_LOCKED });
    }
    if (row.retired_at === null) checkLabel(input.label, fields, row.id);
    const choices = choicesFor(input, FIELD_TYPES[before.type].hasChoices ? before.choices : null);
    await trx
      .updateTable('lead_fields')
      .set({ ...columnsOf(input, choices), updated_at: nowIso() })
      .where('subadmin_id', '=', actor.subadminId)
      .where('id', '=', row.id)
      .execute();
  });
  await recordAudit(deps.db, actor, 'update', 'lead_field', input.id, { label: input.label, type: input.type });
  return viewOf(deps, actor, input.id);
}

export async function setFieldHidden(deps: Deps, actor: SubadminActor, id: number, hidden: boolean): Promise<FieldView> {
  await setColumns(deps.db, actor.subadminId, id, { hidden: hidden ? 1 : 0 });
  await recordAudit(deps.db, actor, hidden ? 'hide' : 'show', 'lead_field', id);
  return viewOf(deps, actor, id);
}

/** Offered nowhere for a value from now on; its values stay on the leads and in their history. */
export async function retireField(deps: Deps, actor: SubadminActor, id: number): Promise<FieldView> {
  const row = await findField(deps.db, actor.subadminId, id);
  if (row.retired_at === null) await setColumns(deps.db, actor.subadminId, id, { retired_at: nowIso() });
  await recordAudit(deps.db, actor, 'retire', 'lead_field', id);
  return viewOf(deps, actor, id);
}

export async function restoreField(deps: Deps, actor: SubadminActor, id: number): Promise<FieldView> {
  await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const fields = await fieldRowsOf(trx, actor.subadminId);
    const row = fields.find((f) => f.id === id);
    if (!row) throw fieldNotFound();
    if (row.retired_at === null) return;
    if (activeCount(fields) >= MAX_ACTIVE_FIELDS) throw new AppError('BAD_REQUEST', ACTIVE_LIMIT);
    checkLabel(row.label, fields, row.id);
    await setColumns(trx, actor.subadminId, id, { retired_at: null });
  });
  await recordAudit(deps.db, actor, 'restore', 'lead_field', id);
  return viewOf(deps, actor, id);
}

/** Swaps a field with the one above or below it (retired ones keep their place in the list); at either end nothing moves. */
export async function moveField(deps: Deps, actor: SubadminActor, input: ShapeMoveInput): Promise<FieldView[]> {
  await deps.db.transaction().execute(async (trx) => {
    await lockShape(trx, deps.dialect, actor.subadminId);
    const fields = await fieldRowsOf(trx, actor.subadminId);
    const at = fields.findIndex((f) => f.id === input.id);
    if (at < 0) throw fieldNotFound();
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= fields.length) return;
    [fields[at], fields[to]] = [fields[to]!, fields[at]!];
    await renumber(trx, 'lead_fields', actor.subadminId, fields);
  });
  return listFields(deps, actor);
}

/** Positions 1..n in the given order, written only where they changed (rows made at once may share one). */
export async function renumber(
  trx: Transaction<DB>,
  table: 'lead_fields' | 'feedback_choices',
  subadminId: number,
  rows: readonly { id: number; position: number }[],
): Promise<void> {
  const now = nowIso();
  for (const [i, r] of rows.entries()) {
    if (r.position !== i + 1) {
      await trx
        .updateTable(table)
        .set({ position: i + 1, updated_at: now })
        .where('subadmin_id', '=', subadminId)
        .where('id', '=', r.id)
        .execute();
    }
  }
}

async function findField(db: Kysely<DB>, subadminId: number, id: number): Promise<FieldRow> {
  const row = await db.selectFrom('lead_fields').selectAll().where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst();
  if (!row) throw fieldNotFound();
  return row;
}

async function setColumns(db: Kysely<DB>, subadminId: number, id: number, set: { hidden?: number; retired_at?: string | null }): Promise<void> {
  const res = await db
    .updateTable('lead_fields')
    .set({ ...set, updated_at: nowIso() })
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw fieldNotFound();
}

async function viewOf(deps: Deps, actor: SubadminActor, id: number): Promise<FieldView> {
  const def = toFieldDef(await findField(deps.db, actor.subadminId, id));
  if (!def) throw fieldNotFound();
  return { ...def, hasValues: (await fieldsWithValues(deps.db, actor.subadminId, id)).size > 0 };
}
