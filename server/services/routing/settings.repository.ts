import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DEFAULT_ROUTING_SETTINGS, type RoutingSettings } from '../../../shared/routing.js';
import { parseWorkDays } from '../../../shared/working-hours.js';

/** The company's routing settings; the defaults (routing off everywhere) for one that saved none. */
export async function loadRoutingSettings(db: Kysely<DB> | Transaction<DB>, subadminId: number): Promise<RoutingSettings> {
  const row = await db.selectFrom('routing_settings').selectAll().where('subadmin_id', '=', subadminId).executeTakeFirst();
  if (!row) return { ...DEFAULT_ROUTING_SETTINGS, workDays: [...DEFAULT_ROUTING_SETTINGS.workDays] };
  return {
    routeIndiamart: row.route_indiamart === 1,
    routeCapture: row.route_capture === 1,
    routeAddLead: row.route_add_lead === 1,
    routeCsv: row.route_csv === 1,
    includeHeads: row.include_heads === 1,
    workDays: parseWorkDays(row.work_days),
    workStart: row.work_start,
    workEnd: row.work_end,
    repeatRerouteDays: row.repeat_reroute_days,
    recycleAfterHours: row.recycle_after_hours,
    recycleMax: row.recycle_max,
  };
}

/** Saves the company's routing settings: the first save inserts its row, later ones update it. */
export async function saveRoutingSettings(db: Kysely<DB> | Transaction<DB>, subadminId: number, s: RoutingSettings, now: string): Promise<void> {
  const values = {
    route_indiamart: s.routeIndiamart ? 1 : 0,
    route_capture: s.routeCapture ? 1 : 0,
    route_add_lead: s.routeAddLead ? 1 : 0,
    route_csv: s.routeCsv ? 1 : 0,
    include_heads: s.includeHeads ? 1 : 0,
    work_days: s.workDays.join(','),
    work_start: s.workStart,
    work_end: s.workEnd,
    repeat_reroute_days: s.repeatRerouteDays,
    recycle_after_hours: s.recycleAfterHours,
    recycle_max: s.recycleMax,
    updated_at: now,
  };
  await db
    .insertInto('routing_settings')
    .values({ subadmin_id: subadminId, ...values })
    .onConflict((oc) => oc.column('subadmin_id').doUpdateSet(values))
    .execute();
}
