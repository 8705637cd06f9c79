import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import { MAX_PAGED_ROWS } from '../../../shared/schemas/paging.js';
import { UNREACHED_STATUSES } from './call-proof.js';

/** Calls counted; seconds on all of them, and on the connected ones (talk time), of which the provider reported. */
export interface CallTimes {
  count: number;
  duration: number;
  talkTime: number;
  verifiedTalkTime: number;
}

/** Instants (ISO UTC): `from` included, `to` excluded. */
export interface Span {
  from: string;
  to: string;
}

type HDB = DB & { h: DB['lead_history'] };
type Num = number | string | null;

/** sum(case when <cond> then <value> else 0 end): one figure per condition in a single scan. */
const sumIf = (cond: Expression<SqlBool>, value: Expression<unknown> = sql.lit(1)) => sql<Num>`sum(case when ${cond} then ${value} else 0 end)`;

/** The company's calls in a span (lead_history_tenant_time), optionally of one user (lead_history_calls). */
function callsIn(db: Kysely<DB>, subadminId: number, span: Span, userId?: number) {
  let q = db.selectFrom('lead_history as h').where('h.subadmin_id', '=', subadminId).where('h.created_at', '>=', span.from).where('h.created_at', '<', span.to);
  if (userId !== undefined) q = q.where('h.user_id', '=', userId);
  return q;
}

/**
 * One user's calls counted and timed within each named window, in one scan of `scan` (which covers them all):
 * the time on every call, and the talk time (connected calls only).
 */
export async function callTotalsInWindows<K extends string>(
  db: Kysely<DB>,
  subadminId: number,
  userId: number,
  windows: Record<K, Span>,
  scan: Span,
): Promise<Record<K, CallTimes>> {
  const keys = Object.keys(windows) as K[];
  const row = (await callsIn(db, subadminId, scan, userId)
    .select((eb) =>
      keys.flatMap((k) => {
        const inside = eb.and([eb('h.created_at', '>=', windows[k].from), eb('h.created_at', '<', windows[k].to)]);
        return [
          sumIf(inside).as(`${k}_count`),
          sumIf(inside, eb.ref('h.call_duration')).as(`${k}_duration`),
          sumIf(eb.and([inside, eb('h.kind', '=', 'outcome')]), eb.ref('h.call_duration')).as(`${k}_talk`),
          // A row naming a provider call holds the provider's talk time (calls.service setTalkOnHistory).
          sumIf(eb.and([inside, eb('h.kind', '=', 'outcome'), eb('h.call_via', '=', 'provider')]), eb.ref('h.call_duration')).as(`${k}_vtalk`),
        ];
      }),
    )
    .executeTakeFirst()) as Record<string, Num> | undefined;
  return Object.fromEntries(
    keys.map((k) => [
      k,
      {
        count: Number(row?.[`${k}_count`] ?? 0),
        duration: Number(row?.[`${k}_duration`] ?? 0),
        talkTime: Number(row?.[`${k}_talk`] ?? 0),
        verifiedTalkTime: Number(row?.[`${k}_vtalk`] ?? 0),
      },
    ]),
  ) as Record<K, CallTimes>;
}

/**
 * One user's calls per calendar day. The days' bounds come from the caller (they are the company's
 * days, which SQL cannot work out portably); each day is a range read of lead_history_calls.
 */
export async function callsPerDay(db: Kysely<DB>, subadminId: number, userId: number, days: (Span & { date: string })[]) {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(cast(${d.date} as text), cast(${d.from} as text), cast(${d.to} as text))`));
  const result = await sql<{ bucket: string; count: Num; duration: Num; talk: Num }>`
    with days(bucket, start_at, end_at) as (values ${values})
    select d.bucket as bucket, count(h.id) as count, coalesce(sum(h.call_duration), 0) as duration,
           coalesce(sum(case when h.kind = 'outcome' then h.call_duration else 0 end), 0) as talk
    from days d
    left join lead_history h
      on h.subadmin_id = ${subadminId} and h.user_id = ${userId} and h.created_at >= d.start_at and h.created_at < d.end_at
    group by d.bucket
    order by d.bucket`.execute(db);
  return result.rows.map((r) => ({ date: r.bucket, count: Number(r.count ?? 0), duration: Number(r.duration ?? 0), talkTime: Number(r.talk ?? 0) }));
}

/**
 * Calls in a span by user, kind, status and feedback: the categories of the summaries and the company's
 * feedback choices under them, in one query. A row naming a choice counts under the choice as the company
 * has it now (its label today, whether retired); a row without one (older history), or naming a choice
 * that is not this company's, under the feedback text it was given.
 */
export async function callTotalsByCategory(db: Kysely<DB>, subadminId: number, span: Span, userId?: number) {
  const grouped = callsIn(db, subadminId, span, userId)
    .select((eb) => [
      'h.user_id',
      'h.kind',
      'h.status',
      'h.feedback_id',
      'h.feedback',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<Num>('h.call_duration').as('duration'),
    ])
    .groupBy(['h.user_id', 'h.kind', 'h.status', 'h.feedback_id', 'h.feedback']);
  // The choices are looked up once a group, after grouping (a primary-key read each).
  const rows = await db
    .selectFrom(grouped.as('g'))
    .leftJoin('feedback_choices as f', (j) => j.onRef('f.id', '=', 'g.feedback_id').on('f.subadmin_id', '=', subadminId))
    .select([
      'g.user_id',
      'g.kind',
      'g.status',
      'g.feedback',
      'g.count',
      'g.duration',
      'f.id as choice_id',
      'f.label as choice_label',
      'f.retired_at',
      'f.position',
    ])
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    kind: r.kind,
    status: r.status,
    count: Number(r.count ?? 0),
    duration: Number(r.duration ?? 0),
    feedback:
      r.choice_id === null
        ? { choiceId: null, label: r.feedback ?? '', retired: false, position: null }
        : { choiceId: r.choice_id, label: r.choice_label ?? '', retired: r.retired_at !== null, position: r.position },
  }));
}

/**
 * Per user in a span: calls, connected ones, time on the phone, first and last call, leads worked and
 * made interested; and how many calls the provider reported (verified), how many were timed by the
 * app (dialled from the phone), and the outcomes with no call behind them since `noCallSince`.
 * An outcome submitted with a provider call that did not reach the lead is not a connected call.
 */
export async function callActivityByUser(db: Kysely<DB>, subadminId: number, span: Span, noCallSince: string | null = null) {
  const rows = await callsIn(db, subadminId, span)
    // The call a row names, by its key (a handful of rows per row read).
    .leftJoin('calls as c', (j) => j.onRef('c.id', '=', 'h.call_id').onRef('c.subadmin_id', '=', 'h.subadmin_id'))
    .select((eb) => {
      const connected = eb.and([eb('h.kind', '=', 'outcome'), eb.or([eb('c.id', 'is', null), eb('c.status', 'not in', [...UNREACHED_STATUSES])])]);
      const provider = eb('h.call_via', '=', 'provider');
      const noCall =
        noCallSince === null
          ? sql<SqlBool>`1 = 0`
          : eb.and([eb('h.kind', '=', 'outcome'), eb('h.call_via', 'is', null), eb('h.created_at', '>=', noCallSince)]);
      return [
        'h.user_id',
        eb.fn.countAll<number | string>().as('calls'),
        sumIf(connected).as('connected'),
        sumIf(connected, eb.ref('h.call_duration')).as('talk_time'),
        eb.fn.sum<Num>('h.call_duration').as('call_time'),
        eb.fn.min('h.created_at').as('first_call'),
        eb.fn.max('h.created_at').as('last_call'),
        sql<Num>`count(distinct h.lead_id)`.as('worked'),
        sql<Num>`count(distinct case when ${connected} and h.status = ${LEAD_STATUS.interested} then h.lead_id end)`.as('interested'),
        sumIf(provider).as('verified'),
        sumIf(eb.and([connected, provider]), eb.ref('h.call_duration')).as('verified_talk'),
        sumIf(eb('h.call_via', '=', 'phone')).as('app_timer'),
        sumIf(noCall).as('no_call'),
      ];
    })
    .groupBy('h.user_id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    calls: Number(r.calls ?? 0),
    connected: Number(r.connected ?? 0),
    talkTime: Number(r.talk_time ?? 0),
    callTime: Number(r.call_time ?? 0),
    firstCall: r.first_call as string | null,
    lastCall: r.last_call as string | null,
    worked: Number(r.worked ?? 0),
    interested: Number(r.interested ?? 0),
    verified: Number(r.verified ?? 0),
    verifiedTalkTime: Number(r.verified_talk ?? 0),
    appTimer: Number(r.app_timer ?? 0),
    noCall: Number(r.no_call ?? 0),
  }));
}

/** A call on the same lead logged after this history row. */
const laterCallOnLead = (eb: ExpressionBuilder<HDB, 'h'>) =>
  eb.exists(
    eb
      .selectFrom('lead_history as n')
      .select(sql.lit(1).as('one'))
      // A lead is one company's: its id alone finds its calls (lead_history_lead).
      .whereRef('n.lead_id', '=', 'h.lead_id')
      .whereRef('n.created_at', '>=', 'h.created_at')
      .where((e) => e.or([e('n.created_at', '>', e.ref('h.created_at')), e('n.id', '>', e.ref('h.id'))])),
  );

/**
 * Per user: the callbacks it scheduled for a date from `fromDate` to `toDate` (lead_history_callbacks),
 * how many of their leads got a call after, and how many got none although their time is up to
 * `missedUpTo` (the company's wall clock, minus the grace).
 */
export async function callbacksByUser(db: Kysely<DB>, subadminId: number, fromDate: string, toDate: string, missedUpTo: { date: string; time: string }) {
  const rows = await db
    .selectFrom('lead_history as h')
    .where('h.subadmin_id', '=', subadminId)
    .where('h.callback', '=', 1)
    .where('h.callback_date', '>=', fromDate)
    .where('h.callback_date', '<=', toDate)
    .select((eb) => {
      const followed = laterCallOnLead(eb);
      const timeUp = eb.or([
        eb('h.callback_date', '<', missedUpTo.date),
        eb.and([eb('h.callback_date', '=', missedUpTo.date), eb(eb.fn.coalesce('h.callback_time', sql.lit('00:00')), '<=', missedUpTo.time)]),
      ]);
      return ['h.user_id', eb.fn.countAll<number | string>().as('due'), sumIf(followed).as('followed'), sumIf(eb.and([eb.not(followed), timeUp])).as('missed')];
    })
    .groupBy('h.user_id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, due: Number(r.due ?? 0), followed: Number(r.followed ?? 0), missed: Number(r.missed ?? 0) }));
}

/** Projects each telecaller created in a span. */
export async function projectsByUser(db: Kysely<DB>, subadminId: number, span: Span) {
  const rows = await db
    .selectFrom('projects')
    .where('subadmin_id', '=', subadminId)
    .where('created_at', '>=', span.from)
    .where('created_at', '<', span.to)
    .select((eb) => ['telicaller_id', eb.fn.countAll<number | string>().as('count')])
    .groupBy('telicaller_id')
    .execute();
  return rows.map((r) => ({ userId: r.telicaller_id, count: Number(r.count ?? 0) }));
}

/** The company's live telecallers and heads, and any other of its users named in `alsoIds` (removed ones who made calls). */
export function companyCallers(db: Kysely<DB>, subadminId: number, alsoIds: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'user_type', 'is_blocked', 'deleted_at'])
    .where('subadmin_id', '=', subadminId)
    .where((eb) => {
      const live = eb.and([eb('user_type', 'in', ['Telicaller', 'Telicaller-hade']), eb('deleted_at', 'is', null)]);
      return alsoIds.length ? eb.or([live, eb('id', 'in', alsoIds)]) : live;
    })
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A user of the company by id (live, blocked or removed). */
export function findCompanyUser(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('users').select(['id', 'name']).where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** The rows of a query, counted no further than one past what a list pages through. */
async function countUpToPaged(db: Kysely<DB>, rows: ReturnType<typeof callsIn>): Promise<number> {
  const row = await db
    .selectFrom(
      rows
        .select(sql<number>`1`.as('one'))
        .limit(MAX_PAGED_ROWS + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** How many calls a call log page is taken from, counted no further than one past what a list pages through. */
export function countCalls(db: Kysely<DB>, subadminId: number, span: Span, userId?: number): Promise<number> {
  return countUpToPaged(db, callsIn(db, subadminId, span, userId));
}

/** One page of calls, newest first, with the lead, who called, and the provider's call behind each (if one). */
export function pageCalls(db: Kysely<DB>, subadminId: number, span: Span, page: { limit: number; offset: number }, userId?: number) {
  return callsIn(db, subadminId, span, userId)
    .innerJoin('leads as l', (j) => j.onRef('l.id', '=', 'h.lead_id').onRef('l.subadmin_id', '=', 'h.subadmin_id'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'h.user_id').onRef('u.subadmin_id', '=', 'h.subadmin_id'))
    .leftJoin('calls as c', (j) => j.onRef('c.id', '=', 'h.call_id').onRef('c.subadmin_id', '=', 'h.subadmin_id'))
    .select([
      'h.id',
      'h.created_at',
      'h.user_id',
      'u.name as user_name',
      'h.lead_id',
      'l.name as lead_name',
      'l.mobile as lead_mobile',
      'h.kind',
      'h.status',
      'h.outcome',
      'h.feedback',
      'h.remarks',
      'h.call_duration',
      'h.callback_date',
      'h.callback_time',
      'h.call_via',
      'c.status as call_status',
      'c.talk_seconds as call_talk_seconds',
      'c.cost as call_cost',
      'c.cost_currency as call_cost_currency',
      'h.call_id',
      'c.user_id as call_user_id',
      'l.handler_id',
      sql<boolean>`c.recording_ref is not null`.as('has_recording'),
    ])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Outcomes with no call behind them since `since`, in a span, counted no further than one past what a list pages through. */
export function countNoCallOutcomes(db: Kysely<DB>, subadminId: number, span: Span, since: string, userId?: number): Promise<number> {
  const from = span.from > since ? span.from : since;
  return countUpToPaged(db, callsIn(db, subadminId, { from, to: span.to }, userId).where('h.kind', '=', 'outcome').where('h.call_via', 'is', null));
}

/** How many distinct leads one user called in a span, counted no further than one past what a list pages through. */
export function countCalledLeads(db: Kysely<DB>, subadminId: number, userId: number, span: Span): Promise<number> {
  return countUpToPaged(db, callsIn(db, subadminId, span, userId).groupBy('h.lead_id'));
}

/** One page of the leads a user called in a span, the most recently called first, with their calls counted and timed. */
export async function pageCalledLeads(db: Kysely<DB>, subadminId: number, userId: number, span: Span, page: { limit: number; offset: number }) {
  const rows = await callsIn(db, subadminId, span, userId)
    .select((eb) => [
      'h.lead_id',
      eb.fn.countAll<number | string>().as('calls'),
      eb.fn.sum<Num>('h.call_duration').as('duration'),
      eb.fn.min('h.created_at').as('first_at'),
      eb.fn.max('h.created_at').as('last_at'),
    ])
    .groupBy('h.lead_id')
    .orderBy(sql`max(h.created_at)`, 'desc')
    .orderBy('h.lead_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    leadId: r.lead_id,
    calls: Number(r.calls ?? 0),
    duration: Number(r.duration ?? 0),
    firstAt: r.first_at as string,
    lastAt: r.last_at as string,
  }));
}

/** A user's calls on some leads in a span, newest first, with the lead: the page's last calls are picked from these. */
export function callsOnLeads(db: Kysely<DB>, subadminId: number, userId: number, span: Span, leadIds: number[]) {
  return callsIn(db, subadminId, span, userId)
    .where('h.lead_id', 'in', leadIds)
    .innerJoin('leads as l', (j) => j.onRef('l.id', '=', 'h.lead_id').onRef('l.subadmin_id', '=', 'h.subadmin_id'))
    .select(['h.id', 'h.lead_id', 'l.name as lead_name', 'l.mobile as lead_mobile', 'h.kind', 'h.status', 'h.outcome', 'h.feedback', 'h.created_at'])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}
