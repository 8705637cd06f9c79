import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { UserType } from '../../db/schema.js';
import { companyTimeZone, requireCompany } from '../company/company.service.js';
import { todayBounds, type DayBounds } from '../../../shared/dates.js';
import type { StatusCountField } from '../../../shared/lead-status.js';
import { countLimitedUsers } from '../users/users.repository.js';
import { queueCounts } from '../lead-work/tallies.repository.js';
import { companySpeedToday } from '../speed/speed-to-lead.service.js';
import type { SpeedFigures } from '../../../shared/schemas/speed.js';
import {
  callerFigures,
  callerProjectCounts,
  callsOfDay,
  developerTaskCounts,
  interestedOfDay,
  leadFigures,
  telephonyOn,
  userCounts,
  waitingOnCompany,
} from './dashboard.repository.js';

const num = (v: unknown) => Number(v ?? 0);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface SubadminDashboard {
  companyName: string;
  today: string;
  timeZone: string;
  users: { telecallers: number; heads: number; developers: number; blocked: number; total: number };
  limit: { used: number; max: number };
  expiry: { date: string; daysLeft: number };
  leads: { total: number; unassigned: number; assignedToday: number };
  projectsPendingApproval: number;
  pendingComplaints: number;
  /** speed to lead of today's arrivals (the tile opening the Speed to lead page) */
  speed: SpeedFigures;
  /** today's calls as the provider reported them; null when the company's provider is off and no call was made today */
  floor: FloorFigures | null;
}

/** The company's calls today, from the calls table (docs/call-facts.md), and the leads made interested today. */
export interface FloorFigures {
  placed: number;
  connected: number;
  /** seconds */
  talkTime: number;
  interested: number;
  inbound: number;
  missed: number;
}

/** Today's floor figures, or null for a company whose provider is off and that had no call today. */
export async function floorToday(deps: Deps, subadminId: number, day: DayBounds): Promise<FloorFigures | null> {
  const [on, calls] = await Promise.all([telephonyOn(deps.db, subadminId), callsOfDay(deps.db, subadminId, day)]);
  const placed = num(calls?.placed);
  const inbound = num(calls?.inbound);
  if (!on && placed + inbound === 0) return null;
  return {
    placed,
    connected: num(calls?.connected),
    talkTime: num(calls?.talk),
    interested: await interestedOfDay(deps.db, subadminId, day),
    inbound,
    missed: num(calls?.missed),
  };
}

export async function getSubadminDashboard(deps: Deps, actor: SubadminActor): Promise<SubadminDashboard> {
  const db = deps.db;
  const company = await requireCompany(db, actor.subadminId, ['company_name', 'expiry_date', 'telecaller_creat_limit', 'time_zone']);
  const day = todayBounds(company.time_zone);

  const [users, leads, other, used, speed, floor] = await Promise.all([
    userCounts(db, actor.subadminId),
    leadFigures(db, actor.subadminId, day),
    waitingOnCompany(db, actor.subadminId),
    countLimitedUsers(db, actor.subadminId),
    companySpeedToday(deps, actor.subadminId),
    floorToday(deps, actor.subadminId, day),
  ]);

  return {
    companyName: company.company_name,
    today: day.today,
    timeZone: company.time_zone,
    users: {
      telecallers: num(users?.telecallers),
      heads: num(users?.heads),
      developers: num(users?.developers),
      blocked: num(users?.blocked),
      total: num(users?.total),
    },
    limit: { used, max: company.telecaller_creat_limit },
    expiry: { date: company.expiry_date, daysLeft: daysBetween(day.today, company.expiry_date) },
    leads: { total: num(leads?.total), unassigned: num(leads?.unassigned), assignedToday: num(leads?.assignedToday) },
    projectsPendingApproval: num(other?.projects),
    pendingComplaints: num(other?.complaints),
    speed,
    floor,
  };
}

export const DEVELOPER_TILE_KEYS = ['newTasks', 'runningTasks', 'completedTasks', 'delayedTasks'] as const;

export interface DashboardTiles {
  userType: UserType;
  counts: Record<string, number>;
}

/** The counts behind the signed-in user's dashboard tiles, by its company's "today". */
export async function getTiles(deps: Deps, actor: UserActor): Promise<DashboardTiles> {
  const db = deps.db;
  const timeZone = await companyTimeZone(db, actor.subadminId);
  const now = new Date();
  const day = todayBounds(timeZone, now);
  const me = actor.id;
  const tenant = actor.subadminId;

  if (actor.userType === 'Developer') {
    const t = await developerTaskCounts(db, tenant, me, day.today);
    return { userType: actor.userType, counts: Object.fromEntries(DEVELOPER_TILE_KEYS.map((k) => [k, num(t?.[k])])) };
  }

  // The queues' counts from the kept tallies (0017), the rest from the leads' and projects' indexes.
  const [q, l, p] = await Promise.all([
    queueCounts(db, { subadminId: tenant, userId: me, day, now: now.toISOString() }),
    callerFigures(db, tenant, me, day, now.toISOString()),
    callerProjectCounts(db, tenant, me, day.today),
  ]);

  // Every status's count field must be here (the order is the answer's): adding one to the registry shows where.
  const counts = {
    newLeads: q.new,
    pendingLeads: q.pending,
    juniorLeads: actor.userType === 'Telicaller-hade' ? num(l?.juniorLeads) : 0,
    callbackToday: q.callback,
    interestedLeads: q.interested,
    notInterestedLeads: q.notInterested,
    followUpLeads: q.followUp,
    callLogs: num(l?.callLogs),
    loginHours: num(l?.loginHours),
    invalidLeads: q.invalid,
    noSubmitLeads: q.noSubmit,
    leadQuality: num(l?.ratedHeld) + num(l?.ratedHanded),
    runningProjects: num(p?.runningProjects),
    completedProjects: num(p?.completedProjects),
    // As in the original app: Pending Payment shows the running projects count, Total Business the completed count.
    pendingPayment: num(p?.runningProjects),
    totalBusiness: num(p?.completedProjects),
    delayedProjects: num(p?.delayedProjects),
    rejectedProjects: num(p?.rejectedProjects),
  } satisfies Record<StatusCountField, number> & Record<string, number>;
  return { userType: actor.userType, counts };
}
