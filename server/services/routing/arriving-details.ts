import type { Transaction } from 'kysely';
import { storedExtras } from '../../../shared/lead-fields.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { boundedExtras, type ExtraDetails, type FieldDef } from '../../../shared/lead-fields.js';
import { insertValueRows, newLeadValueRows, setLeadValues, type FieldChange, type FieldValues } from '../lead-fields/values.js';

/*
 * What an arriving lead brings beyond the spec's columns (docs/lead-capture.md#fields): its email,
 * its company fields' values and the extra details its sender gave. Nothing the company was given is
 * thrown away: a new lead keeps them, and a repeat enquiry on a known mobile applies them to the lead
 * it reaches, each change a line of the lead's history.
 */

/** What an arriving lead may bring beyond name, mobile, requirement, area, category and language. */
export interface ArrivingDetails {
  email?: string | null;
  /** read against the company's fields (readFieldInput) */
  values?: FieldValues;
  extras?: ExtraDetails | null;
}

const hasDetails = (d: ArrivingDetails) => !!d.email || !!d.values?.size || !!(d.extras && Object.keys(d.extras).length);

/** New leads' email, extra details and field values (one update a lead that has any, value rows in bulk). */
export async function writeNewLeadDetails(
  trx: Transaction<DB>,
  subadminId: number,
  fields: readonly FieldDef[],
  leads: readonly { leadId: number; details: ArrivingDetails }[],
): Promise<void> {
  const withDetails = leads.filter((l) => hasDetails(l.details));
  for (const { leadId, details } of withDetails) {
    if (!details.email && !details.extras) continue;
    // Only what these details carry: the insert may have written the rest already (a file's or IndiaMART's extra details).
    await trx
      .updateTable('leads')
      .set({ ...(details.email ? { email: details.email } : {}), ...(details.extras ? { extra_details: JSON.stringify(details.extras) } : {}) })
      .where('subadmin_id', '=', subadminId)
      .where('id', '=', leadId)
      .execute();
  }
  await insertValueRows(
    trx,
    withDetails.flatMap(({ leadId, details }) => (details.values?.size ? newLeadValueRows(subadminId, leadId, fields, details.values) : [])),
  );
}

/**
 * A repeat enquiry's details applied to the lead it reached: field values set (a history line for
 * what changed), an email given replaces the one kept (a history line too), extra details added to
 * the lead's (a label given again takes the new value). Answers what changed.
 */
export async function applyRepeatDetails(
  trx: Transaction<DB>,
  subadminId: number,
  fields: readonly FieldDef[],
  leadId: number,
  details: ArrivingDetails,
): Promise<FieldChange[]> {
  if (!hasDetails(details)) return [];
  const changes = details.values?.size ? await setLeadValues(trx, { subadminId, leadId }, fields, details.values) : [];
  if (!details.email && !details.extras) return changes;
  const lead = await trx
    .selectFrom('leads')
    .select(['email', 'extra_details'])
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', leadId)
    .executeTakeFirst();
  if (!lead) return changes;
  const email = details.email && details.email !== lead.email ? details.email : null;
  const extras = details.extras ? boundedExtras(Object.entries({ ...storedExtras(lead.extra_details), ...details.extras })) : null;
  if (!email && !extras) return changes;
  await trx
    .updateTable('leads')
    .set({ ...(email ? { email } : {}), ...(extras ? { extra_details: JSON.stringify(extras) } : {}) })
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', leadId)
    .execute();
  if (!email) return changes;
  const change: FieldChange = { key: 'email', label: 'Email', from: lead.email ?? '', to: email };
  await trx
    .insertInto('lead_changes')
    .values({ subadmin_id: subadminId, lead_id: leadId, user_id: null, acted_by_subadmin: null, changes: JSON.stringify([change]), created_at: nowIso() })
    .execute();
  return [...changes, change];
}
