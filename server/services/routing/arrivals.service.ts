import type { ExtraDetails } from '../../../shared/lead-fields.js';
import type { Transaction } from 'kysely';
import type { Deps } from '../../deps.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { RoutingSource } from '../../../shared/routing.js';
import type { LeadAlert } from '../alerts/alerts.js';
import { announceRouted } from './announce-routed.js';
import { insertLeadTuplesReturning, type LeadTuple } from '../leads/leads.repository.js';
import { findExistingLeads, insertRoutedLead } from './engine.repository.js';
import { todayIn } from '../../../shared/dates.js';
import { handleRepeatEnquiries } from './repeat-enquiry.js';
import {
  alertsFor,
  choosePerson,
  recordRouted,
  routeLeads,
  routesOnArrival,
  startRoutingRound,
  unchoose,
  type RoutableLead,
  type RoutingRound,
} from './route-leads.js';
import { loadRoutingCompany } from './settings.repository.js';
import { DEFAULT_ROUTING_SETTINGS } from '../../../shared/routing.js';
import type { FieldDef } from '../../../shared/lead-fields.js';
import { writeNewLeadDetails, type ArrivingDetails } from './arriving-details.js';
import { traitValuesOf } from './field-traits.js';

/** A lead as a source delivers it, its mobile already normalised to 10 digits. */
export interface ArrivingLead extends ArrivingDetails {
  name: string;
  mobile: string;
  requirement: string;
  area: string;
  category: string;
  language?: string | null;
  /** the source's own id for the enquiry: the same id again is a retry, not a new lead */
  sourceRef?: string | null;
  email?: string | null;
  /** what the source gave that no part of the lead holds (label: value) */
  extraDetails?: ExtraDetails | null;
}

/**
 * What became of an arriving lead. 'new': it is a lead now; 'repeat': the company already had the
 * mobile, and its lead took the enquiry (docs/routing.md#repeat-enquiries); 'retry': the source sent
 * this enquiry before (same source ref), nothing changed.
 */
export interface Arrival {
  leadId: number;
  outcome: 'new' | 'repeat' | 'retry';
  /** a retry: what the enquiry was when it first arrived */
  retryOf?: 'new' | 'repeat';
  routedTo: { id: number; name: string } | null;
  waiting: boolean;
}

export interface ArrivalContext {
  subadminId: number;
  source: RoutingSource;
  batchId: number | null;
  now: Date;
  /** route whatever the company's switch for the source says (a CSV upload's own choice) */
  route?: boolean;
  /** the company's fields, when the leads bring field values (ArrivingDetails.values) */
  fields?: readonly FieldDef[];
}

/**
 * Takes leads in, inside the caller's transaction: inserts the new ones and routes them when the
 * company routes this source; hands a known mobile's enquiry to its lead. The alerts are for the
 * caller to raise after its commit.
 */
export async function receiveLeadsIn(
  trx: Transaction<DB>,
  dialect: Dialect,
  ctx: ArrivalContext,
  leads: readonly ArrivingLead[],
): Promise<{ arrivals: Arrival[]; alerts: LeadAlert[] }> {
  const now = ctx.now.toISOString();
  const company = await loadRoutingCompany(trx, ctx.subadminId);
  const settings = company?.settings ?? DEFAULT_ROUTING_SETTINGS;
  const route = ctx.route ?? routesOnArrival(settings, ctx.source);
  let round: RoutingRound | null = null;
  const roundNow = async () => (round ??= await startRoutingRound(trx, dialect, ctx.subadminId, ctx.now, company));
  // Routing's lock comes first, before the inserts: on Postgres, concurrent arrivals then queue on
  // the company row instead of deadlocking on each other's rows.
  if (route) await roundNow();

  // A mobile twice in one delivery: the first makes the lead (or reaches the known one), the later
  // ones are repeat enquiries on it.
  const firstOf = new Map<string, ArrivingLead>();
  for (const l of leads) if (!firstOf.has(l.mobile)) firstOf.set(l.mobile, l);
  const firsts = [...firstOf.values()];
  const laters = leads.filter((l) => firstOf.get(l.mobile) !== l);
  const arrivals = new Map<ArrivingLead, Arrival>();
  const alerts: LeadAlert[] = [];

  // One lead (the capture API, a form, Add Lead), the path every captured lead takes: its person is
  // chosen first and it is inserted already theirs; on Postgres the insert, their count and the event
  // are one statement (routing's locks are held for as few round trips as can be).
  const single = route && firsts.length === 1 ? firsts[0]! : null;
  const prior = single ? await roundNow() : null;
  const chosenBefore = prior?.people.map((p) => [p, p.lastRoutedAt] as const);
  const chosen = single && prior ? choosePerson(prior, traitsOf(single, 0)) : null;

  const newIds = new Map<string, number>();
  const byCategory = new Map<string, LeadTuple[]>();
  for (const l of firsts) {
    const rows = byCategory.get(l.category) ?? [];
    byCategory.set(l.category, rows);
    rows.push([
      l.name,
      l.mobile,
      l.requirement,
      l.area,
      l.sourceRef ?? null,
      l.language ?? null,
      l.email ?? null,
      l.extraDetails ? JSON.stringify(l.extraDetails) : null,
    ]);
  }
  const batch = (category: string) => ({
    subadminId: ctx.subadminId,
    category,
    batchId: ctx.batchId,
    visible: 1 as const,
    now,
    routeSource: route ? ctx.source : null,
  });
  const oneStatement = single && chosen && prior && dialect === 'postgres';
  if (oneStatement) {
    const id = await insertRoutedLead(trx, { ...batch(single.category), assignTo: chosen.id }, byCategory.get(single.category)![0]!, {
      today: todayIn(prior.timeZone, ctx.now),
      source: ctx.source,
    });
    if (id !== null) newIds.set(single.mobile, id);
  } else {
    for (const [category, rows] of byCategory) {
      const inserted = await insertLeadTuplesReturning(trx, { ...batch(category), assignTo: chosen?.id ?? null }, rows);
      for (const r of inserted) newIds.set(r.mobile, r.id);
    }
  }

  const fresh = firsts.filter((l) => newIds.has(l.mobile));
  await writeNewLeadDetails(
    trx,
    ctx.subadminId,
    ctx.fields ?? [],
    fresh.map((l) => ({ leadId: newIds.get(l.mobile)!, details: l })),
  );
  if (single && prior && fresh.length === 1) {
    const leadId = newIds.get(single.mobile)!;
    const routed = new Map(chosen ? [[leadId, chosen]] : []);
    const names = new Map([[leadId, single.name]]);
    if (oneStatement) {
      alerts.push(...alertsFor(prior, routed, names));
    } else if (chosen) {
      alerts.push(...(await recordRouted(trx, prior, routed, names, ctx.source, { markWaiting: true })));
    } else {
      await routeLeads(trx, prior, [traitsOf(single, leadId)], ctx.source);
    }
    arrivals.set(single, { leadId, outcome: 'new', routedTo: chosen ? { id: chosen.id, name: chosen.name } : null, waiting: !chosen });
  } else if (chosen) {
    // The company already had the mobile: the choice is taken back before the repeat is handled.
    const before = chosenBefore!.find(([p]) => p === chosen)![1];
    unchoose(chosen, before);
  }
  if (route && fresh.length && !single) {
    const out = await routeLeads(
      trx,
      await roundNow(),
      fresh.map((l) => traitsOf(l, newIds.get(l.mobile)!)),
      ctx.source,
    );
    alerts.push(...out.alerts);
    for (const l of fresh) {
      const p = out.routed.get(newIds.get(l.mobile)!);
      arrivals.set(l, { leadId: newIds.get(l.mobile)!, outcome: 'new', routedTo: p ? { id: p.id, name: p.name } : null, waiting: !p });
    }
  } else if (!single) {
    for (const l of fresh) arrivals.set(l, { leadId: newIds.get(l.mobile)!, outcome: 'new', routedTo: null, waiting: false });
  }

  const known = [...firsts.filter((l) => !newIds.has(l.mobile)), ...laters];
  if (known.length) {
    const refs = known.map((l) => l.sourceRef).filter((r): r is string => !!r);
    const retried = refs.length ? new Map((await findExistingLeads(trx, ctx.subadminId, { sourceRefs: refs })).map((r) => [r.source_ref, r])) : new Map();
    const repeats: ArrivingLead[] = [];
    for (const l of known) {
      const r = l.sourceRef ? retried.get(l.sourceRef) : undefined;
      if (!r) {
        repeats.push(l);
        continue;
      }
      const owner = r.telicaller_id === null ? null : { id: r.telicaller_id, name: r.owner_name ?? '' };
      arrivals.set(l, { leadId: r.id, outcome: 'retry', retryOf: 'new', routedTo: owner, waiting: r.route_waiting === 1 });
    }
    if (repeats.length) {
      const existing = new Map((await findExistingLeads(trx, ctx.subadminId, { mobiles: repeats.map((l) => l.mobile) })).map((r) => [r.mobile, r]));
      const out = await handleRepeatEnquiries(trx, { ...ctx, settings, route, round: roundNow }, repeats, existing);
      alerts.push(...out.alerts);
      for (const [l, a] of out.arrivals) arrivals.set(l, a);
    }
  }
  return { arrivals: leads.map((l) => arrivals.get(l)!), alerts };
}

const traitsOf = (l: ArrivingLead, id: number): RoutableLead => ({
  id,
  name: l.name,
  category: l.category,
  area: l.area,
  language: l.language ?? null,
  fields: traitValuesOf(l.values),
});

/** One lead arriving on its own (the capture API, a website form, Add Lead): its own transaction, its alerts raised. */
export async function receiveLead(
  deps: Deps,
  subadminId: number,
  source: RoutingSource,
  lead: ArrivingLead,
  now: Date = new Date(),
  fields?: readonly FieldDef[],
): Promise<Arrival> {
  const { arrivals, alerts } = await deps.db
    .transaction()
    .execute((trx) => receiveLeadsIn(trx, deps.dialect, { subadminId, source, batchId: null, now, fields }, [lead]));
  announceRouted(deps, alerts, 'auto');
  const arrival = arrivals[0];
  if (!arrival) throw new Error('receiveLead: the lead was neither inserted nor found');
  return arrival;
}
