import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { COMPLAINT_STATUS, PROJECT_STATUS, TASK_STATUS } from '../../../shared/constants.js';
import { quarterOf, type DayBounds } from '../../../shared/dates.js';
import { LEAD_QUALITIES } from '../../../shared/schemas/lead-work.js';
import { isEffectively } from '../projects/project-view.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import { REACHED_STATUSES } from '../summaries/call-proof.js';

/** sum(case when <cond> then 1 else 0 end): one count per condition in a single scan. */
const countIf = (cond: Expression<SqlBool>) => sql<number | string | null>`sum(case when ${cond} then 1 else 0 end)`;

/** The company's live users by kind, and how many are blocked. */
export function userCounts(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('users')
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .select((eb) => [
      countIf(eb('user_type', '=', 'Telicaller')).as('telecallers'),
      countIf(eb('user_type', '=', 'Telicaller-hade')).as('heads'),
      countIf(eb('user_type', '=', 'Developer')).as('developers'),
      countIf(eb('is_blocked', '=', 1)).as('blocked'),
      eb.fn.countAll().as('total'),
    ])
    .executeTakeFirst();
}

/** The company's leads, those in the pool, and those sent today: from the counts the leads' triggers keep (migration 0013), no lead read. */
export function leadFigures(db: Kysely<DB>, subadminId: number, day: DayBounds) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('lead_counts')
        .select((e) => e.fn.coalesce(e.fn.sum('visible'), e.lit(0)).as('n'))
        .where('subadmin_id', '=', subadminId)
        .as('total'),
      eb
        .selectFrom('lead_counts')
        .select((e) => e.fn.coalesce(e.fn.sum('pool'), e.lit(0)).as('n'))
        .where('subadmin_id', '=', subadminId)
        .as('unassigned'),
      eb
        .selectFrom('lead_sends')
        .select((e) => e.fn.coalesce(e.fn.sum('n'), e.lit(0)).as('n'))
        .where('subadmin_id', '=', subadminId)
        .where('quarter', '>=', quarterOf(day.from))
        .where('quarter', '<', quarterOf(day.to))
        .as('assignedToday'),
    ])
    .executeTakeFirst();
}

/** Projects waiting for the company's approval, and users' complaints waiting for an answer. */
export function waitingOnCompany(db: Kysely<DB>, subadminId: number) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('projects')
        .select((e) => e.fn.countAll().as('n'))
        .where('subadmin_id', '=', subadminId)
        .where('status', '=', PROJECT_STATUS.pending)
        .as('projects'),
      eb
        .selectFrom('complaints')
        .select((e) => e.fn.countAll().as('n'))
        .where('subadmin_id', '=', subadminId)
        .where('from_kind', '=', 'user')
        .where('status', '=', COMPLAINT_STATUS.pending)
        .as('complaints'),
    ])
    .executeTakeFirst();
}

/** A developer's tasks by the list they show in. */
export function developerTaskCounts(db: Kysely<DB>, subadminId: number, developerId: number, today: string) {
  return db
    .selectFrom('tasks')
    .where('subadmin_id', '=', subadminId)
    .where('developer_id', '=', developerId)
    .select((eb) => {
      const overdue = eb.and([eb('status', '=', TASK_STATUS.running), eb('end_date', '<', today)]);
      return [
        countIf(eb('status', '=', TASK_STATUS.pending)).as('newTasks'),
        // An overdue running task is a delayed one, as the lists show it.
        countIf(eb.and([eb('status', '=', TASK_STATUS.running), eb('end_date', '>=', today)])).as('runningTasks'),
        countIf(eb('status', 'in', [TASK_STATUS.completed, TASK_STATUS.approved])).as('completedTasks'),
        // The delayed list turns overdue running tasks into delayed ones when it opens: count them already.
        countIf(eb.or([eb('status', '=', TASK_STATUS.delayed), overdue])).as('delayedTasks'),
      ];
    })
    .executeTakeFirst();
}

/**
 * A telecaller's (or head's) figures besides its queues: one statement of index-range counts on the
 * queue indexes (migration 0008), each over a few rows. Asked on every dashboard load: compiled once.
 */
export async function callerFigures(db: Kysely<DB>, subadminId: number, userId: number, day: DayBounds, now: string) {
  const [row] = await callerFiguresQuery(db, subadminId, userId, day.from, day.to, now);
  return row;
}

const callerFiguresQuery = compiledOnce((db: Kysely<DB>, subadminId: number, userId: number, dayFrom: string, dayTo: string, now: string) => {
  const ready = (eb: ExpressionBuilder<DB, 'leads'>) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]);
  const held = () => db.selectFrom('leads').where('subadmin_id', '=', subadminId).where('visible', '=', 1);
  const count = (q: ReturnType<typeof held>) => q.select((e) => e.fn.countAll().as('n'));
  const myCallsToday = () =>
    db
      .selectFrom('lead_history')
      .where('subadmin_id', '=', subadminId)
      .where('user_id', '=', userId)
      .where('created_at', '>=', dayFrom)
      .where('created_at', '<', dayTo);
  return db.selectNoFrom(() => [
    count(held().where('handler_id', '=', userId).where('submit_status', '=', '0').where(ready)).as('juniorLeads'),
    // As the Lead quality page counts them: rated leads the user holds or was handed, any case;
    // in two parts so that each reads its own index (an "or" read every lead the user holds).
    count(
      held()
        .where('telicaller_id', '=', userId)
        .where('lead_quality', 'is not', null)
        .where(sql`lower(lead_quality)`, 'in', [...LEAD_QUALITIES]),
    ).as('ratedHeld'),
    count(
      held()
        .where('handler_id', '=', userId)
        .where((e) => e.or([e('telicaller_id', 'is', null), e('telicaller_id', '!=', userId)]))
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
  ]);
});

/** A telecaller's projects by the list they show in (every dashboard load: compiled once). */
export async function callerProjectCounts(db: Kysely<DB>, subadminId: number, userId: number, today: string) {
  const [row] = await callerProjectCountsQuery(db, subadminId, userId, today);
  return row;
}

const callerProjectCountsQuery = compiledOnce((db: Kysely<DB>, subadminId: number, userId: number, today: string) =>
  db
    .selectFrom('projects')
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', '=', userId)
    .select((eb) => [
      // As the project lists count them: a project waiting on an update still counts as what it was.
      countIf(isEffectively(eb, PROJECT_STATUS.running)).as('runningProjects'),
      countIf(isEffectively(eb, PROJECT_STATUS.completed)).as('completedProjects'),
      countIf(eb('status', '=', PROJECT_STATUS.rejected)).as('rejectedProjects'),
      countIf(eb.and([isEffectively(eb, PROJECT_STATUS.running), eb('endtime', '<', today)])).as('delayedProjects'),
    ]),
);

/**
 * The company's calls of a day from the calls table (calls_company_placed): placed (outbound), those
 * that reached the lead, talk time (both directions), calls in and missed.
 */
export function callsOfDay(db: Kysely<DB>, subadminId: number, day: DayBounds) {
  return db
    .selectFrom('calls')
    .where('subadmin_id', '=', subadminId)
    .where('placed_at', '>=', day.from)
    .where('placed_at', '<', day.to)
    .select((eb) => {
      const out = eb('direction', '=', 'outbound');
      return [
        countIf(out).as('placed'),
        countIf(eb.and([out, eb('status', 'in', [...REACHED_STATUSES])])).as('connected'),
        eb.fn.coalesce(eb.fn.sum<number | string>('talk_seconds'), eb.lit(0)).as('talk'),
        countIf(eb('direction', '=', 'inbound')).as('inbound'),
        countIf(eb('status', '=', 'missed')).as('missed'),
      ];
    })
    .executeTakeFirst();
}

/** Whether the company's telephony provider is on. */
export async function telephonyOn(db: Kysely<DB>, subadminId: number): Promise<boolean> {
  const row = await db.selectFrom('telephony_settings').select('enabled').where('subadmin_id', '=', subadminId).executeTakeFirst();
  return row?.enabled === 1;
}

/** Leads made interested by an outcome in a day (lead_history_tenant_time). */
export async function interestedOfDay(db: Kysely<DB>, subadminId: number, day: DayBounds): Promise<number> {
  const row = await db
    .selectFrom('lead_history')
    .where('subadmin_id', '=', subadminId)
    .where('created_at', '>=', day.from)
    .where('created_at', '<', day.to)
    .where('kind', '=', 'outcome')
    .where('status', '=', LEAD_STATUS.interested)
    .select(sql<number | string>`count(distinct lead_id)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
