import type { Deps } from '../../deps.js';
import { countCostChecks, giveUpPricing, lockCallsToPrice, setCallCost } from './calls.repository.js';
import { ProviderError } from './provider.js';
import { companyTelephony, type CompanyTelephony } from './settings.repository.js';

/*
 * A call's cost, asked of the provider after its end (docs/telephony.md#calls-are-facts): neither
 * provider's status callback carries it. Exotel prices a call about five minutes after its end,
 * Twilio "after the call is completed": each call is asked first five minutes after its end, then
 * again after 10, 20, 40 and 80 minutes, at most MAX_COST_CHECKS times and never past two days.
 * Every ask is counted before the provider is asked, whatever it then answers (or if it does not),
 * so a provider that is down delays only its own calls, and a call is never asked for ever.
 */

/** calls_unpriced keeps calls asked fewer times than this (migrations/0031_call_costs.ts says 6 too). */
export const MAX_COST_CHECKS = 6;
const FIRST_CHECK_AFTER_MS = 5 * 60_000;
const GIVE_UP_AFTER_MS = 2 * 24 * 60 * 60_000;
/** Calls asked about in one round (a round a minute); more wait for the next. */
const COST_BATCH = 50;
/** Asks in flight at once: the round takes a few seconds, not 50 providers' answers in a row. */
const PARALLEL = 5;

/** When a call asked `checks` times may be asked again: 5 minutes after the first ask, doubling. */
const nextCheckAfter = (now: Date, checks: number) => new Date(now.getTime() + FIRST_CHECK_AFTER_MS * 2 ** (checks - 1)).toISOString();

export interface PricingRound {
  /** calls asked about this round */
  asked: number;
  /** of them, calls whose cost is now known */
  priced: number;
  /** asks the provider refused or did not answer */
  failed: number;
}

/** One round: the calls due are claimed (their ask counted), then their providers asked. */
export async function priceEndedCalls(deps: Deps, now = new Date()): Promise<PricingRound> {
  const at = now.toISOString();
  await giveUpPricing(deps.db, new Date(now.getTime() - GIVE_UP_AFTER_MS).toISOString(), MAX_COST_CHECKS);
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const rows = await lockCallsToPrice(trx, deps.dialect, {
      endedAfter: new Date(now.getTime() - GIVE_UP_AFTER_MS).toISOString(),
      endedBefore: new Date(now.getTime() - FIRST_CHECK_AFTER_MS).toISOString(),
      now: at,
      maxChecks: MAX_COST_CHECKS,
      limit: COST_BATCH,
    });
    await countCostChecks(
      trx,
      deps.dialect,
      rows.map((r) => ({ id: r.id, checks: r.cost_checks + 1, after: nextCheckAfter(now, r.cost_checks + 1) })),
    );
    return rows;
  });

  const companies = new Map<number, Promise<CompanyTelephony | null>>();
  const telephonyOf = (subadminId: number) => {
    let t = companies.get(subadminId);
    if (!t) {
      t = companyTelephony(deps.db, deps.config, subadminId);
      companies.set(subadminId, t);
    }
    return t;
  };
  const round: PricingRound = { asked: 0, priced: 0, failed: 0 };
  const queue = [...claimed];
  const worker = async () => {
    for (let call = queue.shift(); call; call = queue.shift()) {
      const t = await telephonyOf(call.subadmin_id);
      // Off, unreadable, or another provider's account now: its check is counted, nobody is asked.
      if (!t?.enabled || t.unreadable || t.providerId !== call.provider || !t.provider.fetchCallCost) continue;
      round.asked++;
      try {
        const cost = await t.provider.fetchCallCost(t.settings, call.provider_call_id!);
        if (!cost) continue;
        await setCallCost(deps.db, call.subadmin_id, call.id, cost, new Date().toISOString());
        round.priced++;
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        round.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return round;
}
