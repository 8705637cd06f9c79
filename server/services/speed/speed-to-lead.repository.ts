import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { paginate } from '../../db/paging.js';
import { visibleLeads } from '../leads/lists.repository.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';

/** One arrival as speed to lead reads it. */
export interface ArrivalRow {
  id: number;
  created_at: string;
  first_call_at: string | null;
  telicaller_id: number | null;
  /** when the first call through the company's provider was placed (the telecaller's phone rang, then the lead's) */
  first_provider_call_at: string | null;
}

/** Where a chunk of arrivals ends: the next one starts after it (arrival time, then id). */
export interface ArrivalCursor {
  created_at: string;
  id: number;
}

/**
 * One chunk of the company's visible leads that arrived in [from, to), in arrival order (the
 * leads_arrivals index), after `after`; optionally only the ones one user holds.
 */
export function arrivalsChunk(
  db: Kysely<DB>,
  subadminId: number,
  span: { from: string; to: string },
  after: ArrivalCursor | null,
  limit: number,
  ownerId?: number,
  withProviderCalls = true,
): Promise<ArrivalRow[]> {
  let q = visibleLeads(db, subadminId)
    .select((eb) => [
      'l.id',
      'l.created_at',
      'l.first_call_at',
      'l.telicaller_id',
      // calls_lead_placed: the lead's few calls. A call whose telecaller never answered did not dial the lead.
      // A company that never placed a call through a provider skips the probe for every lead.
      withProviderCalls
        ? eb
            .selectFrom('calls as c')
            .select((e) => e.fn.min<string>('c.placed_at').as('at'))
            .where('c.subadmin_id', '=', subadminId)
            .whereRef('c.lead_id', '=', 'l.id')
            .where('c.direction', '=', 'outbound')
            .where('c.status', '!=', 'agent_missed')
            .as('first_provider_call_at')
        : sql<string | null>`null`.as('first_provider_call_at'),
    ])
    .where('l.created_at', '>=', span.from)
    .where('l.created_at', '<', span.to);
  // The first condition alone bounds the index range; the second settles ties on the same instant.
  if (after)
    q = q
      .where('l.created_at', '>=', after.created_at)
      .where((eb) => eb.or([eb('l.created_at', '>', after.created_at), eb.and([eb('l.created_at', '=', after.created_at), eb('l.id', '>', after.id)])]));
  if (ownerId !== undefined) q = q.where('l.telicaller_id', '=', ownerId);
  return q.orderBy('l.created_at').orderBy('l.id').limit(limit).execute() as Promise<ArrivalRow[]>;
}

/**
 * A page of the company's leads never called and still new that arrived in the range or since
 * `recentFrom`, the oldest first.
 */
export function pageWaitingLeads(
  db: Kysely<DB>,
  subadminId: number,
  span: { from: string; to: string },
  recentFrom: string,
  page: { page: number; pageSize: number },
) {
  const base = visibleLeads(db, subadminId)
    .where('l.first_call_at', 'is', null)
    .where('l.status', '=', LEAD_STATUS.new)
    .where((eb) => eb.or([eb.and([eb('l.created_at', '>=', span.from), eb('l.created_at', '<', span.to)]), eb('l.created_at', '>=', recentFrom)]));
  return paginate(base, page, (q) =>
    q
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'l.telicaller_id').on('u.subadmin_id', '=', subadminId))
      .select(['l.id', 'l.name', 'l.mobile', 'l.created_at', 'l.telicaller_id', 'l.route_waiting', 'u.name as owner_name'])
      .orderBy('l.created_at')
      .orderBy('l.id'),
  );
}

/** Whether the company ever had a call through a provider (calls_company_placed: one index probe). */
export async function hasProviderCalls(db: Kysely<DB>, subadminId: number): Promise<boolean> {
  const row = await db.selectFrom('calls').select('id').where('subadmin_id', '=', subadminId).limit(1).executeTakeFirst();
  return row !== undefined;
}
