import type { RoutingRuleField, RoutingRuleMatch } from '../../db/schema.js';

/** Someone routing may give a lead to: live, not blocked, not on a break, of an included type. */
export interface RoutablePerson {
  id: number;
  name: string;
  dailyCap: number | null;
  /** leads routing gave them today (the company's day) */
  routedToday: number;
  lastRoutedAt: string | null;
}

export interface RoutingRule {
  id: number;
  field: RoutingRuleField;
  match: RoutingRuleMatch;
  value: string;
  memberIds: ReadonlySet<number>;
}

export interface LeadTraits {
  category: string;
  area: string;
  language: string | null;
}

/** 'is': the same words, whatever their case and surrounding spaces; 'contains': the value appears anywhere, whatever its case. */
export function ruleMatches(rule: Pick<RoutingRule, 'field' | 'match' | 'value'>, lead: LeadTraits): boolean {
  const have = (lead[rule.field] ?? '').trim().toLowerCase();
  const want = rule.value.trim().toLowerCase();
  return rule.match === 'is' ? have === want : want !== '' && have.includes(want);
}

/** The first rule (in the company's order) the lead matches, or null: then anyone eligible may get it. */
export const matchingRule = (rules: readonly RoutingRule[], lead: LeadTraits): RoutingRule | null => rules.find((r) => ruleMatches(r, lead)) ?? null;

const underCap = (p: RoutablePerson) => p.dailyCap === null || p.routedToday < p.dailyCap;

/**
 * Who gets the lead: among the eligible people (of the matching rule, when one matches), the one
 * routed the fewest leads today; on a tie, the one who waited longest since their last lead; then
 * the lowest id, so the choice never depends on the order rows came back in. Null: nobody may take
 * it now (all capped, or the rule's people all away), and the lead waits.
 */
export function pickPerson(people: readonly RoutablePerson[], rules: readonly RoutingRule[], lead: LeadTraits): RoutablePerson | null {
  const rule = matchingRule(rules, lead);
  let best: RoutablePerson | null = null;
  for (const p of people) {
    if (!underCap(p) || (rule && !rule.memberIds.has(p.id))) continue;
    if (!best || before(p, best)) best = p;
  }
  return best;
}

function before(a: RoutablePerson, b: RoutablePerson): boolean {
  if (a.routedToday !== b.routedToday) return a.routedToday < b.routedToday;
  const la = a.lastRoutedAt ?? '';
  const lb = b.lastRoutedAt ?? '';
  if (la !== lb) return la < lb;
  return a.id < b.id;
}
