import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../../shared/dates.js';
import { DEFAULT_ROUTING_SETTINGS, type RoutingSettings, type RoutingSource } from '../../../shared/routing.js';
import { isWorkingTime } from '../../../shared/working-hours.js';
import type { LeadAlert } from '../alerts/alerts.js';
import {
  addRoutedToday,
  assignRoutedLeads,
  clearWaiting,
  findDoNotCall,
  findRoutablePeople,
  findRules,
  insertLeadEvents,
  markWaiting,
} from './engine.repository.js';
import { loadFieldTraits } from './field-traits.js';
import { pickPerson, type LeadTraits, type RoutablePerson, type RoutingRule } from './pick.js';
import { loadRoutingCompany, type RoutingCompany } from './settings.repository.js';

/** A lead to route: its id and what rules match on. */
export interface RoutableLead extends LeadTraits {
  id: number;
  name: string;
}

/**
 * One company's routing state for the rest of a transaction: the company row is locked (Postgres),
 * so the counts read here stay true until it commits.
 */
export interface RoutingRound {
  subadminId: number;
  settings: RoutingSettings;
  timeZone: string;
  now: Date;
  /** nobody is eligible at all right now (outside working hours, or the company is gone) */
  closed: boolean;
  people: RoutablePerson[];
  rules: RoutingRule[];
}

/**
 * Starts routing for a company inside the caller's transaction. On Postgres the eligible people's rows
 * are locked as they are read, so that concurrent rounds (on any instance) run one after another and
 * each reads the counts the previous one wrote; SQLite's transactions here begin immediate, which
 * already serialises them. `company` may be passed when the caller read it in this transaction.
 */
export async function startRoutingRound(
  trx: Transaction<DB>,
  dialect: Dialect,
  subadminId: number,
  now: Date,
  company?: RoutingCompany | null,
): Promise<RoutingRound> {
  const c = company === undefined ? await loadRoutingCompany(trx, subadminId) : company;
  const settings = c?.settings ?? DEFAULT_ROUTING_SETTINGS;
  const timeZone = c?.timeZone ?? DEFAULT_TIME_ZONE;
  const working = isWorkingTime({ days: settings.workDays, start: settings.workStart, end: settings.workEnd, timeZone }, now);
  const closed = !c || c.gone || !working;
  const [people, rules] = closed
    ? [[], []]
    : await Promise.all([
        findRoutablePeople(trx, subadminId, settings.includeHeads, todayIn(timeZone, now), dialect === 'postgres'),
        c.hasRules ? findRules(trx, subadminId) : [],
      ]);
  return { subadminId, settings, timeZone, now, closed, people, rules };
}

export interface RoutingOutcome {
  routed: Map<number, RoutablePerson>;
  waiting: number[];
  alerts: LeadAlert[];
}

type RouteOptions = { markWaiting: boolean; kind?: 'routed' | 'recycled'; fromUser?: Map<number, number | null>; detail?: string | null };

/**
 * Chooses a person for one lead and counts it in the round (in memory: recordRouted writes it). Null
 * when nobody may take it. Recycling passes the person it is taken from, never chosen again.
 */
export function choosePerson(round: RoutingRound, lead: RoutableLead, from: number | null = null): RoutablePerson | null {
  if (round.closed) return null;
  const pool = from === null ? round.people : round.people.filter((p) => p.id !== from);
  const person = pickPerson(pool, round.rules, lead);
  if (person) {
    person.routedToday++;
    person.lastRoutedAt = round.now.toISOString();
  }
  return person;
}

/** Takes back a choice whose lead was not inserted after all (the company already had its mobile). */
export function unchoose(person: RoutablePerson, previousLastRoutedAt: string | null) {
  person.routedToday--;
  person.lastRoutedAt = previousLastRoutedAt;
}

/**
 * Writes what a round decided for leads already assigned to their people: each person's count for the
 * day, a lead event per lead, and the alerts (for the caller to raise once the transaction commits).
 */
export async function recordRouted(
  trx: Transaction<DB>,
  round: RoutingRound,
  routed: ReadonlyMap<number, RoutablePerson>,
  names: ReadonlyMap<number, string>,
  source: RoutingSource,
  opts: RouteOptions,
): Promise<LeadAlert[]> {
  const nowIso = round.now.toISOString();
  const today = todayIn(round.timeZone, round.now);
  const perPerson = new Map<number, number>();
  for (const p of routed.values()) perPerson.set(p.id, (perPerson.get(p.id) ?? 0) + 1);
  for (const [userId, n] of perPerson) await addRoutedToday(trx, userId, today, n, nowIso);
  await insertLeadEvents(
    trx,
    [...routed].map(([leadId, p]) => ({
      subadmin_id: round.subadminId,
      lead_id: leadId,
      kind: opts.kind ?? 'routed',
      user_id: p.id,
      from_user_id: opts.fromUser?.get(leadId) ?? null,
      source,
      detail: opts.detail ?? null,
      created_at: nowIso,
    })),
  );
  return alertsFor(round, routed, names);
}

/** The alerts of leads routed in a round: one to each lead's person. */
export function alertsFor(round: RoutingRound, routed: ReadonlyMap<number, RoutablePerson>, names: ReadonlyMap<number, string>): LeadAlert[] {
  const at = round.now.toISOString();
  return [...routed].map(([leadId, p]) => ({
    kind: 'lead_routed' as const,
    subadminId: round.subadminId,
    userId: p.id,
    leadId,
    leadName: names.get(leadId) ?? '',
    at,
  }));
}

/**
 * Routes leads already in the table, inside the caller's transaction: each to the eligible person with
 * the fewest leads routed today (docs/routing.md), the rest marked waiting (when asked). Every move is
 * a lead event; the alerts are for the caller to raise once the transaction has committed.
 */
export async function routeLeads(
  trx: Transaction<DB>,
  round: RoutingRound,
  leads: readonly RoutableLead[],
  source: RoutingSource,
  opts: RouteOptions = { markWaiting: true },
): Promise<RoutingOutcome> {
  const nowIso = round.now.toISOString();
  const routed = new Map<number, RoutablePerson>();
  const byPerson = new Map<number, number[]>();
  const waiting: number[] = [];
  // A do-not-call lead is never routed, nor left waiting for routing: it stays in the pool, nobody's.
  const dnc = await findDoNotCall(
    trx,
    round.subadminId,
    leads.map((l) => l.id),
  );
  if (dnc.size) await clearWaiting(trx, round.subadminId, [...dnc]);
  const routable = await withFieldTraits(
    trx,
    round,
    leads.filter((l) => !dnc.has(l.id)),
  );
  for (const lead of routable) {
    const person = choosePerson(round, lead, opts.fromUser?.get(lead.id) ?? null);
    if (!person) {
      waiting.push(lead.id);
      continue;
    }
    routed.set(lead.id, person);
    const ids = byPerson.get(person.id) ?? [];
    byPerson.set(person.id, ids);
    ids.push(lead.id);
  }
  for (const [userId, ids] of byPerson) {
    for (let i = 0; i < ids.length; i += 500) await assignRoutedLeads(trx, round.subadminId, userId, ids.slice(i, i + 500), nowIso);
  }
  if (opts.markWaiting && waiting.length) {
    for (let i = 0; i < waiting.length; i += 500) await markWaiting(trx, round.subadminId, waiting.slice(i, i + 500), source, nowIso);
    await insertLeadEvents(
      trx,
      waiting.map((leadId) => ({
        subadmin_id: round.subadminId,
        lead_id: leadId,
        kind: 'waiting' as const,
        user_id: null,
        from_user_id: null,
        source,
        detail: null,
        created_at: nowIso,
      })),
    );
  }
  const alerts = await recordRouted(trx, round, routed, new Map(leads.map((l) => [l.id, l.name])), source, opts);
  return { routed, waiting, alerts };
}

/** Leads with the values the round's field rules look at (read in one query when a lead came without them). */
async function withFieldTraits(trx: Transaction<DB>, round: RoutingRound, leads: readonly RoutableLead[]): Promise<readonly RoutableLead[]> {
  const fieldIds = [...new Set(round.rules.flatMap((r) => (r.field === 'field' && r.fieldId !== null ? [r.fieldId] : [])))];
  const missing = leads.filter((l) => !l.fields).map((l) => l.id);
  if (!fieldIds.length || !missing.length) return leads;
  const traits = await loadFieldTraits(trx, round.subadminId, missing, fieldIds);
  return leads.map((l) => (l.fields ? l : { ...l, fields: traits.get(l.id) ?? new Map() }));
}

/** Whether the company routes leads of this source on arrival (CSV: the uploader chooses per upload). */
export function routesOnArrival(settings: RoutingSettings, source: RoutingSource): boolean {
  switch (source) {
    case 'indiamart':
      return settings.routeIndiamart;
    // A call from an unknown number is an enquiry from outside, like the company's site and CRM.
    case 'capture':
    case 'website_form':
    case 'phone':
      return settings.routeCapture;
    case 'add_lead':
      return settings.routeAddLead;
    case 'csv':
      return settings.routeCsv;
  }
}
