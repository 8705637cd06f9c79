import type { RoutingRuleField, RoutingRuleMatch } from '../../db/schema.js';
import type { FieldTraits } from './field-traits.js';

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
  /** a 'field' rule's lead field (only rules on fields in use are read: a retired field's rule matches nothing) */
  fieldId: number | null;
  memberIds: ReadonlySet<number>;
}

export interface LeadTraits {
  category: string;
  area: string;
  language: string | null;
  /** its company fields' values, by field id (a multiple choice has several) */
  fields?: FieldTraits;
}

const valueMatches = (match: RoutingRuleMatch, have: string, want: string) =>
  match === 'is' ? have.trim().toLowerCase() === want : want !== '' && have.trim().toLowerCase().includes(want);

/**
 * 'is': the same words, whatever their case and surrounding spaces; 'contains': the value appears
 * anywhere, whatever its case. A field rule matches when any of the lead's values of the field does
 * (a choice field's rule names a choice's key: 'is' that choice, or one of the chosen).
 */
export function ruleMatches(rule: Pick<RoutingRule, 'field' | 'match' | 'value' | 'fieldId'>, lead: LeadTraits): boolean {
  const want = rule.value.trim().toLowerCase();
  if (rule.field === 'field') {
    const have = rule.fieldId === null ? undefined : lead.fields?.get(rule.fieldId);
    return !!have?.some((v) => valueMatches(rule.match, v, want));
  }
  return valueMatches(rule.match, lead[rule.field] ?? '', want);
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
