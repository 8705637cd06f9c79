import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { todayIn } from '../../../shared/dates.js';
import type { RoutingSettings, RoutingSource } from '../../../shared/routing.js';
import { isWorkingTime } from '../../../shared/working-hours.js';
import type { LeadAlert } from '../alerts/alerts.js';
import { addRoutedToday, assignRoutedLeads, findRoutablePeople, findRules, insertLeadEvents, lockRoutingCompany, markWaiting } from './engine.repository.js';
import { pickPerson, type LeadTraits, type RoutablePerson, type RoutingRule } from './pick.js';
import { loadRoutingSettings } from './settings.repository.js';

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

export async function startRoutingRound(trx: Transaction<DB>, dialect: Dialect, subadminId: number, now: Date): Promise<RoutingRound> {
  const company = await lockRoutingCompany(trx, dialect, subadminId);
  const settings = await loadRoutingSettings(trx, subadminId);
  const timeZone = company?.time_zone ?? 'Asia/Kolkata';
  const working = isWorkingTime({ days: settings.workDays, start: settings.workStart, end: settings.workEnd, timeZone }, now);
  const closed = !company || company.deleted_at !== null || !working;
  const [people, rules] = closed
    ? [[], []]
    : await Promise.all([findRoutablePeople(trx, subadminId, settings.includeHeads, todayIn(timeZone, now)), findRules(trx, subadminId)]);
  return { subadminId, settings, timeZone, now, closed, people, rules };
}

export interface RoutingOutcome {
  routed: Map<number, RoutablePerson>;
  waiting: number[];
  alerts: LeadAlert[];
}

/**
 * Routes leads inside the caller's transaction: each to the eligible person with the fewest leads
 * routed today (docs/routing.md), the rest marked waiting. Every move is a lead event; the alerts
 * are for the caller to raise once the transaction has committed.
 */
export async function routeLeads(
  trx: Transaction<DB>,
  round: RoutingRound,
  leads: readonly RoutableLead[],
  source: RoutingSource,
  opts: { markWaiting: boolean; kind?: 'routed' | 'recycled'; fromUser?: Map<number, number | null>; detail?: string | null } = { markWaiting: true },
): Promise<RoutingOutcome> {
  const nowIso = round.now.toISOString();
  const routed = new Map<number, RoutablePerson>();
  const byPerson = new Map<number, number[]>();
  const waiting: number[] = [];
  const alerts: LeadAlert[] = [];
  const names = new Map(leads.map((l) => [l.id, l.name]));
  for (const lead of leads) {
    // Recycling never gives a lead back to the person it is taken from.
    const from = opts.fromUser?.get(lead.id) ?? null;
    const pool = from === null ? round.people : round.people.filter((p) => p.id !== from);
    const person = round.closed ? null : pickPerson(pool, round.rules, lead);
    if (!person) {
      waiting.push(lead.id);
      continue;
    }
    person.routedToday++;
    person.lastRoutedAt = nowIso;
    routed.set(lead.id, person);
    const ids = byPerson.get(person.id) ?? [];
    byPerson.set(person.id, ids);
    ids.push(lead.id);
  }
  const today = todayIn(round.timeZone, round.now);
  for (const [userId, ids] of byPerson) {
    for (let i = 0; i < ids.length; i += 500) await assignRoutedLeads(trx, round.subadminId, userId, ids.slice(i, i + 500), nowIso);
    await addRoutedToday(trx, userId, today, ids.length, nowIso);
  }
  if (opts.markWaiting && waiting.length) {
    for (let i = 0; i < waiting.length; i += 500) await markWaiting(trx, round.subadminId, waiting.slice(i, i + 500), source, nowIso);
  }
  const kind = opts.kind ?? 'routed';
  await insertLeadEvents(trx, [
    ...[...routed].map(([leadId, p]) => ({
      subadmin_id: round.subadminId,
      lead_id: leadId,
      kind,
      user_id: p.id,
      from_user_id: opts.fromUser?.get(leadId) ?? null,
      source,
      detail: opts.detail ?? null,
      created_at: nowIso,
    })),
    ...(opts.markWaiting ? waiting : []).map((leadId) => ({
      subadmin_id: round.subadminId,
      lead_id: leadId,
      kind: 'waiting' as const,
      user_id: null,
      from_user_id: null,
      source,
      detail: null,
      created_at: nowIso,
    })),
  ]);
  for (const [leadId, p] of routed) {
    alerts.push({ kind: 'lead_routed', subadminId: round.subadminId, userId: p.id, leadId, leadName: names.get(leadId) ?? '', at: nowIso });
  }
  return { routed, waiting, alerts };
}

/** Whether the company routes leads of this source on arrival (CSV: the uploader chooses per upload). */
export function routesOnArrival(settings: RoutingSettings, source: RoutingSource): boolean {
  switch (source) {
    case 'indiamart':
      return settings.routeIndiamart;
    case 'capture':
    case 'website_form':
      return settings.routeCapture;
    case 'add_lead':
      return settings.routeAddLead;
    case 'csv':
      return settings.routeCsv;
  }
}
