import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import type { UserActor } from '../../auth/actor.js';
import type { CompanyRules } from '../company/company.service.js';
import { todayBounds, type DayBounds } from '../../../shared/dates.js';
import { LEAD_STATUS, STATUS_OF_QUEUE } from '../../../shared/lead-status.js';
import type { Queue } from '../../../shared/schemas/lead-work.js';
import { leadSearch, visibleLeads } from '../leads/lists.repository.js';
import { compiledOnceEach } from '../../db/compiled-once.js';

type LDB = DB & { l: DB['leads'] };
type LeadsQuery = SelectQueryBuilder<LDB, 'l', Record<never, never>>;

export interface QueueScope {
  subadminId: number;
  userId: number;
  day: DayBounds;
  /** ISO instant: leads waiting out a retry delay until later stay out */
  now: string;
}

/** The user's queues now, in its company's day. */
export function scopeOf(actor: UserActor, rules: CompanyRules, now = new Date()): QueueScope {
  return { subadminId: actor.subadminId, userId: actor.id, day: todayBounds(rules.timeZone, now), now: now.toISOString() };
}

/** A lead's place in its queue: the columns the queue is ordered by. */
export interface QueueKey {
  id: number;
  callback_date: string | null;
  callback_time: string | null;
}

const ready = (eb: ExpressionBuilder<LDB, 'l'>, now: string) => eb.or([eb('l.retry_at', 'is', null), eb('l.retry_at', '<=', now)]);

/**
 * The leads a queue offers (docs/product-rules.md#queues), unordered: never a do-not-call lead. The test
 * is made on the rows a page reads from the table anyway (its cards), so the queue's plan is unchanged;
 * an id-only read of the queue uses queueRange and firstCallable instead, to stay on the index alone.
 */
export function queueLeads(db: Kysely<DB>, queue: Queue, s: QueueScope, search?: string): LeadsQuery {
  return queueRange(db, queue, s, search).where('l.dnc', '=', 0);
}

/** The leads of one queue, do-not-call ones too: what its indexes answer alone. */
export function queueRange(db: Kysely<DB>, queue: Queue, s: QueueScope, search?: string): LeadsQuery {
  let q = visibleLeads(db, s.subadminId).where((eb) => ready(eb, s.now));
  if (queue === 'junior') {
    q = q.where('l.handler_id', '=', s.userId).where('l.submit_status', '=', '0');
  } else {
    q = q.where('l.telicaller_id', '=', s.userId);
    switch (queue) {
      case 'new':
        q = q.where('l.status', '=', LEAD_STATUS.new).where('l.telicaller_send_date', '>=', s.day.from);
        break;
      case 'pending':
        q = q.where('l.status', '=', LEAD_STATUS.new).where('l.telicaller_send_date', '<', s.day.from);
        break;
      case 'callback':
        // Today's, and earlier ones never called back (missed), which come first.
        q = q.where('l.status', '=', LEAD_STATUS.followUp).where('l.callback_date', 'is not', null).where('l.callback_date', '<=', s.day.today);
        break;
      case 'interested':
        q = q.where('l.status', '=', LEAD_STATUS.interested).where('l.lead_quality', 'is', null);
        break;
      default:
        // Any other status queue: the user's leads of that status.
        q = q.where('l.status', '=', STATUS_OF_QUEUE[queue]);
        break;
    }
  }
  const cond = leadSearch(search);
  return cond ? q.where(cond) : q;
}

/** Ids read at a time from a queue's index by firstCallable before their leads are looked at. */
const CALLABLE_PROBES = [8, 256] as const;

/**
 * The first lead of `ordered` (ids of a queueRange, in the queue's order) that is not do-not-call. The ids
 * come from the queue's index alone, a few at a time, and only their leads are read (by key) for the mark:
 * do-not-call leads are rare, so the first few nearly always hold one that may be called.
 */
export async function firstCallable(db: Kysely<DB>, subadminId: number, ordered: SelectQueryBuilder<LDB, 'l', { id: number }>): Promise<number | null> {
  for (const limit of CALLABLE_PROBES) {
    const ids = (await ordered.limit(limit).execute()).map((r) => r.id);
    if (ids.length === 0) return null;
    const marked = await db.selectFrom('leads').select('id').where('subadmin_id', '=', subadminId).where('id', 'in', ids).where('dnc', '=', 1).execute();
    const dnc = new Set(marked.map((r) => r.id));
    const first = ids.find((id) => !dnc.has(id));
    if (first !== undefined) return first;
    if (ids.length < limit) return null;
  }
  // Hundreds of do-not-call leads in a row: the rest of the queue is read with the test.
  return (await ordered.where('l.dnc', '=', 0).limit(1).executeTakeFirst())?.id ?? null;
}

/** Callbacks by when they are due, then everything else by id: the order a queue is worked in. */
export function orderQueue<O>(q: SelectQueryBuilder<LDB, 'l', O>, queue: Queue, direction: 'asc' | 'desc' = 'asc') {
  if (queue === 'callback') {
    return q.orderBy('l.callback_date', direction).orderBy(sql`coalesce(l.callback_time, '')`, direction).orderBy('l.id', direction);
  }
  return q.orderBy('l.id', direction);
}

/** Leads strictly after (or before) a key in the queue's order. */
export function beyondKey(q: LeadsQuery, queue: Queue, key: QueueKey, side: 'after' | 'before'): LeadsQuery {
  const op = side === 'after' ? '>' : '<';
  if (queue !== 'callback') return q.where('l.id', op, key.id);
  const date = key.callback_date ?? '';
  const time = key.callback_time ?? '';
  return q.where((eb) =>
    eb.or([
      eb('l.callback_date', op, date),
      eb.and([eb('l.callback_date', '=', date), eb(sql`coalesce(l.callback_time, '')`, op, time)]),
      eb.and([eb('l.callback_date', '=', date), eb(sql`coalesce(l.callback_time, '')`, '=', time), eb('l.id', op, key.id)]),
    ]),
  );
}

/** The card fields of a queue page. */
export const selectQueueCard = (q: LeadsQuery) =>
  q.select([
    'l.id',
    'l.name',
    'l.mobile',
    'l.requirement',
    'l.area',
    'l.category',
    'l.telicaller_send_date',
    'l.upload_date',
    'l.status',
    'l.attempts',
    'l.callback_date',
    'l.callback_time',
    'l.lead_quality',
    'l.handler_assigned_by',
    'l.submit_status',
    'l.created_at',
    'l.telicaller_id',
  ]);

/**
 * One page of a queue's cards, no search: the page every telecaller opens all day, compiled once per
 * queue (compiled-once.ts); the same query as queueLeads, selectQueueCard and orderQueue build.
 */
export async function queueCardsPage(db: Kysely<DB>, queue: Queue, s: QueueScope, limit: number, offset: number) {
  return queueCardsQuery(db, queue, s.subadminId, s.userId, s.now, s.day.from, s.day.to, s.day.today, limit, offset);
}

const queueCardsQuery = compiledOnceEach(
  (db: Kysely<DB>, queue: Queue, subadminId: number, userId: number, now: string, from: string, to: string, today: string, limit: number, offset: number) =>
    orderQueue(selectQueueCard(queueLeads(db, queue, { subadminId, userId, now, day: { from, to, today } })), queue)
      .limit(limit)
      .offset(offset),
);

/** Every lead assigned to the user, whatever its status or retry delay (the original API's getLeadsALL). */
export function assignedLeads(db: Kysely<DB>, subadminId: number, userId: number): LeadsQuery {
  return visibleLeads(db, subadminId).where('l.telicaller_id', '=', userId);
}

/** A lead the user may read and write: assigned to it, or (a head) handed to it. */
export function findWorkableLead(db: Kysely<DB>, subadminId: number, userId: number, leadId: number) {
  return visibleLeads(db, subadminId)
    .where('l.id', '=', leadId)
    .where((eb) => eb.or([eb('l.telicaller_id', '=', userId), eb('l.handler_id', '=', userId)]))
    .selectAll('l')
    .executeTakeFirst();
}

export type WorkableLead = NonNullable<Awaited<ReturnType<typeof findWorkableLead>>>;

/**
 * The same lead read inside a write transaction, its row locked until the transaction ends on
 * Postgres, so that concurrent submits and attempts on one lead count one after another. SQLite
 * transactions here begin immediate, which already serialises writers.
 */
export function lockWorkableLead(trx: Kysely<DB>, dialect: Dialect, subadminId: number, userId: number, leadId: number) {
  let q = visibleLeads(trx, subadminId)
    .where('l.id', '=', leadId)
    .where((eb) => eb.or([eb('l.telicaller_id', '=', userId), eb('l.handler_id', '=', userId)]))
    .selectAll('l');
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * A user's callbacks that may need a reminder: earlier days' (missed) and today's up to `latestToday`
 * (HH:MM, the end of the reminder window), latest first, so a long tail of old missed ones never
 * pushes out the ones due now.
 */
export function remindableCallbacks(db: Kysely<DB>, s: QueueScope, latestToday: string, limit: number) {
  return queueLeads(db, 'callback', s)
    .where((eb) => eb.or([eb('l.callback_date', '<', s.day.today), eb(sql`coalesce(l.callback_time, '')`, '<=', latestToday)]))
    .select(['l.id', 'l.name', 'l.mobile', 'l.callback_date', 'l.callback_time'])
    .orderBy('l.callback_date', 'desc')
    .orderBy(sql`coalesce(l.callback_time, '')`, 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
