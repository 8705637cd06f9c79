import type { Insertable, Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB, LeadHistoryTable } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { isUniqueViolation, nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import { timeIn, todayBounds, todayIn, zonedInstant } from '../../../shared/dates.js';
import type { Page } from '../../../shared/schemas/paging.js';
import {
  MESSAGES,
  NOT_REACHABLE_REASON,
  fillWhatsappTemplate,
  whatsappLink,
  type LeadFormValues,
  type NotConnectedOutcome,
  type Queue,
} from '../../../shared/schemas/lead-work.js';
import {
  assignedLeads,
  beyondKey,
  findWorkableLead,
  lockWorkableLead,
  orderQueue,
  queueLeads,
  remindableCallbacks,
  selectQueueCard,
  type QueueKey,
  type QueueScope,
  type WorkableLead,
} from './queues.repository.js';
import { historyOfLead, type HistoryRow } from './history.repository.js';
import { findSubmission, madeAt, storeSubmission } from './submission-keys.js';
import { isTwin } from './twin-submissions.js';
import { isTakenBack, refuseIfTakenBack } from './taken-back.js';

/** How early a callback counts as due, and how late it still is due rather than missed. */
export const CALLBACK_DUE_AHEAD_MINUTES = 15;
export const CALLBACK_MISSED_AFTER_MINUTES = 30;

export interface CompanyRules {
  timeZone: string;
  companyName: string;
  retryDelayMinutes: number;
  attemptLimit: number;
  whatsappTemplate: string | null;
}

export async function companyRules(db: Kysely<DB>, subadminId: number): Promise<CompanyRules> {
  const row = await db
    .selectFrom('subadmins')
    .select(['time_zone', 'company_name', 'retry_delay_minutes', 'attempt_limit', 'whatsapp_template'])
    .where('id', '=', subadminId)
    .executeTakeFirst();
  if (!row) throw notFound('Company');
  return {
    timeZone: row.time_zone,
    companyName: row.company_name,
    retryDelayMinutes: row.retry_delay_minutes,
    attemptLimit: row.attempt_limit,
    whatsappTemplate: row.whatsapp_template,
  };
}

export function scopeOf(actor: UserActor, rules: CompanyRules, now = new Date()): QueueScope {
  return { subadminId: actor.subadminId, userId: actor.id, day: todayBounds(rules.timeZone, now), now: now.toISOString() };
}

export type CallbackState = 'missed' | 'due' | 'upcoming';

/** Where a callback stands now: upcoming, due (from 15 minutes before to 30 after) or missed. */
export function callbackState(date: string | null, time: string | null, timeZone: string, now = new Date()): CallbackState | null {
  if (!date) return null;
  const at = Date.parse(zonedInstant(date, time || '00:00', timeZone));
  const t = now.getTime();
  if (t > at + CALLBACK_MISSED_AFTER_MINUTES * 60_000) return 'missed';
  if (t >= at - CALLBACK_DUE_AHEAD_MINUTES * 60_000) return 'due';
  return 'upcoming';
}

export interface QueueCard {
  id: number;
  name: string;
  mobile: string;
  requirement: string;
  area: string;
  category: string;
  send_date: string | null;
  status: string;
  attempts: number;
  callback_date: string | null;
  callback_time: string | null;
  callback_state: CallbackState | null;
  lead_quality: string | null;
  /** junior leads: who handed the lead over ('Unknown' when not known) */
  assigned_by_name: string | null;
  /** the rest of the spec's lead fields, which the original API answers */
  telicaller_id: number | null;
  upload_date: string;
  submit_status: string | null;
  created_at: string;
  handler_assigned_by: number | null;
}

type CardRow = Awaited<ReturnType<ReturnType<typeof selectQueueCard>['execute']>>[number];

function toCard(r: CardRow, queue: Queue | null, timeZone: string, now: Date, assigners: Map<number, string>): QueueCard {
  return {
    id: r.id,
    name: r.name,
    mobile: r.mobile,
    requirement: r.requirement,
    area: r.area,
    category: r.category,
    send_date: r.telicaller_send_date,
    status: r.status,
    attempts: r.attempts,
    callback_date: r.callback_date,
    callback_time: r.callback_time,
    callback_state: queue === 'callback' ? callbackState(r.callback_date, r.callback_time, timeZone, now) : null,
    lead_quality: r.lead_quality,
    assigned_by_name: queue === 'junior' ? (r.handler_assigned_by && assigners.get(r.handler_assigned_by)) || 'Unknown' : null,
    telicaller_id: r.telicaller_id,
    upload_date: r.upload_date,
    submit_status: r.submit_status,
    created_at: r.created_at,
    handler_assigned_by: r.handler_assigned_by,
  };
}

async function namesOf(db: Kysely<DB>, subadminId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('subadmin_id', '=', subadminId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One page of a queue, in the order it is worked. */
export async function pageQueue(
  deps: Deps,
  actor: UserActor,
  input: { queue: Queue; page: number; pageSize: number; search?: string },
): Promise<Page<QueueCard>> {
  assertQueueAllowed(actor, input.queue);
  const rules = await companyRules(deps.db, actor.subadminId);
  const now = new Date();
  const page = await paginate(queueLeads(deps.db, input.queue, scopeOf(actor, rules, now), input.search), input, (q) =>
    orderQueue(selectQueueCard(q), input.queue),
  );
  const assigners =
    input.queue === 'junior'
      ? await namesOf(
          deps.db,
          actor.subadminId,
          page.items.flatMap((r) => (r.handler_assigned_by ? [r.handler_assigned_by] : [])),
        )
      : new Map<number, string>();
  return { ...page, items: page.items.map((r) => toCard(r, input.queue, rules.timeZone, now, assigners)) };
}

/** Every lead assigned to the user, newest activity first: the original API's getLeadsALL, paged by its caller. */
export async function pageAssignedLeads(deps: Deps, actor: UserActor, input: { page: number; pageSize: number }): Promise<Page<QueueCard>> {
  const rules = await companyRules(deps.db, actor.subadminId);
  const now = new Date();
  const page = await paginate(assignedLeads(deps.db, actor.subadminId, actor.id), input, (q) =>
    selectQueueCard(q).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc'),
  );
  return { ...page, items: page.items.map((r) => toCard(r, null, rules.timeZone, now, new Map())) };
}

/** Junior leads are a head's; every other queue is any telecaller's. */
function assertQueueAllowed(actor: UserActor, queue: Queue) {
  if (queue === 'junior' && actor.userType !== 'Telicaller-hade') throw new AppError('FORBIDDEN', 'Only a telecaller head has junior leads.');
}

async function workableLead(db: Kysely<DB>, actor: UserActor, leadId: number): Promise<WorkableLead> {
  const lead = await findWorkableLead(db, actor.subadminId, actor.id, leadId);
  if (!lead) throw notFound('Lead');
  return lead;
}

/** The company's rules and the lead, read at once (on Postgres, one round trip instead of two). */
const rulesAndLead = (db: Kysely<DB>, actor: UserActor, leadId: number) => Promise.all([companyRules(db, actor.subadminId), workableLead(db, actor, leadId)]);

/** The lead was handed to this head and is not the head's own: the head's form applies. */
const isHandedTo = (lead: WorkableLead, actor: UserActor) => lead.handler_id === actor.id && lead.telicaller_id !== actor.id;

/** The lead after this one in the queue, wrapping to the start; the start is looked up only when nothing follows. */
async function nextInQueue(db: Kysely<DB>, actor: UserActor, rules: CompanyRules, queue: Queue, key: QueueKey): Promise<number | null> {
  const base = () => queueLeads(db, queue, scopeOf(actor, rules)).where('l.id', '!=', key.id);
  const next = await orderQueue(beyondKey(base(), queue, key, 'after').select('l.id'), queue)
    .limit(1)
    .executeTakeFirst();
  if (next) return next.id;
  const first = await orderQueue(base().select('l.id'), queue).limit(1).executeTakeFirst();
  return first?.id ?? null;
}

/** The neighbours of a lead in a queue: the one before and the one after (wrapping to the start). */
async function neighbours(db: Kysely<DB>, actor: UserActor, rules: CompanyRules, queue: Queue, key: QueueKey) {
  const [nextId, previous] = await Promise.all([
    nextInQueue(db, actor, rules, queue, key),
    orderQueue(beyondKey(queueLeads(db, queue, scopeOf(actor, rules)), queue, key, 'before').select('l.id'), queue, 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { nextId, previousId: previous?.id ?? null };
}

export interface HistoryItem {
  id: number;
  kind: 'outcome' | 'attempt';
  outcome: string | null;
  status: string;
  feedback: string | null;
  call_duration: number;
  remarks: string | null;
  handler_id: number | null;
  handler_name: string | null;
  telecaller_name: string;
  user_type: string | null;
  demo: boolean;
  project_name: string | null;
  callback: boolean;
  callback_date: string | null;
  callback_time: string | null;
  invalid_reason: string | null;
  lead_quality: string | null;
  optional_whatsapp: string | null;
  optional_number: string | null;
  by_subadmin: boolean;
  created_at: string;
}

const toHistoryItem = (r: HistoryRow): HistoryItem => ({
  id: r.id,
  kind: r.kind,
  outcome: r.outcome,
  status: r.status,
  feedback: r.feedback,
  call_duration: r.call_duration,
  remarks: r.remarks,
  handler_id: r.handler_id,
  handler_name: r.handler_name ?? null,
  telecaller_name: r.telecaller_name ?? 'Unknown',
  user_type: r.user_type,
  demo: r.demo === 1,
  project_name: r.project_name,
  callback: r.callback === 1,
  callback_date: r.callback_date,
  callback_time: r.callback_time,
  invalid_reason: r.invalid_reason,
  lead_quality: r.lead_quality,
  optional_whatsapp: r.optional_whatsapp,
  optional_number: r.optional_number,
  by_subadmin: r.acted_by_subadmin !== null,
  created_at: r.created_at,
});

export async function leadHistory(deps: Deps, actor: UserActor, leadId: number): Promise<HistoryItem[]> {
  await workableLead(deps.db, actor, leadId);
  return (await historyOfLead(deps.db, actor.subadminId, leadId)).map(toHistoryItem);
}

export interface LeadDetail {
  lead: {
    id: number;
    name: string;
    mobile: string;
    requirement: string;
    area: string;
    category: string;
    status: string;
    attempts: number;
    callback_date: string | null;
    callback_time: string | null;
    lead_quality: string | null;
    send_date: string | null;
    assigned_by_name: string | null;
  };
  /** which rules the form follows for this user and lead */
  variant: 'standard' | 'head' | 'noSubmit';
  whatsapp: { link: string; message: string };
  history: HistoryItem[];
  queue: { name: Queue; previousId: number | null; nextId: number | null } | null;
  attemptLimit: number;
}

/** '6', opened but not submitted, remembering the status it was opened from. */
async function markOpened(db: Kysely<DB>, actor: UserActor, lead: WorkableLead): Promise<WorkableLead> {
  const now = nowIso();
  await db
    .updateTable('leads')
    .set({ status: LEAD_STATUS.noSubmit, opened_from_status: lead.status, updated_at: now })
    .where('id', '=', lead.id)
    .where('subadmin_id', '=', actor.subadminId)
    .execute();
  return { ...lead, opened_from_status: lead.status, status: LEAD_STATUS.noSubmit, updated_at: now };
}

/**
 * Process Lead: the form gets everything it shows in one answer. A lead still untouched ('0', new or
 * pending) becomes '6' at once, as the spec says; a lead in any other status (an interested lead, a
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
  const [history, around, assigner] = await Promise.all([
    historyOfLead(deps.db, actor.subadminId, lead.id),
    input.queue ? neighbours(deps.db, actor, rules, input.queue, key) : Promise.resolve(null),
    handed && lead.handler_assigned_by ? namesOf(deps.db, actor.subadminId, [lead.handler_assigned_by]) : Promise.resolve(null),
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
    },
    variant,
    whatsapp: { link: whatsappLink(lead.mobile, message), message },
    history: history.map(toHistoryItem),
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
  const person = await db
    .selectFrom('users')
    .select(['user_type', 'deleted_at', 'is_blocked'])
    .where('id', '=', id)
    .where('subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  // Another company's id is not found, as everywhere; one of this company's that is no live head is refused.
  if (!person) throw notFound('Telecaller head');
  if (person.user_type !== 'Telicaller-hade' || person.deleted_at || person.is_blocked) throw refused();
}

/** Submit: the chosen status, a history row, and for interested + a head, the handoff (DESIGN.md 5). */
export async function submitLeadForm(deps: Deps, actor: UserActor, input: LeadFormValues): Promise<SubmitResult> {
  if (input.queue) assertQueueAllowed(actor, input.queue);
  return once(deps, actor, input, () => applyLeadForm(deps, actor, input)).catch((err) =>
    refuseIfTakenBack(deps, actor, err, { leadId: input.leadId, outcome: input }),
  );
}

async function applyLeadForm(deps: Deps, actor: UserActor, input: LeadFormValues): Promise<Applied<{ status: string }>> {
  const at = madeAt(input.made_at);
  const [rules, read] = await rulesAndLead(deps.db, actor, input.leadId);
  const handed = isHandedTo(read, actor);
  // The head's looser rule (feedback not insisted on) is for a lead handed to this head only.
  if (input.variant === 'head' && !handed && !input.feedback) {
    throw new AppError('BAD_REQUEST', MESSAGES.feedback, { feedback: MESSAGES.feedback });
  }
  const status = input.status;
  const callbackOn = status === LEAD_STATUS.followUp && input.callback;
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
    feedback: input.feedback,
    call_duration: input.call_duration,
    remarks: input.remarks,
    handler_id: handler,
    demo: status === LEAD_STATUS.interested && input.demo ? 1 : 0,
    project_name: status === LEAD_STATUS.interested ? input.project_name : null,
    callback: callbackOn ? 1 : 0,
    callback_date: callbackOn ? input.callback_date : null,
    callback_time: callbackOn ? input.callback_time : null,
    invalid_reason: status === LEAD_STATUS.invalid ? input.invalid_reason : null,
    lead_quality: status === LEAD_STATUS.interested ? input.lead_quality : null,
    optional_whatsapp: input.whatsapp,
    optional_number: input.optional_number,
  });
  return deps.db.transaction().execute(async (trx) => {
    const lead = await lockedLead(trx, deps, actor, read.id);
    const key: QueueKey = { id: lead.id, callback_date: lead.callback_date, callback_time: lead.callback_time };
    if (await isTwin(trx, actor, lead, history, now)) {
      const result = { status: lead.status };
      if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
      return { result, key, rules, twin: true };
    }
    // A head's second tap on Submit is the twin above; anything else after its submit is refused.
    assertWritable(lead, actor);
    const result = { status };
    if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
    await trx
      .updateTable('leads')
      .set({
        status,
        lead_quality: status === LEAD_STATUS.interested ? input.lead_quality : lead.lead_quality,
        callback_date: callbackOn ? input.callback_date : null,
        callback_time: callbackOn ? input.callback_time : null,
        attempts: 0,
        retry_at: null,
        opened_from_status: null,
        ...(handler ? { handler_id: handler, handler_assigned_by: actor.id, submit_status: '0' } : {}),
        ...(handed ? { submit_status: '1' } : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', lead.id)
      .where('subadmin_id', '=', actor.subadminId)
      .execute();
    await trx.insertInto('lead_history').values(history).execute();
    return { result, key, rules };
  });
}

/** What applying a submission gives `once`; `twin` when it repeated the one just before and changed nothing. */
interface Applied<R> {
  result: R;
  key: QueueKey;
  rules: CompanyRules;
  twin?: true;
}

/** A head's own submit closes a lead handed to it: from then on the head only reads it. */
function assertWritable(lead: WorkableLead, actor: UserActor) {
  if (isHandedTo(lead, actor) && lead.submit_status === '1') throw new AppError('FORBIDDEN', MESSAGES.headSubmitted);
}

/** The lead again, inside the write transaction and locked there; it may have been taken back meanwhile. */
async function lockedLead(trx: Kysely<DB>, deps: Deps, actor: UserActor, leadId: number): Promise<WorkableLead> {
  const lead = await lockWorkableLead(trx, deps.dialect, actor.subadminId, actor.id, leadId);
  if (!lead) throw notFound('Lead');
  return lead;
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
): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { updated: [], notFound: [] };
  for (const leadId of [...new Set(leadIds)]) {
    try {
      if ('open' in change) await markOpenedAsAsked(deps, actor, leadId);
      else await submitLeadForm(deps, actor, { ...change.form, leadId });
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
export async function markNotConnected(deps: Deps, actor: UserActor, input: NotConnectedValues): Promise<NotConnectedResult> {
  if (input.queue) assertQueueAllowed(actor, input.queue);
  return once(deps, actor, input, () => applyNotConnected(deps, actor, input)).catch((err) => refuseIfTakenBack(deps, actor, err, { leadId: input.leadId }));
}

type NotConnectedValues = { leadId: number; outcome: NotConnectedOutcome; call_duration: number; queue?: Queue; client_key?: string; made_at?: string };

async function applyNotConnected(deps: Deps, actor: UserActor, input: NotConnectedValues): Promise<Applied<NotConnectedOutcomeResult>> {
  const [rules, read] = await rulesAndLead(deps.db, actor, input.leadId);
  const now = new Date();
  const at = madeAt(input.made_at, now);
  // The count is read and written under the lead's lock: parallel attempts each add one.
  return deps.db.transaction().execute(async (trx) => {
    const lead = await lockedLead(trx, deps, actor, read.id);
    const key: QueueKey = { id: lead.id, callback_date: lead.callback_date, callback_time: lead.callback_time };
    const attempts = lead.attempts + 1;
    const exhausted = attempts >= rules.attemptLimit;
    const kept = lead.status === LEAD_STATUS.noSubmit && lead.opened_from_status ? lead.opened_from_status : lead.status;
    const status = exhausted ? LEAD_STATUS.invalid : kept;
    const history = historyRow(actor, lead.id, at.toISOString(), {
      kind: 'attempt',
      outcome: input.outcome,
      status,
      call_duration: input.call_duration,
      invalid_reason: exhausted ? NOT_REACHABLE_REASON : null,
    });
    if (await isTwin(trx, actor, lead, history, now)) {
      const result = { status: lead.status, attempts: lead.attempts, retryAt: lead.retry_at };
      if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
      return { result, key, rules, twin: true as const };
    }
    assertWritable(lead, actor);
    const retryAt = exhausted ? null : new Date(now.getTime() + rules.retryDelayMinutes * 60_000).toISOString();
    const result = { status, attempts, retryAt };
    if (input.client_key) await storeSubmission(trx, actor, input.client_key, lead.id, { result, key }, now.toISOString());
    await trx
      .updateTable('leads')
      .set({ status, attempts, retry_at: retryAt, opened_from_status: null, updated_at: now.toISOString() })
      .where('id', '=', lead.id)
      .where('subadmin_id', '=', actor.subadminId)
      .execute();
    await trx.insertInto('lead_history').values(history).execute();
    return { result, key, rules };
  });
}

type NotConnectedOutcomeResult = { status: string; attempts: number; retryAt: string | null };

/** The company's telecaller heads, for the handoff select. */
export function listHeads(deps: Deps, actor: UserActor) {
  return deps.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('subadmin_id', '=', actor.subadminId)
    .where('user_type', '=', 'Telicaller-hade')
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Names of the company's users by id; ids of other companies are simply absent. */
/** The names of the company's users by id; an id that is not one of them is not found. */
export async function userNames(deps: Deps, actor: UserActor, ids: number[]): Promise<Record<string, string>> {
  const names = await namesOf(deps.db, actor.subadminId, ids.slice(0, 500));
  if (ids.some((id) => !names.has(id))) throw notFound('User');
  return Object.fromEntries([...names].map(([id, name]) => [String(id), name]));
}

export interface CallbackReminder {
  id: number;
  name: string;
  mobile: string;
  callback_date: string;
  callback_time: string | null;
  state: CallbackState;
}

/** The most reminders one answer carries: the bell lists them, the poll stays cheap. */
export const REMINDER_LIMIT = 100;

/**
 * Callbacks that are due now (from 15 minutes before) or were missed: the bell and the toast read
 * these, polled every minute. Due ones come first, soonest first; then missed ones, latest first.
 */
export async function callbackReminders(deps: Deps, actor: UserActor): Promise<CallbackReminder[]> {
  const rules = await companyRules(deps.db, actor.subadminId);
  const now = new Date();
  const scope = scopeOf(actor, rules, now);
  const windowEnd = new Date(now.getTime() + CALLBACK_DUE_AHEAD_MINUTES * 60_000);
  // Past midnight the window holds the rest of today.
  const latestToday = todayIn(rules.timeZone, windowEnd) === scope.day.today ? timeIn(rules.timeZone, windowEnd) : '24:00';
  const rows = await remindableCallbacks(deps.db, scope, latestToday, REMINDER_LIMIT);
  const due: CallbackReminder[] = [];
  const missed: CallbackReminder[] = [];
  for (const r of rows) {
    const state = callbackState(r.callback_date, r.callback_time, rules.timeZone, now);
    if (!r.callback_date || !state || state === 'upcoming') continue;
    (state === 'due' ? due : missed).push({ ...r, callback_date: r.callback_date, state });
  }
  return [...due.reverse(), ...missed];
}
