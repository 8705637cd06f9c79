import type { Kysely } from 'kysely';
import { storedExtras } from '../../../shared/lead-fields.js';
import type { DB } from '../../db/schema.js';
import type { ExtraDetails, FieldWireValue } from '../../../shared/lead-fields.js';
import { companyShape } from './shape.service.js';
import { fieldValuesOfLeads } from './values.js';

/*
 * What a lead holds beyond the spec's columns, for the answers that list leads (the legacy API's lead
 * lists: docs/legacy-api.md#extra-keys): its email, its company fields' values and its extra details,
 * read for a whole page at once (two queries, whatever the page's size).
 */

export interface LeadExtras {
  email: string | null;
  /** { key: value } of the company's fields that have a value (retired fields too: their values are kept) */
  fields: Record<string, FieldWireValue>;
  /** { label: value } the sources gave that map to no field */
  extra_details: ExtraDetails;
}

const NONE: LeadExtras = { email: null, fields: {}, extra_details: {} };

/** The extras of the company's leads among `leadIds`, by lead id (another company's id has none). */
export async function leadExtrasOf(db: Kysely<DB>, subadminId: number, leadIds: readonly number[]): Promise<Map<number, LeadExtras>> {
  const out = new Map<number, LeadExtras>();
  const ids = [...new Set(leadIds)];
  if (!ids.length) return out;
  const shape = await companyShape(db, subadminId);
  const [rows, values] = await Promise.all([
    db.selectFrom('leads').select(['id', 'email', 'extra_details']).where('subadmin_id', '=', subadminId).where('id', 'in', ids).execute(),
    fieldValuesOfLeads(db, subadminId, shape.fields, ids),
  ]);
  for (const r of rows) out.set(r.id, { email: r.email, fields: values.get(r.id) ?? {}, extra_details: storedExtras(r.extra_details) ?? {} });
  return out;
}

/** Rows with their lead's extras after their own keys (the original client ignores keys it does not know). */
export async function withLeadExtras<R extends { id: number }>(db: Kysely<DB>, subadminId: number, rows: readonly R[]): Promise<(R & LeadExtras)[]> {
  const extras = await leadExtrasOf(
    db,
    subadminId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, ...(extras.get(r.id) ?? NONE) }));
}
