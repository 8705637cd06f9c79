import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { quarterOf, type DayBounds } from '../../../shared/dates.js';
import { LEAD_STATUS, STATUS_BY_CODE, isLeadStatus } from '../../../shared/lead-status.js';
import { LEAD_QUEUES } from '../../../shared/constants.js';
import type { Queue } from '../../../shared/schemas/lead-work.js';
import type { QueueScope } from './queues.repository.js';

/** The queues of a telecaller's own leads, which the kept tallies (migration 0017) count. */
export type TalliedQueue = Exclude<Queue, 'junior'>;
export const TALLIED_QUEUES = LEAD_QUEUES.filter((q): q is TalliedQueue => q !== 'junior');
export type QueueCounts = Record<TalliedQueue, number>;

/**
 * Where a lead's day key falls today: a new lead's send quarter from today's start on ('today') or
 * before it ('before'), a follow-up's callback date today or earlier ('due') or later ('later'), or
 * no date ('').
 */
type DayBucket = '' | 'today' | 'before' | 'due' | 'later';

interface TallyKey {
  status: string;
  unrated: boolean;
  bucket: DayBucket;
}

/**
 * Adds `n` to each queue a key belongs to: the rules of queueLeads (docs/product-rules.md#queues) read off the key.
 * A day starts on a quarter hour in every zone, so "sent from the day's start" is "sent in its
 * quarter or a later one".
 */
function addTo(counts: QueueCounts, k: TallyKey, n: number) {
  if (!isLeadStatus(k.status)) return;
  const queue = STATUS_BY_CODE[k.status].queue;
  switch (queue) {
    case null:
      return;
    case 'new':
      if (k.bucket === 'today') counts.new += n;
      else if (k.bucket === 'before') counts.pending += n;
      return;
    case 'interested':
      if (k.unrated) counts.interested += n;
      return;
    case 'followUp':
      counts.followUp += n;
      if (k.bucket === 'due') counts.callback += n;
      return;
    default:
      counts[queue] += n;
  }
}

/** A waiting lead's key, as the triggers of 0017 make it and the tallies' query buckets it. */
function keyOf(
  lead: { status: string; lead_quality: string | null; telicaller_send_date: string | null; callback_date: string | null },
  day: DayBounds,
): TallyKey {
  let bucket: DayBucket = '';
  if (lead.status === LEAD_STATUS.new && lead.telicaller_send_date) bucket = quarterOf(lead.telicaller_send_date) >= quarterOf(day.from) ? 'today' : 'before';
  else if (lead.status === LEAD_STATUS.followUp && lead.callback_date) bucket = lead.callback_date <= day.today ? 'due' : 'later';
  return { status: lead.status, unrated: lead.lead_quality === null, bucket };
}

/** A user's tallies by status, rating and day bucket (every dashboard and queue load: compiled once). */
const talliesOf = compiledOnce((db: Kysely<DB>, subadminId: number, userId: number, todayFromQuarter: string, today: string) => {
  const bucket = sql<DayBucket>`case
    when day_key = '' then ''
    when status = ${LEAD_STATUS.new} then case when day_key >= ${todayFromQuarter} then 'today' else 'before' end
    when status = ${LEAD_STATUS.followUp} then case when day_key <= ${today} then 'due' else 'later' end
    else '' end`;
  return db
    .selectFrom('lead_tallies')
    .select((eb) => ['status', 'unrated', bucket.as('bucket'), eb.fn.sum<number | string>('n').as('n')])
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', '=', userId)
    .groupBy(['status', 'unrated', sql`3`]);
});

/** A user's leads waiting out a retry delay (counted in the tallies, not yet in a queue). */
const waitingOf = compiledOnce((db: Kysely<DB>, subadminId: number, userId: number, now: string) =>
  db
    .selectFrom('leads')
    .select(['status', 'lead_quality', 'telicaller_send_date', 'callback_date'])
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', '=', userId)
    .where('retry_at', 'is not', null)
    .where('retry_at', '>', now)
    .where('visible', '=', 1),
);

/**
 * How many leads each of the user's own queues holds now: the kept tallies summed by day bucket (a
 * few rows), less the leads waiting out a retry delay (a short range of leads_waiting), which the
 * queues leave out until then.
 */
export async function queueCounts(db: Kysely<DB>, s: QueueScope): Promise<QueueCounts> {
  const [tallies, waiting] = await Promise.all([
    talliesOf(db, s.subadminId, s.userId, quarterOf(s.day.from), s.day.today),
    waitingOf(db, s.subadminId, s.userId, s.now),
  ]);
  const counts = Object.fromEntries(TALLIED_QUEUES.map((q) => [q, 0])) as QueueCounts;
  for (const t of tallies) addTo(counts, { status: t.status, unrated: Boolean(Number(t.unrated)), bucket: t.bucket }, Number(t.n));
  for (const lead of waiting) addTo(counts, keyOf(lead, s.day), -1);
  return counts;
}

/** Leads of status '0' (sent, not yet opened) each of `userIds` holds, whatever their send date or retry delay. */
export async function untouchedBy(db: Kysely<DB>, subadminId: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lead_tallies')
    .select((eb) => ['telicaller_id', eb.fn.sum<number | string>('n').as('n')])
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', 'in', userIds)
    .where('status', '=', LEAD_STATUS.new)
    .groupBy('telicaller_id')
    .execute();
  return new Map(rows.map((r) => [r.telicaller_id, Number(r.n)]));
}

/** Tallies that fell to 0 (a lead moved on from a send quarter or a callback date): the hourly maintenance removes them. */
export async function dropEmptyTallies(db: Kysely<DB>): Promise<number> {
  const result = await db.deleteFrom('lead_tallies').where('n', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows);
}
