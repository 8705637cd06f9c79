import { z } from 'zod';
import { numeric } from './fields.js';
import { idField } from './users.js';
import type { UserTypeValue } from '../constants.js';
import type { RoutingSettings } from '../routing.js';

/** An empty field is a missing number (coercion would read it as 0). */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

/** A whole number between min and max; `missing` when there is none, `range` when it is out of bounds. */
const wholeNumber = (missing: string, min: number, max: number, range: string) =>
  numeric(z.number({ error: missing }).int('Enter a whole number.').min(min, range).max(max, range));

const onOff = (what: string) => z.boolean({ error: `Say whether ${what} (true or false).` });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (label: string) =>
  z
    .string({ error: `Enter the ${label} time.` })
    .trim()
    .regex(HH_MM, `Enter the ${label} time as HH:MM (24-hour).`);

export const WORK_DAYS_REQUIRED = 'Pick at least one working day.';
export const WORK_DAYS_TOO_MANY = 'A week has 7 days: pick each working day once.';
export const WORK_END_AFTER_START = 'The working day must end after it starts.';

export const RoutingSettingsInput = z
  .object({
    /** leads pulled from IndiaMART are routed as they arrive */
    routeIndiamart: onOff('IndiaMART leads are routed'),
    /** leads from the capture API and the website form are routed as they arrive */
    routeCapture: onOff('captured leads are routed'),
    /** leads added one by one are routed as they are saved */
    routeAddLead: onOff('added leads are routed'),
    /** what an upload's "Route these leads now" starts as */
    routeCsv: onOff('uploads are routed by default'),
    /** heads receive routed leads too */
    includeHeads: onOff('heads receive leads'),
    /** ISO weekdays, 1 Monday … 7 Sunday; kept sorted, each once */
    workDays: z
      .array(z.number({ error: WORK_DAYS_REQUIRED }).int(WORK_DAYS_REQUIRED).min(1, WORK_DAYS_REQUIRED).max(7, WORK_DAYS_REQUIRED), {
        error: WORK_DAYS_REQUIRED,
      })
      .min(1, WORK_DAYS_REQUIRED)
      .max(7, WORK_DAYS_TOO_MANY)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    /** HH:MM in the company's time zone */
    workStart: clockTime('start'),
    workEnd: clockTime('end'),
    /** a repeat enquiry on a lead closed longer ago than this many days is routed again */
    repeatRerouteDays: blankAsMissing(wholeNumber('Enter the number of days.', 1, 365, 'Enter between 1 and 365 days.')),
    /** null: recycling is off; else a lead nobody called for this many working hours goes to someone else */
    recycleAfterHours: z.preprocess(
      (v) => (v === '' ? null : v),
      wholeNumber('Enter the number of working hours.', 1, 72, 'Enter between 1 and 72 working hours.').nullable(),
    ),
    /** how many times one lead may be recycled */
    recycleMax: blankAsMissing(wholeNumber('Enter how many times a lead may be recycled.', 1, 10, 'A lead may be recycled 1 to 10 times.')),
  })
  .superRefine((v, ctx) => {
    if (HH_MM.test(v.workStart) && HH_MM.test(v.workEnd) && v.workStart >= v.workEnd) {
      ctx.addIssue({ code: 'custom', path: ['workEnd'], message: WORK_END_AFTER_START });
    }
  });
export type RoutingSettingsInput = z.input<typeof RoutingSettingsInput>;

/** The settings as the Lead Routing page shows them, with the zone the working hours are read in. */
export interface RoutingSettingsView extends RoutingSettings {
  timeZone: string;
}

/**
 * What a rule compares, and how. Both compare without regard to case, after trimming the lead's value:
 * `is` is equality ("Pune" matches "pune"), `contains` a substring ("solar" matches "Rooftop Solar Panels").
 * The routing engine reads the same rule rows with the same meaning.
 */
export const ROUTING_RULE_FIELDS = ['category', 'area', 'language', 'field'] as const;
export const ROUTING_RULE_MATCHES = ['is', 'contains'] as const;
export type RoutingRuleField = (typeof ROUTING_RULE_FIELDS)[number];
export type RoutingRuleMatch = (typeof ROUTING_RULE_MATCHES)[number];
/** 'field': one of the company's lead fields, named by its id (fieldId) so that a rename keeps the rule */
export const RULE_FIELD_LABELS: Record<RoutingRuleField, string> = { category: 'Category', area: 'Area', language: 'Language', field: 'A lead field' };
/** The lead field types a rule may look at: those whose values are text (a choice's key for the choice types). */
export const ROUTABLE_FIELD_TYPES = ['text', 'longText', 'choice', 'multiChoice', 'phone', 'email', 'link'] as const;
export const RULE_FIELD_REQUIRED = 'Pick the lead field the rule looks at.';
export const RULE_FIELD_NOT_ROUTABLE = 'A rule can look at a text, choice, phone, email or link field only.';
export const RULE_FIELD_RETIRED = 'This lead field is retired: pick a field in use.';
export const RULE_CHOICE_IS_ONLY = 'A rule on a choice field matches a choice: use "is".';
export const RULE_MATCH_LABELS: Record<RoutingRuleMatch, string> = { is: 'is', contains: 'contains' };

export const RULE_MEMBERS_REQUIRED = 'Pick at least one person for this rule.';
export const RULE_MEMBER_NOT_CALLER = 'Only telecallers and heads can receive leads from a rule.';

const ruleFields = {
  field: z.enum(ROUTING_RULE_FIELDS, { error: 'Pick what the rule looks at: category, area or language.' }),
  /** for field 'field': the company's lead field */
  fieldId: idField.nullish().transform((v) => v ?? null),
  match: z.enum(ROUTING_RULE_MATCHES, { error: 'Pick how the rule matches: is or contains.' }),
  value: z.string({ error: 'Enter the value to match.' }).trim().min(1, 'Enter the value to match.').max(100, 'The value must be at most 100 characters.'),
  /** the telecallers and heads the matching leads go to, in turn */
  userIds: z
    .array(idField, { error: RULE_MEMBERS_REQUIRED })
    .min(1, RULE_MEMBERS_REQUIRED)
    .max(500, 'A rule may name at most 500 people.')
    .transform((ids) => [...new Set(ids)]),
};

const needsField = (v: { field: RoutingRuleField; fieldId: number | null }, ctx: z.RefinementCtx) => {
  if (v.field === 'field' && v.fieldId === null) ctx.addIssue({ code: 'custom', path: ['fieldId'], message: RULE_FIELD_REQUIRED });
};
export const RoutingRuleInput = z.object(ruleFields).superRefine(needsField);
export type RoutingRuleInput = z.input<typeof RoutingRuleInput>;
export const RoutingRuleUpdateInput = z.object({ id: idField, ...ruleFields }).superRefine(needsField);
export type RoutingRuleUpdateInput = z.input<typeof RoutingRuleUpdateInput>;
export const RoutingRuleIdInput = z.object({ id: idField });
export const RoutingRuleMoveInput = z.object({ id: idField, direction: z.enum(['up', 'down'], { error: 'Move the rule up or down.' }) });
export type RoutingRuleMoveInput = z.input<typeof RoutingRuleMoveInput>;

export interface RoutingRuleMember {
  id: number;
  name: string;
  userType: UserTypeValue;
}

/** A rule as the list shows it; the first matching rule (lowest position) decides. */
export interface RoutingRuleView {
  id: number;
  position: number;
  field: RoutingRuleField;
  match: RoutingRuleMatch;
  value: string;
  /** a field rule's lead field: its id, its label now, and whether it was retired (the rule then matches nothing) */
  fieldId?: number;
  fieldLabel?: string | null;
  fieldRetired?: boolean;
  /** a choice field's rule: the label of the choice its value names */
  valueLabel?: string | null;
  members: RoutingRuleMember[];
}

/** A rule in words: "Category is Solar", "Roof type is RCC (retired field: matches nothing)". */
export function ruleText(r: Pick<RoutingRuleView, 'field' | 'match' | 'value' | 'fieldLabel' | 'fieldRetired' | 'valueLabel'>): string {
  const what = r.field === 'field' ? (r.fieldLabel ?? 'A lead field') : RULE_FIELD_LABELS[r.field];
  const text = `${what} ${RULE_MATCH_LABELS[r.match]} ${r.valueLabel ?? r.value}`;
  return r.fieldRetired ? `${text} (retired field: this rule matches no lead)` : text;
}

export const DAILY_CAP_RANGE = 'The daily cap must be a whole number from 1 to 1000, or empty for no cap.';

export const SetDailyCapInput = z.object({
  userId: idField,
  /** null: no cap */
  cap: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    numeric(z.number({ error: DAILY_CAP_RANGE }).int(DAILY_CAP_RANGE).min(1, DAILY_CAP_RANGE).max(1000, DAILY_CAP_RANGE)).nullable(),
  ),
});
export type SetDailyCapInput = z.input<typeof SetDailyCapInput>;
export const EndBreakInput = z.object({ userId: idField });
export const MyBreakInput = z.object({ onBreak: z.boolean({ error: 'Say whether you are on a break (true or false).' }) });
export type MyBreakInput = z.input<typeof MyBreakInput>;

export interface MyBreak {
  onBreak: boolean;
  /** ISO instant the break began */
  breakSince: string | null;
}

/** What routing does for one telecaller or head now, as the engine decides (docs/routing.md). */
export interface MyRouting {
  /** some source hands its leads out on arrival */
  on: boolean;
  /** why routing passes them by now; null: the next lead may be theirs */
  reason: UnavailableReason | null;
  workDays: number[];
  workStart: string;
  workEnd: string;
  /** the company's rules that name them, in order: the leads those rules match go only to the people named */
  myRules: Array<{ field: RoutingRuleField; match: RoutingRuleMatch; value: string; fieldLabel?: string | null }>;
  /** the company has rules that name only others: the leads they match never come to them */
  othersRules: boolean;
}

/** A telecaller's or head's own break, with what routing does for them. */
export interface MyBreakAndRouting extends MyBreak {
  routing: MyRouting;
}

/** Why routing passes someone by now, first reason first. */
export const UNAVAILABLE_REASONS = ['blocked', 'on_break', 'head_not_included', 'cap_reached', 'day_off', 'outside_hours'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];
export const UNAVAILABLE_LABELS: Record<UnavailableReason, string> = {
  blocked: 'Blocked',
  on_break: 'On a break',
  head_not_included: 'Heads not included',
  cap_reached: 'Daily cap reached',
  day_off: 'Not a working day',
  outside_hours: 'Outside working hours',
};

export interface AvailabilityRow {
  id: number;
  name: string;
  userType: UserTypeValue;
  blocked: boolean;
  onBreak: boolean;
  breakSince: string | null;
  /** null: no cap */
  dailyCap: number | null;
  /** leads routing gave them today, in the company's time zone */
  routedToday: number;
  available: boolean;
  /** why not, when not available */
  reason: UnavailableReason | null;
}

export interface Availability {
  people: AvailabilityRow[];
  /** leads in the pool waiting for routing */
  waiting: number;
  timeZone: string;
  /** now is inside the company's working hours */
  workingNow: boolean;
}
