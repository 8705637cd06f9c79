import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { todayBounds } from '../../../shared/dates.js';
import { USER_TYPE_LABELS } from '../../../shared/constants.js';
import { recordAudit } from '../audit/audit.service.js';
import { evenShares } from '../../../shared/schemas/distribution.js';
import type { Assignee, DistributeInput, DistributeResult, Pool, TakeBackInput, TakeBackResult } from '../../../shared/schemas/distribution.js';
import { assignOldest, countPool, countSkippedDnc, findAssignees, findCompanyUsers, returnUntouched } from './distribution.repository.js';
import { companyTimeZone } from '../company/company.service.js';

type Out<S extends z.ZodType> = z.output<S>;

const fmt = (n: number) => n.toLocaleString('en-IN');
const leads = (n: number) => `${fmt(n)} ${n === 1 ? 'lead' : 'leads'}`;
const inCategory = (category: string | null) => (category === null ? 'any category' : category);

/** The company's unassigned leads by category. A head may read it too (docs/product-rules.md#distribution-and-take-back). */
export async function getPool(deps: Deps, actor: SubadminActor | UserActor): Promise<Pool> {
  const categories = await countPool(deps.db, actor.subadminId);
  return { categories, total: categories.reduce((sum, c) => sum + c.count, 0) };
}

/** Telecallers and heads (blocked ones flagged) with their untouched leads and today's sends, to choose from. */
export async function listAssignees(deps: Deps, actor: SubadminActor): Promise<Assignee[]> {
  const rows = await findAssignees(deps.db, actor.subadminId, todayBounds(await companyTimeZone(deps.db, actor.subadminId)));
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    mobile: u.mobile,
    user_type: u.user_type,
    blocked: Boolean(u.is_blocked),
    untouched: u.untouched,
    sentToday: u.sentToday,
  }));
}

/** What a distribution says of the do-not-call leads it passed over (never given: docs/product-rules.md#distribution-and-take-back). */
const skippedNote = (skipped: number) =>
  skipped === 0 ? '' : ` Skipped ${fmt(skipped)} do-not-call ${skipped === 1 ? 'lead' : 'leads'}: they are never given out.`;

function resultMessage(requested: number, assigned: number, category: string | null, people: { name: string }[], skipped: number): string {
  if (assigned === 0 && skipped > 0) {
    return `Nothing was assigned: the ${skipped === 1 ? 'only unassigned lead' : `${fmt(skipped)} unassigned leads`} in ${inCategory(category)} ${skipped === 1 ? 'is' : 'are'} do-not-call, never given out.`;
  }
  return countMessage(requested, assigned, category, people) + skippedNote(skipped);
}

function countMessage(requested: number, assigned: number, category: string | null, people: { name: string }[]): string {
  if (assigned === 0) return `No unassigned leads in ${inCategory(category)}: nothing was assigned.`;
  const to = people.length === 1 ? people[0]!.name : `${people.length} people`;
  if (assigned < requested) {
    const only = `${fmt(assigned)} unassigned ${assigned === 1 ? 'lead' : 'leads'}${category === null ? '' : ` in ${category}`}`;
    return `Assigned ${fmt(assigned)} of ${fmt(requested)} requested to ${to}: only ${only}.`;
  }
  return `Assigned ${leads(assigned)} from ${inCategory(category)} to ${to}.`;
}

/**
 * Leads per statement. SQLite statements block the event loop: a 50,000-lead distribution goes
 * in slices of this size with the loop let go between them, all in one transaction (a crash or a
 * kill leaves all of it or none; on SQLite other queries wait for the commit, on Postgres they go
 * on). Concurrent distributions never share a lead.
 */
export const DISTRIBUTE_CHUNK = 10_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** userIds turned so that the lead numbered `offset` overall goes to the person it would in one pass. */
const rotate = (ids: number[], offset: number) => ids.map((_, i) => ids[(offset + i) % ids.length]!);

type CompanyUser = Awaited<ReturnType<typeof findCompanyUsers>>[number];

function checkAssignees(found: CompanyUser[], userIds: number[]): CompanyUser[] {
  const byId = new Map(found.map((u) => [u.id, u]));
  return userIds.map((id) => {
    const u = byId.get(id);
    if (!u) throw new AppError('NOT_FOUND', userIds.length === 1 ? 'Telecaller not found.' : `Telecaller ${id} not found.`);
    if (u.user_type !== 'Telicaller' && u.user_type !== 'Telicaller-hade') {
      throw new AppError('BAD_REQUEST', `${u.name} is a ${USER_TYPE_LABELS[u.user_type].toLowerCase()}: leads go to telecallers and telecaller heads only.`);
    }
    if (u.is_blocked) throw new AppError('BAD_REQUEST', `${u.name} is blocked: unblock them before giving them leads.`);
    return u;
  });
}

/**
 * Gives the oldest unassigned leads of a category (or of any) to one or more telecallers or heads,
 * `count` in all, split evenly (lead by lead, in turn). Never more than there are: it assigns what
 * there is and says so. All of it or none of it: one transaction (see DISTRIBUTE_CHUNK).
 */
export async function distributeLeads(deps: Deps, actor: SubadminActor, input: Out<typeof DistributeInput>): Promise<DistributeResult> {
  const now = nowIso();
  const perUserCount = new Map<number, number>();
  let people: CompanyUser[] = [];
  let assigned = 0;
  let lastId: number | null = null;
  let skipped = 0;
  await deps.db.transaction().execute(async (trx) => {
    people = checkAssignees(await findCompanyUsers(trx, actor.subadminId, input.userIds), input.userIds);
    for (;;) {
      const limit = Math.min(DISTRIBUTE_CHUNK, input.count - assigned);
      const order = rotate(input.userIds, assigned);
      const { assigned: got, lastId: last } = await assignOldest(trx, deps.dialect, {
        subadminId: actor.subadminId,
        category: input.category,
        limit,
        userIds: order,
        now,
      });
      if (last !== null && (lastId === null || last > lastId)) lastId = last;
      evenShares(got, order.length).forEach((n, i) => {
        perUserCount.set(order[i]!, (perUserCount.get(order[i]!) ?? 0) + n);
      });
      assigned += got;
      // Fewer than asked may mean rows another distribution held: look again until none is left.
      if (got === 0 || assigned >= input.count) break;
      await yieldToEventLoop();
    }
    // Short of the count, every lead that may be called was given: the do-not-call ones left are all passed over.
    skipped = await countSkippedDnc(trx, { subadminId: actor.subadminId, category: input.category, upToId: assigned < input.count ? null : lastId });
    if (assigned > 0) {
      await recordAudit(trx, actor, 'distribute', 'leads', null, {
        category: input.category,
        requested: input.count,
        assigned,
        skippedDnc: skipped,
        perUser: people.map((u) => ({ userId: u.id, assigned: perUserCount.get(u.id) ?? 0 })),
      });
    }
  });
  if (assigned) deps.metrics?.leadsRouted.inc({ how: 'manual' }, assigned);

  const perUser = people.map((u) => ({ userId: u.id, name: u.name, assigned: perUserCount.get(u.id) ?? 0 }));
  return {
    assigned,
    requested: input.count,
    category: input.category,
    perUser,
    skippedDnc: skipped,
    message: resultMessage(input.count, assigned, input.category, people, skipped),
  };
}

/** Returns a telecaller's or head's untouched leads (status '0') to the pool; blocked users too. */
export async function takeBackLeads(deps: Deps, actor: SubadminActor, input: Out<typeof TakeBackInput>): Promise<TakeBackResult> {
  const now = nowIso();
  const [user] = await findCompanyUsers(deps.db, actor.subadminId, [input.userId]);
  if (!user) throw new AppError('NOT_FOUND', 'Telecaller not found.');
  let returned = 0;
  let dnc = 0;
  // All or nothing, as a distribution.
  await deps.db.transaction().execute(async (trx) => {
    for (;;) {
      const { returned: n, dnc: d } = await returnUntouched(trx, deps.dialect, {
        subadminId: actor.subadminId,
        userId: user.id,
        category: input.category,
        now,
        limit: DISTRIBUTE_CHUNK,
      });
      returned += n;
      dnc += d;
      if (n < DISTRIBUTE_CHUNK) break;
      await yieldToEventLoop();
    }
    if (returned > 0) await recordAudit(trx, actor, 'take_back', 'user', user.id, { category: input.category, returned, dnc });
  });
  const dncNote =
    dnc === 0
      ? ''
      : ` ${dnc === returned ? (dnc === 1 ? 'It is' : 'All are') : `${fmt(dnc)} of them ${dnc === 1 ? 'is' : 'are'}`} do-not-call: distribution skips ${dnc === 1 ? 'it' : 'them'}.`;
  const message = returned
    ? `Returned ${leads(returned)} from ${user.name} to the pool.${dncNote}`
    : `${user.name} holds no untouched leads${input.category === null ? '' : ` in ${input.category}`}: nothing was returned.`;
  return { returned, message };
}
