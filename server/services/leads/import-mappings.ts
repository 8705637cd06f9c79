import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import type { FieldDef } from '../../../shared/lead-fields.js';
import { columnsKey, headerKey, isColumnTarget, type ColumnTarget, type FileLayout } from '../../../shared/file-layouts.js';
import { guessMapping } from './csv-columns.js';

/**
 * A company's saved column mappings (import_mappings): found by the file's columns (columns_key),
 * so a file with the same columns gets the mapping chosen last time. Stored as { headerKey: target }.
 */

async function findSaved(db: Kysely<DB>, subadminId: number, key: string): Promise<Record<string, string> | null> {
  const row = await db.selectFrom('import_mappings').select('mapping').where('subadmin_id', '=', subadminId).where('columns_key', '=', key).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.mapping) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

export interface ChosenMapping {
  targets: ColumnTarget[];
  layout: FileLayout | null;
  /** true: the company's saved mapping for these columns */
  saved: boolean;
}

/** The mapping for a header row: the saved one for these columns, else the guess (a saved target no longer valid falls back to the guess). */
export async function mappingFor(db: Kysely<DB>, subadminId: number, header: readonly string[], fields: readonly FieldDef[]): Promise<ChosenMapping> {
  const guess = guessMapping(header, fields);
  const saved = await findSaved(db, subadminId, columnsKey(header));
  if (!saved) return { ...guess, saved: false };
  const keys = new Set(fields.filter((f) => !f.retired).map((f) => `field:${f.key}`));
  const targets = header.map((cell, i) => {
    const t = saved[headerKey(cell)];
    return t && isColumnTarget(t) && (!t.startsWith('field:') || keys.has(t)) ? t : guess.targets[i]!;
  });
  return { targets, layout: guess.layout, saved: true };
}

/** Saves (or overwrites) the company's mapping for these columns. */
export async function saveMapping(
  db: Kysely<DB>,
  subadminId: number,
  header: readonly string[],
  targets: readonly ColumnTarget[],
  name: string,
): Promise<void> {
  const key = columnsKey(header);
  const mapping: Record<string, string> = {};
  header.forEach((cell, i) => {
    const k = headerKey(cell);
    if (k && targets[i]) mapping[k] = targets[i]!;
  });
  const now = nowIso();
  await db
    .insertInto('import_mappings')
    .values({ subadmin_id: subadminId, columns_key: key, name, mapping: JSON.stringify(mapping), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['subadmin_id', 'columns_key']).doUpdateSet({ name, mapping: JSON.stringify(mapping), updated_at: now }))
    .execute();
}
