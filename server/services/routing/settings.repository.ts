import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, RoutingSettingsTable } from '../../db/schema.js';
import { DEFAULT_ROUTING_SETTINGS, type RoutingSettings } from '../../../shared/routing.js';
import { parseWorkDays } from '../../../shared/working-hours.js';

type Db = Kysely<DB> | Transaction<DB>;

function toSettings(row: Omit<Selectable<RoutingSettingsTable>, 'subadmin_id' | 'updated_at'> | undefined): RoutingSettings {
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

/** The company's routing settings; the defaults (routing off everywhere) for one that saved none. */
export async function loadRoutingSettings(db: Db, subadminId: number): Promise<RoutingSettings> {
  return toSettings(await db.selectFrom('routing_settings').selectAll().where('subadmin_id', '=', subadminId).executeTakeFirst());
}

/** What routing needs of the company, in one read: its settings, its zone, whether it still exists, and whether it has rules. */
export interface RoutingCompany {
  settings: RoutingSettings;
  timeZone: string;
  gone: boolean;
  hasRules: boolean;
}

export async function loadRoutingCompany(db: Db, subadminId: number): Promise<RoutingCompany | null> {
  const row = await db
    .selectFrom('subadmins as s')
    .leftJoin('routing_settings as r', 'r.subadmin_id', 's.id')
    .select((eb) => [
      's.time_zone',
      's.deleted_at',
      'r.subadmin_id as saved',
      'r.route_indiamart',
      'r.route_capture',
      'r.route_add_lead',
      'r.route_csv',
      'r.include_heads',
      'r.work_days',
      'r.work_start',
      'r.work_end',
      'r.repeat_reroute_days',
      'r.recycle_after_hours',
      'r.recycle_max',
      eb.exists(eb.selectFrom('routing_rules as x').select('x.id').whereRef('x.subadmin_id', '=', 's.id')).as('has_rules'),
    ])
    .where('s.id', '=', subadminId)
    .executeTakeFirst();
  if (!row) return null;
  const settings = row.saved === null ? toSettings(undefined) : toSettings(row as Parameters<typeof toSettings>[0]);
  return { settings, timeZone: row.time_zone, gone: row.deleted_at !== null, hasRules: Boolean(row.has_rules) };
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
