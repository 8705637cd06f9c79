import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { UserType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { COMPLAINT_STATUS, PROJECT_STATUS, TASK_STATUS } from '../../../shared/constants.js';
import { quarterOf, todayBounds } from '../../../shared/dates.js';
import { LEAD_QUALITIES } from '../../../shared/schemas/lead-work.js';
import { countLimitedUsers } from '../users/users.repository.js';
import { queueCounts } from '../lead-work/tallies.repository.js';
import { isEffectively } from '../projects/project-view.js';

/** sum(case when <cond> then 1 else 0 end): one count per condition in a single scan. */
const countIf = (cond: Expression<SqlBool>) => sql<number | string | null>`sum(case when ${cond} then 1 else 0 end)`;
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
}

export async function getSubadminDashboard(deps: Deps, actor: SubadminActor): Promise<SubadminDashboard> {
  const db = deps.db;
  const company = await db
    .selectFrom('subadmins')
    .select(['company_name', 'expiry_date', 'telecaller_creat_limit', 'time_zone'])
    .where('id', '=', actor.subadminId)
    .executeTakeFirst();
  if (!company) throw notFound('Subadmin');
  const day = todayBounds(company.time_zone);

  const [users, leads, other, used] = await Promise.all([
    db
      .selectFrom('users')
      .where('subadmin_id', '=', actor.subadminId)
      .where('deleted_at', 'is', null)
      .select((eb) => [
        countIf(eb('user_type', '=', 'Telicaller')).as('telecallers'),
        countIf(eb('user_type', '=', 'Telicaller-hade')).as('heads'),
        countIf(eb('user_type', '=', 'Developer')).as('developers'),
        countIf(eb('is_blocked', '=', 1)).as('blocked'),
        eb.fn.countAll().as('total'),
      ])
      .executeTakeFirst(),
    // From the counts the leads' triggers keep (migration 0013): a company's leads are not read.
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('lead_counts')
          .select((e) => e.fn.coalesce(e.fn.sum('visible'), e.lit(0)).as('n'))
          .where('subadmin_id', '=', actor.subadminId)
          .as('total'),
        eb
          .selectFrom('lead_counts')
          .select((e) => e.fn.coalesce(e.fn.sum('pool'), e.lit(0)).as('n'))
          .where('subadmin_id', '=', actor.subadminId)
          .as('unassigned'),
        eb
          .selectFrom('lead_sends')
          .select((e) => e.fn.coalesce(e.fn.sum('n'), e.lit(0)).as('n'))
          .where('subadmin_id', '=', actor.subadminId)
          .where('quarter', '>=', quarterOf(day.from))
          .where('quarter', '<', quarterOf(day.to))
          .as('assignedToday'),
      ])
      .executeTakeFirst(),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('projects')
          .select((e) => e.fn.countAll().as('n'))
          .where('subadmin_id', '=', actor.subadminId)
          .where('status', '=', PROJECT_STATUS.pending)
          .as('projects'),
        eb
          .selectFrom('complaints')
          .select((e) => e.fn.countAll().as('n'))
          .where('subadmin_id', '=', actor.subadminId)
          .where('from_kind', '=', 'user')
          .where('status', '=', COMPLAINT_STATUS.pending)
          .as('complaints'),
      ])
      .executeTakeFirst(),
    countLimitedUsers(db, actor.subadminId),
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
  };
}

export const TELECALLER_TILE_KEYS = [
  'newLeads',
  'pendingLeads',
  'juniorLeads',
  'callbackToday',
  'interestedLeads',
  'notInterestedLeads',
  'followUpLeads',
  'callLogs',
  'loginHours',
  'invalidLeads',
  'noSubmitLeads',
  'leadQuality',
  'runningProjects',
  'completedProjects',
  'pendingPayment',
  'totalBusiness',
  'delayedProjects',
  'rejectedProjects',
] as const;
export const DEVELOPER_TILE_KEYS = ['newTasks', 'runningTasks', 'completedTasks', 'delayedTasks'] as const;

export interface DashboardTiles {
  userType: UserType;
  counts: Record<string, number>;
}

/** The counts behind the signed-in user's dashboard tiles, by its company's "today". */
export async function getTiles(deps: Deps, actor: UserActor): Promise<DashboardTiles> {
  const db = deps.db;
  const company = await db.selectFrom('subadmins').select('time_zone').where('id', '=', actor.subadminId).executeTakeFirst();
  if (!company) throw notFound('Subadmin');
  const now = new Date();
  const day = todayBounds(company.time_zone, now);
  const me = actor.id;
  const tenant = actor.subadminId;

  if (actor.userType === 'Developer') {
    const t = await db
      .selectFrom('tasks')
      .where('subadmin_id', '=', tenant)
      .where('developer_id', '=', me)
      .select((eb) => {
        const overdue = eb.and([eb('status', '=', TASK_STATUS.running), eb('end_date', '<', day.today)]);
        return [
          countIf(eb('status', '=', TASK_STATUS.pending)).as('newTasks'),
          // An overdue running task is a delayed one, as the lists show it.
          countIf(eb.and([eb('status', '=', TASK_STATUS.running), eb('end_date', '>=', day.today)])).as('runningTasks'),
          countIf(eb('status', 'in', [TASK_STATUS.completed, TASK_STATUS.approved])).as('completedTasks'),
          // The delayed list turns overdue running tasks into delayed ones when it opens: count them already.
          countIf(eb.or([eb('status', '=', TASK_STATUS.delayed), overdue])).as('delayedTasks'),
        ];
      })
      .executeTakeFirst();
    return { userType: actor.userType, counts: Object.fromEntries(DEVELOPER_TILE_KEYS.map((k) => [k, num(t?.[k])])) };
  }

  // The queues' counts from the kept tallies (0017); the rest, one statement of index-range counts
  // on the queue indexes (0008), each over a few rows.
  const ready = (eb: ExpressionBuilder<DB, 'leads'>) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now.toISOString())]);
  const held = () => db.selectFrom('leads').where('subadmin_id', '=', tenant).where('visible', '=', 1);
  const count = (q: ReturnType<typeof held>) => q.select((e) => e.fn.countAll().as('n'));
  const myCallsToday = () =>
    db
      .selectFrom('lead_history')
      .where('subadmin_id', '=', tenant)
      .where('user_id', '=', me)
      .where('created_at', '>=', day.from)
      .where('created_at', '<', day.to);
  const [q, l, p] = await Promise.all([
    queueCounts(db, { subadminId: tenant, userId: me, day, now: now.toISOString() }),
    db
      .selectNoFrom(() => [
        count(held().where('handler_id', '=', me).where('submit_status', '=', '0').where(ready)).as('juniorLeads'),
        // As the Lead quality page counts them: rated leads the user holds or was handed, any case;
        // in two parts so that each reads its own index (an "or" read every lead the user holds).
        count(
          held()
            .where('telicaller_id', '=', me)
            .where('lead_quality', 'is not', null)
            .where(sql`lower(lead_quality)`, 'in', [...LEAD_QUALITIES]),
        ).as('ratedHeld'),
        count(
          held()
            .where('handler_id', '=', me)
            .where((e) => e.or([e('telicaller_id', 'is', null), e('telicaller_id', '!=', me)]))
            .where('lead_quality', 'is not', null)
            .where(sql`lower(lead_quality)`, 'in', [...LEAD_QUALITIES]),
        ).as('ratedHanded'),
        myCallsToday()
          .select((e) => e.fn.countAll().as('n'))
          .as('callLogs'),
        // The Talk Time tile (key kept from the original app's Login Hours): today's seconds on connected calls.
        myCallsToday()
          .where('kind', '=', 'outcome')
          .select((e) => e.fn.coalesce(e.fn.sum<number | string>('call_duration'), e.lit(0)).as('s'))
          .as('loginHours'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('projects')
      .where('subadmin_id', '=', tenant)
      .where('telicaller_id', '=', me)
      .select((eb) => [
        // As the project lists count them: a project waiting on an update still counts as what it was.
        countIf(isEffectively(eb, PROJECT_STATUS.running)).as('runningProjects'),
        countIf(isEffectively(eb, PROJECT_STATUS.completed)).as('completedProjects'),
        countIf(eb('status', '=', PROJECT_STATUS.rejected)).as('rejectedProjects'),
        countIf(eb.and([isEffectively(eb, PROJECT_STATUS.running), eb('endtime', '<', day.today)])).as('delayedProjects'),
      ])
      .executeTakeFirst(),
  ]);

  const counts: Record<string, number> = {
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
  };
  return { userType: actor.userType, counts };
}
