import type { Deps } from '../../deps.js';
import { withAdvisoryLock } from '../../db/advisory-lock.js';
import { routingSourceOf } from '../../../shared/routing.js';
import { subtractWorkingMs } from '../../../shared/working-hours.js';
import type { LeadAlert } from '../alerts/alerts.js';
import { companiesThatRecycle, countRecycled, findUntouchedLeads, insertLeadEvents, returnToPool } from './engine.repository.js';
import { routeLeads, startRoutingRound } from './route-leads.js';
import { announceRouted } from './announce-routed.js';

const HOUR_MS = 3_600_000;
/** Leads moved per transaction, and at most per company per run (the next run carries on). */
const PER_ROUND = 200;
const PER_RUN = 2_000;

/**
 * Recycling (docs/routing.md#recycling): a lead its owner has neither opened nor called for the
 * company's N working hours goes to the next eligible person (never back to the same one); after M
 * such moves it returns to the pool instead. Each move is a lead event saying why. While nobody else
 * is eligible (night, everyone away) the lead stays where it is. Returns how many leads moved.
 */
export async function recycleCompany(deps: Pick<Deps, 'db' | 'dialect' | 'metrics'>, subadminId: number, now: Date = new Date()): Promise<number> {
  let moved = 0;
  const passed = new Set<number>();
  for (let seen = 0; seen < PER_RUN; seen += PER_ROUND) {
    const result = await deps.db.transaction().execute(async (trx) => {
      const round = await startRoutingRound(trx, deps.dialect, subadminId, now);
      const hours = round.settings.recycleAfterHours;
      if (hours === null || round.closed) return null;
      const wh = { days: round.settings.workDays, start: round.settings.workStart, end: round.settings.workEnd, timeZone: round.timeZone };
      const cutoff = subtractWorkingMs(wh, now, hours * HOUR_MS);
      if (!cutoff) return null;
      const leads = (await findUntouchedLeads(trx, subadminId, cutoff.toISOString(), PER_ROUND + passed.size)).filter((l) => !passed.has(l.id));
      if (!leads.length) return null;
      const nowIso = now.toISOString();
      const reason = `Untouched for ${hours} working hours`;
      const spent = leads.filter((l) => l.recycle_count >= round.settings.recycleMax);
      await returnToPool(
        trx,
        subadminId,
        spent.map((l) => l.id),
        nowIso,
      );
      await insertLeadEvents(
        trx,
        spent.map((l) => ({
          subadmin_id: subadminId,
          lead_id: l.id,
          kind: 'returned_to_pool' as const,
          user_id: null,
          from_user_id: l.telicaller_id,
          source: l.route_source,
          detail: `${reason}, after ${l.recycle_count} moves`,
          created_at: nowIso,
        })),
      );
      const movable = leads.filter((l) => l.recycle_count < round.settings.recycleMax);
      const alerts: LeadAlert[] = [];
      let count = spent.length;
      for (const source of new Set(movable.map((l) => routingSourceOf(l.route_source)))) {
        const group = movable.filter((l) => routingSourceOf(l.route_source) === source);
        const out = await routeLeads(trx, round, group, source, {
          markWaiting: false,
          kind: 'recycled',
          fromUser: new Map(group.map((l) => [l.id, l.telicaller_id])),
          detail: reason,
        });
        await countRecycled(trx, subadminId, [...out.routed.keys()]);
        for (const l of group) if (!out.routed.has(l.id)) passed.add(l.id);
        count += out.routed.size;
        alerts.push(...out.alerts);
      }
      return { count, alerts };
    });
    if (!result) break;
    announceRouted(deps, result.alerts, 'recycled');
    moved += result.count;
    if (result.count === 0) break;
  }
  return moved;
}

/** Every company's recycling, by one instance at a time on Postgres. */
export async function recycleAll(deps: Pick<Deps, 'db' | 'dialect' | 'metrics'>, now: Date = new Date()): Promise<number> {
  const run = await withAdvisoryLock(deps.db, deps.dialect, 'lead-recycling', 0, async () => {
    let moved = 0;
    for (const c of await companiesThatRecycle(deps.db)) moved += await recycleCompany(deps, c.subadmin_id, now);
    return moved;
  });
  return run.ran ? run.value : 0;
}
