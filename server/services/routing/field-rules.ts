import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { activeChoiceLabels, type FieldDef } from '../../../shared/lead-fields.js';
import {
  ROUTABLE_FIELD_TYPES,
  RULE_CHOICE_IS_ONLY,
  RULE_FIELD_NOT_ROUTABLE,
  RULE_FIELD_RETIRED,
  type RoutingRuleField,
  type RoutingRuleMatch,
} from '../../../shared/schemas/routing.js';
import { companyShape } from '../lead-fields/shape.service.js';
import type { RuleValues } from './rules.repository.js';

/*
 * Rules on a company's lead field (docs/routing.md#rules): the rule names the field by id (a rename
 * keeps it), a choice field's rule names one of its choices by key (a choice is matched with "is").
 */

const refuse = (path: string, message: string) => new AppError('BAD_REQUEST', message, { [path]: message });
const isChoice = (f: FieldDef) => f.type === 'choice' || f.type === 'multiChoice';

/** A rule as stored, checked against the company's fields; another company's field is not found. */
export async function ruleValuesOf(
  db: Kysely<DB>,
  subadminId: number,
  input: { field: RoutingRuleField; fieldId: number | null; match: RoutingRuleMatch; value: string },
): Promise<RuleValues> {
  if (input.field !== 'field') return { field: input.field, match: input.match, value: input.value, field_id: null };
  const field = (await companyShape(db, subadminId)).fields.find((f) => f.id === input.fieldId);
  if (!field) throw notFound('Lead field');
  if (field.retired) throw refuse('fieldId', RULE_FIELD_RETIRED);
  if (!(ROUTABLE_FIELD_TYPES as readonly string[]).includes(field.type)) throw refuse('fieldId', RULE_FIELD_NOT_ROUTABLE);
  if (!isChoice(field)) return { field: 'field', match: input.match, value: input.value, field_id: field.id };
  if (input.match !== 'is') throw refuse('match', RULE_CHOICE_IS_ONLY);
  const want = input.value.trim().toLowerCase();
  const choice = (field.choices ?? []).find((c) => !c.retired && (c.key.toLowerCase() === want || c.label.trim().toLowerCase() === want));
  if (!choice) throw refuse('value', `${field.label} has no such choice: pick one of ${activeChoiceLabels(field)}.`);
  return { field: 'field', match: 'is', value: choice.key, field_id: field.id };
}

/** What a list shows of a rule's field: its label now, whether it is retired, and the label of the choice its value names. */
export function ruleFieldView(fields: readonly FieldDef[], rule: { field_id: number | null; value: string }) {
  const field = rule.field_id === null ? undefined : fields.find((f) => f.id === rule.field_id);
  if (!field) return { fieldLabel: null, fieldRetired: false, valueLabel: null };
  const choice = isChoice(field) ? field.choices?.find((c) => c.key === rule.value) : undefined;
  return { fieldLabel: field.label, fieldRetired: field.retired, valueLabel: choice?.label ?? null };
}
