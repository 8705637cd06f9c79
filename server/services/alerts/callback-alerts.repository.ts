import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';

/**
 * Follow-up leads with a callback time on the given calendar dates, of a live telecaller of a live
 * company, whose callback at that date and time has not been alerted. The caller decides which are due
 * in each company's zone.
 */
export function unalertedCallbacks(db: Kysely<DB>, fromDate: string, toDate: string) {
  return db
    .selectFrom('leads as l')
    .innerJoin('subadmins as s', 's.id', 'l.subadmin_id')
    .innerJoin('users as u', 'u.id', 'l.telicaller_id')
    .select(['l.id', 'l.subadmin_id', 'l.telicaller_id', 'l.name', 'l.callback_date', 'l.callback_time', 'l.callback_alerted_for', 's.time_zone'])
    .where('l.callback_date', 'is not', null)
    .where('l.callback_date', '>=', fromDate)
    .where('l.callback_date', '<=', toDate)
    .where('l.callback_time', 'is not', null)
    .where('l.status', '=', LEAD_STATUS.followUp)
    .where('l.visible', '=', 1)
    .where('u.subadmin_id', '=', (eb) => eb.ref('l.subadmin_id'))
    .where('u.deleted_at', 'is', null)
    .where('u.is_blocked', '=', 0)
    .where('s.deleted_at', 'is', null)
    .where('s.is_blocked', '=', 0)
    .execute();
}

/** Marks a callback alerted, unless it changed meanwhile or was marked already: true when this call marked it. */
export async function markCallbackAlerted(db: Kysely<DB>, leadId: number, date: string, time: string, key: string): Promise<boolean> {
  const r = await db
    .updateTable('leads')
    .set({ callback_alerted_for: key })
    .where('id', '=', leadId)
    .where('callback_date', '=', date)
    .where('callback_time', '=', time)
    .where('status', '=', LEAD_STATUS.followUp)
    .where((eb) => eb.or([eb('callback_alerted_for', 'is', null), eb('callback_alerted_for', '!=', key)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
