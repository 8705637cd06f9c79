import type { Insertable, Kysely, Transaction } from 'kysely';
import { storedExtras } from '../../../shared/lead-fields.js';
import type { Deps } from '../../deps.js';
import type { DB, LeadHistoryTable } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { isUniqueViolation, nowIso } from '../../db/dialect.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import { zonedInstant } from '../../../shared/dates.js';
import {
  MESSAGES,
  NOT_REACHABLE_REASON,
  fillWhatsappTemplate,
  whatsappLink,
  type LeadFormValues,
  type NotConnectedOutcome,
  type Queue,
} from '../../../shared/schemas/lead-work.js';
import { companyRules, type CompanyRules } from '../company/company.service.js';
import type { QueueKey, WorkableLead } from './queues.repository.js';
import { changesOfLead, eventsOfLead, historyOfLead, type LeadEventItem } from './history.repository.js';
import { findColleague, namesOf } from './colleagues.repository.js';
import { findSubmission, firstCallAfter, insertHistory, storeSubmission, updateLead } from './submission.repository.js';
import { madeAt } from './submission-keys.js';
import { isTwin } from './twin-submissions.js';
import { isTakenBack, refuseIfTakenBack } from './taken-back.js';
import { countedSubmission } from './outbox-count.js';
import { assertQueueAllowed, neighbours, nextInQueue, type QueueCard } from './queues.service.js';
import { historyItems, toChangeItem, type HistoryItem, type LeadChangeItem } from './history.service.js';
import { assertWritable, isHandedTo, lockedLead, workableLead } from './workable-lead.js';
import { lockOwnCall } from '../telephony/calls.repository.js';
import type { CallVia } from '../../../shared/telephony.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { fieldValuesOfLeads, readFieldInput, setLeadValues } from '../lead-fields/values.js';
import { wireValueOf, type ExtraDetails, type FieldWireValue } from '../../../shared/lead-fields.js';
import { chosenFeedback, leadFormIssues, outcomeNeeds } from '../../../shared/lead-form-rules.js';

/** The company's rules and the lead, read at once (on Postgres, one round trip instead of two). */
const rulesAndLead = (db: Kysely<DB>, actor: UserActor, leadId: number) => Promise.all([companyRules(db, actor.subadminId), workableLead(db, actor, leadId)]);

export interface LeadDetail {
  lead: Pick<
    QueueCard,
    | 'id'
    | 'name'
    | 'mobile'
    | 'requirement'
    | 'area'
    | 'category'
    | 'status'
    | 'attempts'
    | 'callback_date'
    | 'callback_time'
    | 'lead_quality'
    | 'send_date'
    | 'assigned_by_name'
  > & {
    email: string | null;
    /** what a file or a source gave that maps to no field ("Other details") */
    extra_details: ExtraDetails | null;
    /** the number is a landline (with its STD code): a telecaller cannot WhatsApp it */
    landline: boolean;
    /** do not call */
    dnc: boolean;
  };
  /** the lead's values of the company's fields, by key (the wire's values; the shape says how each reads) */
  fields: Record<string, FieldWireValue>;
  /** its field value changes, newest first: history lines beside the outcomes */
  changes: LeadChangeItem[];
  /** which rules the form follows for this user and lead */
  variant: 'standard' | 'head' | 'noSubmit';
  whatsapp: { link: string; message: string };
  history: HistoryItem[];
  /** routing's moves and repeat enquiries, newest first (docs/routing.md) */
  events: LeadEventItem[];
  queue: { name: Queue; previousId: number | null; nextId: number | null } | null;
  attemptLimit: number;
}

/** '6', opened but not submitted, remembering the status it was opened from. */
async function markOpened(db: Kysely<DB>, actor: UserActor, lead: WorkableLead): Promise<WorkableLead> {
  const now = nowIso();
  await updateLead(db, actor.subadminId, lead.id, { status: LEAD_STATUS.noSubmit, opened_from_status: lead.status, updated_at: now });
  return { ...lead, opened_from_status: lead.status, status: LEAD_STATUS.noSubmit, updated_at: now };
}

/**
 * Process Lead: the form gets everything it shows in one answer. A lead still untouched ('0', new or
 * pending) becomes '6' at once (docs/product-rules.md#opening-a-lead); a lead in any other status (an interested lead, a
 * follow-up with its callback) is only read, so a callback opened and cancelled keeps its place in
 * Today's Callbacks and the bell; only a submit changes it. A head opening a lead handed to it leaves
 * the status alone too: the lead is still its telecaller's, and the head's queue is kept by submit_status.
 */
export async function openLead(deps: Deps, actor: UserActor, input: { leadId: number; queue?: Queue }): Promise<LeadDetail> {
  if (input.queue) assertQueueAllowed(actor, input.queue);
  const [rules, read] = await rulesAndLead(deps.db, actor, input.leadId);
  const handed = isHandedTo(read, actor);
  const lead = !handed && read.status === LEAD_STATUS.new ? await markOpened(deps.db, actor, read) : read;
  // Opening a new lead sets '6', so the status alone cannot tell a reopened lead (a reload, Previous)
  // from a Not Submitted one: the queue it was opened from decides, and the status only without a queue.
  const noSubmit = input.queue ? input.queue === 'noSubmit' : lead.status === LEAD_STATUS.noSubmit;
  const variant = handed ? 'head' : noSubmit ? 'noSubmit' : 'standard';
  const key: QueueKey = { id: lead.id, callback_date: lead.callback_date, callback_time: lead.callback_time };
  const [history, events, around, assigner, changes, fields] = await Promise.all([
    historyOfLead(deps.db, actor.subadminId, lead.id),
    // Routing's moves, repeat enquiries and calls to the company number (lead_events_lead: a short range read).
    eventsOfLead(deps.db, actor.subadminId, lead.id),
    input.queue ? neighbours(deps.db, actor, rules, input.queue, key) : Promise.resolve(null),
    handed && lead.handler_assigned_by ? namesOf(deps.db, actor.subadminId, [lead.handler_assigned_by]) : Promise.resolve(null),
    changesOfLead(deps.db, actor.subadminId, lead.id),
    // hidden fields are the company's to see (docs/lead-fields.md)
    companyShape(deps.db, actor.subadminId).then((shape) =>
      fieldValuesOfLeads(
        deps.db,
        actor.subadminId,
        shape.fields.filter((f) => !f.hidden),
        [lead.id],
      ),
    ),
  ]);
  const message = fillWhatsappTemplate(rules.whatsappTemplate, lead.name, rules.companyName);
  return {
    lead: {
      id: lead.id,
      name: lead.name,
      mobile: lead.mobile,
      requirement: lead.requirement,
      area: lead.area,
      category: lead.category,
      status: lead.status,
      attempts: lead.attempts,
      callback_date: lead.callback_date,
      callback_time: lead.callback_time,
      lead_quality: lead.lead_quality,
      send_date: lead.telicaller_send_date,
      assigned_by_name: handed ? (lead.handler_assigned_by && assigner?.get(lead.handler_assigned_by)) || 'Unknown' : null,
      email: lead.email,
      extra_details: storedExtras(lead.extra_details),
      landline: lead.phone_kind === 'landline',
      dnc: lead.dnc === 1,
    },
    fields: fields.get(lead.id) ?? {},
    changes: changes.map(toChangeItem),
    variant,
    whatsapp: { link: whatsappLink(lead.mobile, message), message },
    history: await historyItems(deps.db, actor, lead, history),
    events,
    queue: input.queue && around ? { name: input.queue, ...around } : null,
    attemptLimit: rules.attemptLimit,
  };
}

type HistoryFields = Pick<Insertable<LeadHistoryTable>, 'kind' | 'status' | 'call_duration'> &
  Partial<Omit<Insertable<LeadHistoryTable>, 'subadmin_id' | 'lead_id' | 'user_id' | 'acted_by_subadmin' | 'user_type' | 'created_at'>>;

/** A history row by this user: who acted (and the sub-admin behind a login-as), the rest empty unless given. */
function historyRow(actor: UserActor, leadId: number, createdAt: string, fields: HistoryFields): Insertable<LeadHistoryTable> {
  return {
    subadmin_id: actor.subadminId,
    lead_id: leadId,
    user_id: actor.id,
    acted_by_subadmin: actor.impersonatedBy,
    user_type: actor.userType,
    feedback: null,
    remarks: null,
    handler_id: null,
    demo: 0,
    project_name: null,
    callback: 0,
    callback_date: null,
    callback_time: null,
    invalid_reason: null,
    lead_quality: null,
    optional_whatsapp: null,
    optional_number: null,
    ...fields,
    created_at: createdAt,
  };
}

export interface SubmitResult {
  /** the next lead of the queue the form was opened from, if any */
  nextId: number | null;
  status: string;
  /** the same submission had been applied already (its key stored, or its twin just before): nothing changed now */
  replayed?: true;
}

/**
 * A submission whose key is already stored answers as it did then (its next lead found anew) and
 * changes nothing; one without a key, or with a new one, is applied by `apply`. Two at once with
 * the same key: the second fails on the key inside its transaction and answers as the first.
 */
async function once<R extends { status: string }>(
  deps: Deps,
  actor: UserActor,
  input: { client_key?: string; queue?: Queue },
  apply: () => Promise<Applied<R>>,
): Promise<R & SubmitResult> {
  const replay = async (): Promise<(R & SubmitResult) | null> => {
    const stored = input.client_key ? await findSubmission<R>(deps.db, actor, input.client_key) : null;
    if (!stored) return null;
    const rules = await companyRules(deps.db, actor.subadminId);
    const nextId = input.queue ? await nextInQueue(deps.db, actor, rules, input.queue, stored.key) : null;
    return { ...stored.result, nextId, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  let applied: Applied<R>;
  try {
    applied = await apply();
  } catch (err) {
    const raced = isUniqueViolation(err) ? await replay() : null;
    if (raced) return raced;
    throw err;
  }
  const nextId = input.queue ? await nextInQueue(deps.db, actor, applied.rules, input.queue, applied.key) : null;
  return { ...applied.result, nextId, ...(applied.twin ? { replayed: true as const } : {}) };
}

/** A live head of the company, and not the submitter: a lead handed to its own holder would never leave the junior queue. */
async function assertHead(db: Kysely<DB>, actor: UserActor, id: number) {
  const refused = () => new AppError('BAD_REQUEST', MESSAGES.head, { telemarketer_handler: MESSAGES.head });
  if (id === actor.id) throw refused();
  const person = await findColleague(db, actor.subadminId, id);
  // Another company's id is not found, as everywhere; one of this company's that is no live head is refused.
  if (!person) throw notFound('Telecaller head');
  if (person.user_type !== 'Telicaller-hade' || person.deleted_at || person.is_blocked) throw refused();
}

/** Submit: the chosen status, a history row, and for interested + a head, the handoff (docs/product-rules.md#handoff-to-a-head). */
export function submitLeadForm(deps: Deps, actor: UserActor, input: LeadFormValues, opts: SubmitOptions = {}): Promise<SubmitResult> {
  return countedSubmission(deps, 'submit', input.client_key, async () => {
    if (input.queue) assertQueueAllowed(actor, input.queue);
    return once(deps, actor, input, () => applyLeadForm(deps, actor, input, opts)).catch((err) =>
      refuseIfTakenBack(deps, actor, err, { leadId: input.leadId, outcome: input }),
    );
  });
}

export interface SubmitOptions {
  /** the original client's submit (shared/lead-form-rules.ts RuleOptions.legacy) */
  legacy?: boolean;
}

async function applyLeadForm(deps: Deps, actor: UserActor, input: LeadFormValues, opts: SubmitOptions): Promise<Applied<{ status: string }>> {
  const at = madeAt(input.made_at);
  const [[rules, read], shape] = await Promise.all([rulesAndLead(deps.db, actor, input.leadId), companyShape(deps.db, actor.subadminId)]);
  const handed = isHandedTo(read, actor);
  // The head's looser rule (feedback not insisted on) is for a lead handed to this head only.
  if (input.variant === 'head' && !handed && !input.feedback) {
    throw new AppError('BAD_REQUEST', MESSAGES.feedback, { feedback: MESSAGES.feedback });
  }
  const current = shape.fields.length ? (await fieldValuesOfLeads(deps.db, actor.subadminId, shape.fields, [read.id])).get(read.id) : undefined;
  const issues = leadFormIssues(shape, input, input.variant, { current, legacy: opts.legacy });
  const first = Object.values(issues)[0];
  if (first) throw new AppError('BAD_REQUEST', first, issues);
  const fieldValues = readFieldInput(shape.fields, input.fields).values;
  // A repeat of the outcome just before that changes a field's value is no twin: the values are news.
  const changesFields = shape.fields.some(
    (f) => fieldValues.has(f.id) && JSON.stringify(wireValueOf(f, fieldValues.get(f.id)!)) !== JSON.stringify(current?.[f.key] ?? null),
  );
  const status = input.status;
  const needs = outcomeNeeds(shape, input.variant, status, input.feedback);
  const choice = input.variant === 'noSubmit' ? null : chosenFeedback(shape, status, input.feedback);
  // A choice that needs a callback has one (the rules insisted); a follow-up may have one by choice.
  const callbackOn =
    ((needs.callback && !opts.legacy) || (status === LEAD_STATUS.followUp && input.callback)) && !!input.callback_date && !!input.callback_time;
  if (callbackOn && input.callback_date && input.callback_time) {
    const due = Date.parse(zonedInstant(input.callback_date, input.callback_time, rules.timeZone));
    // A minute's grace for the time it takes to tap Submit; an outbox's submission by when it was made.
    if (due < at.getTime() - 60_000) throw new AppError('BAD_REQUEST', MESSAGES.callbackPast, { callback_time: MESSAGES.callbackPast });
  }
  const handler = status === LEAD_STATUS.interested && !handed ? input.telemarketer_handler : null;
  if (handler) await assertHead(deps.db, actor, handler);

  const now = new Date();
  const history = historyRow(actor, read.id, at.toISOString(), {
    kind: 'outcome',
    status,
    // the company's label as it reads now (any case was accepted), and which choice it was
    feedback: choice?.label ?? input.feedback,
    feedback_id: choice?.id ?? null,
    call_duration: input.call_duration,
    remarks: input.remarks,
    handler_id: handler,
    demo: status === LEAD_STATUS.interested && input.demo ? 1 : 0,
    project_name: status === LEAD_STATUS.interested ? input.project_name : null,
    callback: callbackOn ? 1 : 0,
    callback_date: callbackOn ? input.callback_date : null,
    callback_time: callbackOn ? input.callback_time : null,
    invalid_reason: status === LEAD_STATUS.invalid || needs.reason ? input.invalid_reason : null,
    lead_quality: status === LEAD_STATUS.interested ? input.lead_quality : null,
    optional_whatsapp: input.whatsapp,
    optional_number: input.optional_number,
  });
  return deps.db.transaction().execute(async (trx) => {
    const lead = await lockedLead(trx, deps, actor, read.id);
    Object.assign(history, await callOfSubmission(trx, deps, actor, lead.id, input));
    const key: QueueKey = { id: lead.id, callback_date: lead.callback_date, callback_time: lead.callback_time };
    if (!changesFields && (await isTwin(trx, actor, lead, history, now))) {
      const result = { status: lead.status };
      if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
      return { result, key, rules, twin: true };
    }
    // A head's second tap on Submit is the twin above; anything else after its submit is refused.
    assertWritable(lead, actor);
    const result = { status };
    if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
    await updateLead(trx, actor.subadminId, lead.id, {
      status,
      lead_quality: status === LEAD_STATUS.interested ? input.lead_quality : lead.lead_quality,
      callback_date: callbackOn ? input.callback_date : null,
      callback_time: callbackOn ? input.callback_time : null,
      attempts: 0,
      retry_at: null,
      opened_from_status: null,
      ...(handler ? { handler_id: handler, handler_assigned_by: actor.id, submit_status: '0' } : {}),
      ...(handed ? { submit_status: '1' } : {}),
      first_call_at: firstCallAfter(history.created_at),
      updated_at: now.toISOString(),
    });
    await insertHistory(trx, history);
    await setLeadValues(trx, { subadminId: actor.subadminId, leadId: lead.id }, shape.fields, fieldValues, {
      userId: actor.id,
      subadminId: actor.impersonatedBy,
    });
    return { result, key, rules };
  });
}

/** What applying a submission gives `once`; `twin` when it repeated the one just before and changed nothing. */
export interface Applied<R> {
  result: R;
  key: QueueKey;
  rules: CompanyRules;
  twin?: true;
}

export interface BulkStatusResult {
  updated: number[];
  /** ids that are not leads the user may work: left untouched */
  notFound: number[];
}

/**
 * The original API's '6': the lead becomes '6' whatever its status (its client asks for exactly that),
 * except a lead handed to this head, which stays its telecaller's.
 */
async function markOpenedAsAsked(deps: Deps, actor: UserActor, leadId: number) {
  const lead = await workableLead(deps.db, actor, leadId);
  if (!isHandedTo(lead, actor) && lead.status !== LEAD_STATUS.noSubmit) await markOpened(deps.db, actor, lead);
}

/**
 * The original API's update-status: one change for several leads, '6' opening each (Process Lead)
 * and a submit status going through the lead form's rules. Leads the user may not work are skipped.
 */
export async function updateLeadStatuses(
  deps: Deps,
  actor: UserActor,
  leadIds: number[],
  change: { open: true } | { form: Omit<LeadFormValues, 'leadId' | 'queue'> },
  opts: SubmitOptions = {},
): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { updated: [], notFound: [] };
  for (const leadId of [...new Set(leadIds)]) {
    try {
      if ('open' in change) await markOpenedAsAsked(deps, actor, leadId);
      else await submitLeadForm(deps, actor, { ...change.form, leadId }, opts);
      result.updated.push(leadId);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND') && !isTakenBack(err)) throw err;
      result.notFound.push(leadId);
    }
  }
  return result;
}

export interface NotConnectedResult extends SubmitResult {
  attempts: number;
  /** when the lead comes back to the queues; null once it became invalid */
  retryAt: string | null;
}

/**
 * A call that did not connect: an attempt in the history; the lead keeps the status it had before
 * it was opened and sits out of the queues for the company's retry delay. The company's last
 * allowed attempt makes it invalid, 'Not reachable'.
 */
export function markNotConnected(deps: Deps, actor: UserActor, input: NotConnectedValues): Promise<NotConnectedResult> {
  return countedSubmission(deps, 'notConnected', input.client_key, async () => {
    if (input.queue) assertQueueAllowed(actor, input.queue);
    return once(deps, actor, input, () => applyNotConnected(deps, actor, input)).catch((err) => refuseIfTakenBack(deps, actor, err, { leadId: input.leadId }));
  });
}

type NotConnectedValues = {
  leadId: number;
  outcome: NotConnectedOutcome;
  call_duration: number;
  queue?: Queue;
  client_key?: string;
  made_at?: string;
  call_id?: number;
  call_via?: 'phone';
};

async function applyNotConnected(deps: Deps, actor: UserActor, input: NotConnectedValues): Promise<Applied<NotConnectedOutcomeResult>> {
  const [rules, read] = await rulesAndLead(deps.db, actor, input.leadId);
  const now = new Date();
  const at = madeAt(input.made_at, now);
  // The count is read and written under the lead's lock: parallel attempts each add one.
  return deps.db.transaction().execute(async (trx) => {
    const lead = await lockedLead(trx, deps, actor, read.id);
    const call = await callOfSubmission(trx, deps, actor, lead.id, input);
    return recordAttempt(trx, actor, rules, lead, { ...input, ...call, at, now });
  });
}

/**
 * The call behind a submission, as its history row records it: a provider's call of this person on
 * this lead (its talk time, not the phone's timer: 0 until the provider reports the end, which then
 * fills it), or the telecaller's own phone.
 */
async function callOfSubmission(
  trx: Kysely<DB>,
  deps: Deps,
  actor: UserActor,
  leadId: number,
  input: { call_id?: number; call_via?: 'phone'; call_duration: number },
): Promise<Partial<Pick<Insertable<LeadHistoryTable>, 'call_id' | 'call_via' | 'call_duration'>>> {
  if (input.call_id === undefined) return input.call_via ? { call_via: input.call_via } : {};
  const call = await lockOwnCall(trx, deps.dialect, actor.subadminId, actor.id, leadId, input.call_id);
  if (!call) throw notFound('Call');
  return { call_id: call.id, call_via: 'provider', call_duration: call.talk_seconds ?? 0 };
}

type AttemptInput = { outcome: NotConnectedOutcome; call_duration: number; at: Date; now: Date; call_id?: number | null; call_via?: CallVia | null };

/**
 * What one not-connected attempt does to a lead under the company's retry rules: one more attempt,
 * out of the queues for the retry delay, back to the status it was opened from, and at the company's
 * last allowed attempt invalid, 'Not reachable'. The lead's new values (first_call_at aside: the
 * update sets it with firstCallAfter) and its history row; pure, so a batch of attempts on one lead
 * can apply them one after another in memory (applyCallReports).
 */
export function attemptChange(
  actor: UserActor,
  rules: CompanyRules,
  lead: Pick<WorkableLead, 'id' | 'attempts' | 'status' | 'opened_from_status'>,
  input: AttemptInput,
) {
  const attempts = lead.attempts + 1;
  const exhausted = attempts >= rules.attemptLimit;
  const kept = lead.status === LEAD_STATUS.noSubmit && lead.opened_from_status ? lead.opened_from_status : lead.status;
  const status = exhausted ? LEAD_STATUS.invalid : kept;
  const history = historyRow(actor, lead.id, input.at.toISOString(), {
    kind: 'attempt',
    outcome: input.outcome,
    status,
    call_duration: input.call_duration,
    invalid_reason: exhausted ? NOT_REACHABLE_REASON : null,
    call_id: input.call_id ?? null,
    call_via: input.call_id ? 'provider' : (input.call_via ?? null),
  });
  const retryAt = exhausted ? null : new Date(input.now.getTime() + rules.retryDelayMinutes * 60_000).toISOString();
  return { history, lead: { status, attempts, retry_at: retryAt, opened_from_status: null, updated_at: input.now.toISOString() } };
}

/** One unanswered call on a lead locked in `trx`, as the not-connected attempt it is (the company's retry rules). */
export async function recordAttempt(
  trx: Transaction<DB>,
  actor: UserActor,
  rules: CompanyRules,
  lead: WorkableLead,
  input: AttemptInput & { client_key?: string },
): Promise<Applied<NotConnectedOutcomeResult>> {
  const { now } = input;
  const key: QueueKey = { id: lead.id, callback_date: lead.callback_date, callback_time: lead.callback_time };
  const change = attemptChange(actor, rules, lead, input);
  if (await isTwin(trx, actor, lead, change.history, now)) {
    const result = { status: lead.status, attempts: lead.attempts, retryAt: lead.retry_at };
    if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
    return { result, key, rules, twin: true as const };
  }
  assertWritable(lead, actor);
  const result = { status: change.lead.status, attempts: change.lead.attempts, retryAt: change.lead.retry_at };
  if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
  await updateLead(trx, actor.subadminId, lead.id, { ...change.lead, first_call_at: firstCallAfter(change.history.created_at) });
  await insertHistory(trx, change.history);
  return { result, key, rules };
}

export type NotConnectedOutcomeResult = { status: string; attempts: number; retryAt: string | null };
