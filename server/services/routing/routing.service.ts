import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { UserType } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { companyTimeZone } from '../company/company.service.js';
import { loadRoutingSettings, saveRoutingSettings as saveSettingsRow } from './settings.repository.js';
import {
  deleteRuleRow,
  findCompanyUsers,
  findRule,
  findRuleMembers,
  findRuleRows,
  insertRule,
  replaceRuleMembers,
  setRulePosition,
  updateRuleRow,
} from './rules.repository.js';
import { drainWaiting } from './waiting.service.js';
import { ruleFieldView, ruleValuesOf } from './field-rules.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { findRules } from './engine.repository.js';
import { countWaitingLeads, findAvailabilityPeople, findRoutablePerson, setBreakRow, setDailyCapRow } from './availability.repository.js';
import { todayIn } from '../../../shared/dates.js';
import { isoWeekday, isWorkingTime, type WorkingHours } from '../../../shared/working-hours.js';
import type { RoutingSettings } from '../../../shared/routing.js';
import {
  RULE_MEMBER_NOT_CALLER,
  type Availability,
  type AvailabilityRow,
  type MyBreak,
  type MyBreakAndRouting,
  type RoutingRuleInput,
  type RoutingRuleMoveInput,
  type RoutingRuleUpdateInput,
  type RoutingRuleView,
  type RoutingSettingsInput,
  type RoutingSettingsView,
  type SetDailyCapInput,
  type UnavailableReason,
} from '../../../shared/schemas/routing.js';

type Parsed<T extends z.ZodType> = z.output<T>;
type SettingsInput = Parsed<typeof RoutingSettingsInput>;
type RuleInput = Parsed<typeof RoutingRuleInput>;
type RuleUpdateInput = Parsed<typeof RoutingRuleUpdateInput>;
type MoveInput = Parsed<typeof RoutingRuleMoveInput>;
type CapInput = Parsed<typeof SetDailyCapInput>;

const ruleNotFound = () => notFound('Rule');
const personNotFound = () => notFound('Telecaller');

export async function getRoutingSettings(deps: Deps, subadminId: number): Promise<RoutingSettingsView> {
  const [settings, timeZone] = await Promise.all([loadRoutingSettings(deps.db, subadminId), companyTimeZone(deps.db, subadminId)]);
  return { ...settings, timeZone };
}

/** Saves every setting at once; routing reads them on its next lead. */
export async function saveRoutingSettings(deps: Deps, actor: SubadminActor, input: SettingsInput): Promise<RoutingSettingsView> {
  const settings: RoutingSettings = {
    routeIndiamart: input.routeIndiamart,
    routeCapture: input.routeCapture,
    routeAddLead: input.routeAddLead,
    routeCsv: input.routeCsv,
    includeHeads: input.includeHeads,
    workDays: input.workDays,
    workStart: input.workStart,
    workEnd: input.workEnd,
    repeatRerouteDays: input.repeatRerouteDays,
    recycleAfterHours: input.recycleAfterHours,
    recycleMax: input.recycleMax,
  };
  await saveSettingsRow(deps.db, actor.subadminId, settings, new Date().toISOString());
  await recordAudit(deps.db, actor, 'update', 'routing_settings', actor.subadminId, { ...settings });
  return getRoutingSettings(deps, actor.subadminId);
}

/** The company's rules in the order routing tries them, each with its people. */
export async function listRoutingRules(deps: Deps, subadminId: number): Promise<RoutingRuleView[]> {
  const [rules, members, shape] = await Promise.all([
    findRuleRows(deps.db, subadminId),
    findRuleMembers(deps.db, subadminId),
    companyShape(deps.db, subadminId),
  ]);
  return rules.map((r) => ({
    id: r.id,
    position: r.position,
    field: r.field,
    match: r.match,
    value: r.value,
    ...(r.field === 'field' && r.field_id !== null ? { fieldId: r.field_id, ...ruleFieldView(shape.fields, r) } : {}),
    members: members.filter((m) => m.rule_id === r.id).map((m) => ({ id: m.id, name: m.name, userType: m.user_type })),
  }));
}

/**
 * A rule's people must be the company's live telecallers or heads. Another company's id (or none)
 * is not found, as everywhere; the company's developer or removed user is refused by name of the rule.
 */
async function assertMembers(deps: Deps, subadminId: number, userIds: number[]): Promise<void> {
  const users = await findCompanyUsers(deps.db, subadminId, userIds);
  if (users.length !== userIds.length) throw personNotFound();
  const callers: UserType[] = ['Telicaller', 'Telicaller-hade'];
  if (users.some((u) => u.deleted_at !== null || !callers.includes(u.user_type))) {
    throw new AppError('BAD_REQUEST', RULE_MEMBER_NOT_CALLER, { userIds: RULE_MEMBER_NOT_CALLER });
  }
}

export async function createRoutingRule(deps: Deps, actor: SubadminActor, input: RuleInput): Promise<{ id: number }> {
  await assertMembers(deps, actor.subadminId, input.userIds);
  const values = await ruleValuesOf(deps.db, actor.subadminId, input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const ruleId = await insertRule(trx, actor.subadminId, values, new Date().toISOString());
    await replaceRuleMembers(trx, actor.subadminId, ruleId, input.userIds);
    return ruleId;
  });
  await recordAudit(deps.db, actor, 'create', 'routing_rule', id, { ...values, userIds: input.userIds });
  return { id };
}

export async function updateRoutingRule(deps: Deps, actor: SubadminActor, input: RuleUpdateInput): Promise<{ id: number }> {
  if (!(await findRule(deps.db, actor.subadminId, input.id))) throw ruleNotFound();
  await assertMembers(deps, actor.subadminId, input.userIds);
  const values = await ruleValuesOf(deps.db, actor.subadminId, input);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateRuleRow(trx, actor.subadminId, input.id, values, new Date().toISOString()))) throw ruleNotFound();
    await replaceRuleMembers(trx, actor.subadminId, input.id, input.userIds);
  });
  await recordAudit(deps.db, actor, 'update', 'routing_rule', input.id, { ...values, userIds: input.userIds });
  return { id: input.id };
}

export async function deleteRoutingRule(deps: Deps, actor: SubadminActor, id: number): Promise<{ id: number }> {
  const deleted = await deps.db.transaction().execute((trx) => deleteRuleRow(trx, actor.subadminId, id));
  if (!deleted) throw ruleNotFound();
  await recordAudit(deps.db, actor, 'delete', 'routing_rule', id);
  return { id };
}

/** Swaps a rule with the one above or below it; at either end nothing moves. */
export async function moveRoutingRule(deps: Deps, actor: SubadminActor, input: MoveInput): Promise<RoutingRuleView[]> {
  await deps.db.transaction().execute(async (trx) => {
    const rules = await findRuleRows(trx, actor.subadminId);
    const at = rules.findIndex((r) => r.id === input.id);
    if (at < 0) throw ruleNotFound();
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= rules.length) return;
    [rules[at], rules[to]] = [rules[to]!, rules[at]!];
    // Positions are renumbered 1..n, so rules created at the same moment (same position) still move.
    const now = new Date().toISOString();
    for (const [i, r] of rules.entries()) {
      if (r.position !== i + 1) await setRulePosition(trx, actor.subadminId, r.id, i + 1, now);
    }
  });
  return listRoutingRules(deps, actor.subadminId);
}

/** What availability reads of a person. */
export interface AvailabilityPerson {
  user_type: UserType;
  is_blocked: number;
  on_break: number;
  daily_lead_cap: number | null;
  routed_day: string | null;
  routed_count: number;
}

/** Leads routing gave the person on the company's `today`. */
export const routedOn = (p: Pick<AvailabilityPerson, 'routed_day' | 'routed_count'>, today: string) => (p.routed_day === today ? p.routed_count : 0);

/** Why routing passes a person by at `now`, or null when it would give them a lead. */
export function unavailableReason(p: AvailabilityPerson, settings: RoutingSettings, timeZone: string, now: Date): UnavailableReason | null {
  if (p.is_blocked) return 'blocked';
  if (p.on_break) return 'on_break';
  if (p.user_type === 'Telicaller-hade' && !settings.includeHeads) return 'head_not_included';
  const today = todayIn(timeZone, now);
  if (p.daily_lead_cap !== null && routedOn(p, today) >= p.daily_lead_cap) return 'cap_reached';
  if (!settings.workDays.includes(isoWeekday(today))) return 'day_off';
  if (!isWorkingTime(workingHoursOf(settings, timeZone), now)) return 'outside_hours';
  return null;
}

export const workingHoursOf = (s: RoutingSettings, timeZone: string): WorkingHours => ({ days: s.workDays, start: s.workStart, end: s.workEnd, timeZone });

/** The company's telecallers and heads, who of them routing would give a lead now and why not, and the leads waiting. */
export async function routingAvailability(deps: Deps, subadminId: number, now: Date = new Date()): Promise<Availability> {
  const [settings, timeZone, people, waiting] = await Promise.all([
    loadRoutingSettings(deps.db, subadminId),
    companyTimeZone(deps.db, subadminId),
    findAvailabilityPeople(deps.db, subadminId),
    countWaitingLeads(deps.db, subadminId),
  ]);
  const today = todayIn(timeZone, now);
  const rows: AvailabilityRow[] = people.map((p) => {
    const reason = unavailableReason(p, settings, timeZone, now);
    return {
      id: p.id,
      name: p.name,
      userType: p.user_type,
      blocked: p.is_blocked === 1,
      onBreak: p.on_break === 1,
      breakSince: p.on_break === 1 ? p.break_since : null,
      dailyCap: p.daily_lead_cap,
      routedToday: routedOn(p, today),
      available: reason === null,
      reason,
    };
  });
  return { people: rows, waiting, timeZone, workingNow: isWorkingTime(workingHoursOf(settings, timeZone), now) };
}

/** Sets how many leads routing may give a person a day (null: no cap). */
export async function setDailyCap(deps: Deps, actor: SubadminActor, input: CapInput): Promise<{ userId: number; cap: number | null }> {
  if (!(await setDailyCapRow(deps.db, actor.subadminId, input.userId, input.cap, new Date().toISOString()))) throw personNotFound();
  await recordAudit(deps.db, actor, 'update', 'daily_lead_cap', input.userId, { cap: input.cap });
  return { userId: input.userId, cap: input.cap };
}

/** Starts or ends a break; starting one already started keeps when it began. Ending one routes the leads waiting. */
async function setBreak(deps: Deps, subadminId: number, userId: number, onBreak: boolean, now: Date): Promise<MyBreak> {
  const person = await findRoutablePerson(deps.db, subadminId, userId);
  if (!person) throw personNotFound();
  const wasOnBreak = person.on_break === 1;
  if (wasOnBreak === onBreak) return { onBreak, breakSince: onBreak ? person.break_since : null };
  const since = onBreak ? now.toISOString() : null;
  if (!(await setBreakRow(deps.db, subadminId, userId, since))) throw personNotFound();
  // Someone back from a break may take the leads that waited for want of anyone available.
  if (!onBreak) await drainWaiting(deps, subadminId, now);
  return { onBreak, breakSince: since };
}

/** Whether any source hands its leads out on arrival (CSV uploads: when the upload's "route now" starts on). */
export const routingIsOn = (s: RoutingSettings) => s.routeIndiamart || s.routeCapture || s.routeAddLead || s.routeCsv;

/** A telecaller's or head's own break, and what routing does for them now (the Home says it). */
export async function getMyBreak(deps: Deps, actor: UserActor, now: Date = new Date()): Promise<MyBreakAndRouting> {
  const [person, settings, timeZone, rules, shape] = await Promise.all([
    findRoutablePerson(deps.db, actor.subadminId, actor.id),
    loadRoutingSettings(deps.db, actor.subadminId),
    companyTimeZone(deps.db, actor.subadminId),
    findRules(deps.db, actor.subadminId),
    companyShape(deps.db, actor.subadminId),
  ]);
  if (!person) throw personNotFound();
  const mine = rules.filter((r) => r.memberIds.has(actor.id));
  return {
    onBreak: person.on_break === 1,
    breakSince: person.on_break === 1 ? person.break_since : null,
    routing: {
      on: routingIsOn(settings),
      reason: unavailableReason(person, settings, timeZone, now),
      workDays: settings.workDays,
      workStart: settings.workStart,
      workEnd: settings.workEnd,
      myRules: mine.map(({ field, match, value, fieldId }) => {
        if (field !== 'field') return { field, match, value };
        const view = ruleFieldView(shape.fields, { field_id: fieldId, value });
        return { field, match, value: view.valueLabel ?? value, fieldLabel: view.fieldLabel };
      }),
      othersRules: mine.length < rules.length,
    },
  };
}

export async function setMyBreak(deps: Deps, actor: UserActor, onBreak: boolean, now: Date = new Date()): Promise<MyBreakAndRouting> {
  await setBreak(deps, actor.subadminId, actor.id, onBreak, now);
  return getMyBreak(deps, actor, now);
}

/** The sub-admin ends someone's break (they forgot to). */
export function endBreak(deps: Deps, actor: SubadminActor, userId: number, now: Date = new Date()): Promise<MyBreak> {
  return setBreak(deps, actor.subadminId, userId, false, now);
}
