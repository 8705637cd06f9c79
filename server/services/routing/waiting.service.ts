import type { Deps } from '../../deps.js';
import { routingSourceOf, type RoutingSource } from '../../../shared/routing.js';
import { announceRouted } from './announce-routed.js';
import { clearWaiting, companiesWithWaitingLeads, findWaitingLeads } from './engine.repository.js';
import { routeLeads, routesOnArrival, startRoutingRound } from './route-leads.js';

/** Waiting leads routed per transaction: short enough that a drain never holds SQLite's writer for long. */
const PER_ROUND = 200;
/** Waiting leads one drain looks at, at most: the next tick carries on. */
const PER_DRAIN = 5_000;

/**
 * Routes the company's leads waiting for routing, oldest first, to whoever is eligible now (the
 * first person back from a break, the start of working hours, a cap lifted). Leads nobody can take
 * (their rule's people are all away) keep waiting. Safe to run on several instances at once: each
 * round locks the company's routing and reads the waiting leads after the lock. Returns how many
 * it routed.
 */
export async function drainWaiting(deps: Pick<Deps, 'db' | 'dialect' | 'metrics'>, subadminId: number, now: Date = new Date()): Promise<number> {
  let routed = 0;
  let afterId = 0;
  for (let seen = 0; seen < PER_DRAIN; seen += PER_ROUND) {
    const round = await deps.db.transaction().execute(async (trx) => {
      const r = await startRoutingRound(trx, deps.dialect, subadminId, now);
      if (r.closed || !r.people.length) return null;
      const leads = (await findWaitingLeads(trx, subadminId, PER_ROUND, afterId)).map((l) => ({ ...l, source: routingSourceOf(l.route_source) }));
      if (!leads.length) return null;
      const alerts = [];
      let count = 0;
      // A source the company stopped routing: its waiting leads go back to the plain pool (an upload's own choice stands).
      const stopped = (s: RoutingSource) => s !== 'csv' && !routesOnArrival(r.settings, s);
      await clearWaiting(
        trx,
        subadminId,
        leads.filter((l) => stopped(l.source)).map((l) => l.id),
      );
      for (const source of new Set(leads.filter((l) => !stopped(l.source)).map((l) => l.source))) {
        const out = await routeLeads(
          trx,
          r,
          leads.filter((l) => l.source === source),
          source,
          { markWaiting: false },
        );
        count += out.routed.size;
        alerts.push(...out.alerts);
      }
      return { count, alerts, lastId: leads[leads.length - 1]!.id, full: leads.length === PER_ROUND };
    });
    if (!round) break;
    announceRouted(deps, round.alerts, 'auto');
    routed += round.count;
    afterId = round.lastId;
    if (!round.full) break;
  }
  return routed;
}

/** Every company's waiting leads (the maintenance scheduler's tick); how many were routed. */
export async function drainAllWaiting(deps: Pick<Deps, 'db' | 'dialect' | 'metrics'>, now: Date = new Date()): Promise<number> {
  let routed = 0;
  for (const subadminId of await companiesWithWaitingLeads(deps.db)) routed += await drainWaiting(deps, subadminId, now);
  return routed;
}
