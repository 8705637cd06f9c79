import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CALL_STATUSES, isCallEnded, type CallStatus } from '../../../shared/telephony.js';

/** Statuses of a call that reached the lead: an outcome submitted with a call that ended in any other is not a connected call. */
export const REACHED_STATUSES: readonly CallStatus[] = ['in_progress', 'completed'];
/** Ended without reaching the lead (busy, no answer, failed, cancelled, the telecaller's phone not answered, missed). */
export const UNREACHED_STATUSES: readonly CallStatus[] = CALL_STATUSES.filter((s) => isCallEnded(s) && !REACHED_STATUSES.includes(s));

/**
 * Since when an outcome submitted with no call behind it (call_via null) is flagged "no call"
 * (docs/call-facts.md): while the company's provider is on, from when it began to use it: the first
 * call placed through it (calls_company_placed: the first entry), or the last time its settings were
 * checked with the provider when that is earlier (a company that saved them but has not called yet).
 * Null while the provider is off or was never set up: nothing is flagged, as before telephony.
 */
export async function noCallSince(db: Kysely<DB>, subadminId: number): Promise<string | null> {
  const row = await db
    .selectFrom('telephony_settings as t')
    .select((eb) => [
      't.enabled',
      't.checked_at',
      't.updated_at',
      eb
        .selectFrom('calls as c')
        .select((e) => e.fn.min<string>('c.placed_at').as('at'))
        .whereRef('c.subadmin_id', '=', 't.subadmin_id')
        .as('first_call'),
    ])
    .where('t.subadmin_id', '=', subadminId)
    .executeTakeFirst();
  if (row?.enabled !== 1) return null;
  const checked = row.checked_at ?? row.updated_at;
  return row.first_call && row.first_call < checked ? row.first_call : checked;
}
