import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { mayHear, type Listener } from './recordings.service.js';
import { companyChoices, findTelephonyRow } from './settings.repository.js';

/** A call behind a row of a list (a lead's history, a call log), as far as hearing it goes. */
export interface CallToHear {
  call_id: number | null;
  has_recording: number | boolean | null;
  call_user_id: number | null;
  handler_id: number | null;
}

/**
 * Of these rows' calls, those with a recording this person may hear (the company's choices read once,
 * and only when a row has a recording): what a list offers to play.
 */
export async function hearableCalls(db: Kysely<DB>, actor: Listener, rows: readonly CallToHear[]): Promise<Set<number>> {
  const recorded = rows.filter((r) => r.call_id !== null && Boolean(r.has_recording));
  if (!recorded.length) return new Set();
  const row = await findTelephonyRow(db, actor.subadminId);
  if (!row) return new Set();
  const choices = companyChoices(row);
  return new Set(recorded.filter((r) => mayHear(actor, choices, { user_id: r.call_user_id, handler_id: r.handler_id })).map((r) => r.call_id!));
}
