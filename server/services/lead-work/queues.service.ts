import type { Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { pageLookingAhead, pageWithKnownTotal, paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import type { Queue } from '../../../shared/schemas/lead-work.js';
import { companyRules, type CompanyRules } from '../company/company.service.js';
import {
  assignedLeads,
  beyondKey,
  firstCallable,
  orderQueue,
  queueCardsPage,
  queueLeads,
  queueRange,
  scopeOf,
  selectQueueCard,
  type QueueKey,
} from './queues.repository.js';
import { namesOf } from './colleagues.repository.js';
import { queueCounts, type TalliedQueue } from './tallies.repository.js';
import { callbackState, type CallbackState } from './reminders.service.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { fieldValuesOfLeads } from '../lead-fields/values.js';
import type { FieldWireValue } from '../../../shared/lead-fields.js';
import type { FieldFilter } from '../../../shared/schemas/lead-field-filters.js';
import { resolveFieldFilters, withFieldFilters } from '../lead-fields/filters.js';

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
  /** the rest of the lead's fields, which the original API answers */
  telicaller_id: number | null;
  upload_date: string;
  submit_status: string | null;
  created_at: string;
  handler_assigned_by: number | null;
  /** the company's fields it shows on cards (docs/lead-fields.md), by key: those with a value */
  fields: Record<string, FieldWireValue>;
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
    fields: {},
  };
}

/** The values of the fields the company shows on cards, for a page of cards: one query, none when no field is shown. */
async function withCardFields(db: Kysely<DB>, subadminId: number, cards: QueueCard[]): Promise<QueueCard[]> {
  const shown = (await companyShape(db, subadminId)).fields.filter((f) => f.onCards && !f.hidden && !f.retired);
  if (!shown.length || !cards.length) return cards;
  const values = await fieldValuesOfLeads(
    db,
    subadminId,
    shown,
    cards.map((c) => c.id),
  );
  return cards.map((c) => ({ ...c, fields: values.get(c.id) ?? {} }));
}

/** One page of a queue, in the order it is worked. */
export async function pageQueue(
  deps: Deps,
  actor: UserActor,
  input: { queue: Queue; page: number; pageSize: number; search?: string; fields?: FieldFilter[] },
): Promise<Page<QueueCard>> {
  assertQueueAllowed(actor, input.queue);
  const rules = await companyRules(deps.db, actor.subadminId);
  const fieldFilters = input.fields?.length ? resolveFieldFilters((await companyShape(deps.db, actor.subadminId)).fields, input.fields, deps.dialect) : [];
  const now = new Date();
  const scope = scopeOf(actor, rules, now);
  // A tallied queue's total is its tile's count (migration 0017), kept by the database: no count or
  // probe of the queue's rows, whose cost grows with them. A search, a field filter, or junior leads, are counted.
  const page =
    input.queue !== 'junior' && !input.search && !fieldFilters.length
      ? await pageWithKnownTotal(
          input,
          (offset) => queueCardsPage(deps.db, input.queue, scope, input.pageSize, offset),
          queueCounts(deps.db, scope).then((c) => c[input.queue as TalliedQueue]),
        )
      : await (fieldFilters.length ? pageLookingAhead : paginate)(
          withFieldFilters(queueLeads(deps.db, input.queue, scope, input.search), fieldFilters),
          input,
          (q) => orderQueue(selectQueueCard(q), input.queue),
        );
  const assigners =
    input.queue === 'junior'
      ? await namesOf(
          deps.db,
          actor.subadminId,
          page.items.flatMap((r) => (r.handler_assigned_by ? [r.handler_assigned_by] : [])),
        )
      : new Map<number, string>();
  const cards = page.items.map((r) => toCard(r, input.queue, rules.timeZone, now, assigners));
  return { ...page, items: await withCardFields(deps.db, actor.subadminId, cards) };
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
export function assertQueueAllowed(actor: UserActor, queue: Queue) {
  if (queue === 'junior' && actor.userType !== 'Telicaller-hade') throw new AppError('FORBIDDEN', 'Only a telecaller head has junior leads.');
}

/**
 * The lead after this one in the queue, wrapping to the start; the start is looked up only when nothing
 * follows. Never a do-not-call lead (firstCallable: the queue's index read alone).
 */
export async function nextInQueue(db: Kysely<DB>, actor: UserActor, rules: CompanyRules, queue: Queue, key: QueueKey): Promise<number | null> {
  const base = () => queueRange(db, queue, scopeOf(actor, rules)).where('l.id', '!=', key.id);
  const next = await firstCallable(db, actor.subadminId, orderQueue(beyondKey(base(), queue, key, 'after').select('l.id'), queue));
  if (next !== null) return next;
  return firstCallable(db, actor.subadminId, orderQueue(base().select('l.id'), queue));
}

/** The neighbours of a lead in a queue: the one before and the one after (wrapping to the start). */
export async function neighbours(db: Kysely<DB>, actor: UserActor, rules: CompanyRules, queue: Queue, key: QueueKey) {
  const [nextId, previousId] = await Promise.all([
    nextInQueue(db, actor, rules, queue, key),
    firstCallable(
      db,
      actor.subadminId,
      orderQueue(beyondKey(queueRange(db, queue, scopeOf(actor, rules)), queue, key, 'before').select('l.id'), queue, 'desc'),
    ),
  ]);
  return { nextId, previousId };
}
