import type { Insertable, Kysely } from 'kysely';
import type { DB, LeadHistoryTable } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import type { WorkableLead } from './queues.repository.js';
import { latestHistoryRow } from './history.repository.js';

/**
 * How close together two identical submissions of one lead by one user must be, both in when they
 * were made and in when they arrived, to count as one: a double or triple tap, or a client that
 * sent the same thing twice under two keys. A real second call takes longer than this.
 */
export const TWIN_WINDOW_MS = 10_000;

/** What a submission says; the rest of a history row (who, when, the resulting status of an attempt) is not compared. */
const OUTCOME_FIELDS = [
  'status',
  'feedback',
  'remarks',
  'handler_id',
  'demo',
  'project_name',
  'callback',
  'callback_date',
  'callback_time',
  'invalid_reason',
  'lead_quality',
  'optional_whatsapp',
  'optional_number',
] as const;
const ATTEMPT_FIELDS = ['outcome'] as const;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b));

/**
 * Whether this submission repeats the lead's latest history row: the same user, the same kind and
 * the same answers, made and arrived within TWIN_WINDOW_MS of it. Read in the transaction that holds
 * the lead, so a twin sent at the same instant waits for the first and then sees its row.
 */
export async function isTwin(trx: Kysely<DB>, actor: UserActor, lead: WorkableLead, row: Insertable<LeadHistoryTable>, now: Date): Promise<boolean> {
  if (Date.parse(lead.updated_at) < now.getTime() - TWIN_WINDOW_MS) return false;
  const last = await latestHistoryRow(trx, actor.subadminId, lead.id);
  if (!last || last.user_id !== actor.id || last.kind !== row.kind) return false;
  // Two calls the provider placed are two calls, however alike and close together.
  if (!same(last.call_id, row.call_id)) return false;
  if (Math.abs(Date.parse(last.created_at) - Date.parse(row.created_at)) > TWIN_WINDOW_MS) return false;
  // The call timer may tick between two taps: durations a few seconds apart are the same call.
  if (Math.abs(Number(last.call_duration) - Number(row.call_duration ?? 0)) * 1000 > TWIN_WINDOW_MS) return false;
  const fields = row.kind === 'attempt' ? ATTEMPT_FIELDS : OUTCOME_FIELDS;
  return fields.every((f) => same(last[f], row[f]));
}
