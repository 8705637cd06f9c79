import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { UserType } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { isUniqueViolation, nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSessionsOf } from '../../auth/sessions.js';
import { recordAudit } from '../audit/audit.service.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import type { Page } from '../../../shared/schemas/paging.js';
import type { CreateUserInput, SetBlockedInput, TelecallerLimit, UpdateUserInput, UserIdInput, UserListInput, UserRow } from '../../../shared/schemas/users.js';
import { USER_COLUMNS, countLimitedUsers, countsTowardLimit, findDuplicate, findLiveUser, findUsers, lockCompany } from './users.repository.js';

type Out<S extends z.ZodType> = z.output<S>;

const DUPLICATE = { mobile: 'A user with this mobile number already exists.', email: 'A user with this email address already exists.' } as const;

const limitReached = (used: number, max: number) =>
  new AppError('FORBIDDEN', `Telecaller limit reached (${used} of ${max}). Ask the admin to raise your limit.`);

/** A unique index caught a duplicate the pre-check missed (a concurrent write): say which. */
function duplicateFromViolation(err: unknown): AppError {
  const text = `${(err as { constraint?: string }).constraint ?? ''} ${(err as Error).message ?? ''}`;
  return new AppError('CONFLICT', text.includes('email') ? DUPLICATE.email : DUPLICATE.mobile);
}

const toRow = (u: { id: number; name: string; email: string; mobile: string; user_type: UserType; is_blocked: number; created_at: string }): UserRow => ({
  id: u.id,
  name: u.name,
  email: u.email,
  mobile: u.mobile,
  user_type: u.user_type,
  blocked: Boolean(u.is_blocked),
  created_at: u.created_at,
});

export async function getTelecallerLimit(deps: Deps, actor: SubadminActor): Promise<TelecallerLimit> {
  const [company, used] = await Promise.all([
    deps.db.selectFrom('subadmins').select('telecaller_creat_limit').where('id', '=', actor.subadminId).executeTakeFirstOrThrow(),
    countLimitedUsers(deps.db, actor.subadminId),
  ]);
  return { used, max: company.telecaller_creat_limit };
}

export async function listUsers(deps: Deps, actor: SubadminActor, input: Out<typeof UserListInput>): Promise<Page<UserRow> & { limit: TelecallerLimit }> {
  const [page, limit] = await Promise.all([
    paginate(findUsers(deps.db, actor.subadminId, input), input, (q) => q.select(USER_COLUMNS).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc')),
    getTelecallerLimit(deps, actor),
  ]);
  return { ...page, items: page.items.map(toRow), limit };
}

/** Every live user of the company (the legacy list is not paged). */
export async function listAllUsers(deps: Deps, actor: SubadminActor): Promise<UserRow[]> {
  const rows = await findUsers(deps.db, actor.subadminId, {}).select(USER_COLUMNS).orderBy('u.name').orderBy('u.id').execute();
  return rows.map(toRow);
}

/** Live, unblocked users of some types: what pickers (distribution, tasks) offer. */
export async function listActiveUsers(deps: Deps, actor: SubadminActor, types: UserType[]) {
  return deps.db
    .selectFrom('users')
    .select(['id', 'name', 'mobile', 'user_type'])
    .where('subadmin_id', '=', actor.subadminId)
    .where('deleted_at', 'is', null)
    .where('is_blocked', '=', 0)
    .where('user_type', 'in', types)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface LegacyUserFields {
  id: number;
  name: string;
  email: string;
  mobile: string;
  user_type: UserType;
  blocked: boolean;
}

/** A signed-in user's own record. */
export async function getOwnUser(deps: Deps, actor: UserActor): Promise<LegacyUserFields> {
  const u = await findLiveUser(deps.db, actor.subadminId, actor.id);
  if (!u) throw notFound('User');
  return { id: u.id, name: u.name, email: u.email, mobile: u.mobile, user_type: u.user_type, blocked: Boolean(u.is_blocked) };
}

export async function createUser(deps: Deps, actor: SubadminActor, input: Out<typeof CreateUserInput>): Promise<UserRow> {
  // Hash before the transaction: the company row stays locked only for the few statements below.
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  let row;
  try {
    row = await deps.db.transaction().execute(async (trx) => {
      const company = await lockCompany(trx, deps.dialect, actor.subadminId);
      if (countsTowardLimit(input.user_type)) {
        const used = await countLimitedUsers(trx, actor.subadminId);
        if (used >= company.telecaller_creat_limit) throw limitReached(used, company.telecaller_creat_limit);
      }
      const dup = await findDuplicate(trx, { subadminId: actor.subadminId, mobile: input.mobile, email: input.email });
      if (dup) throw new AppError('CONFLICT', DUPLICATE[dup]);
      return trx
        .insertInto('users')
        .values({
          subadmin_id: actor.subadminId,
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          password_hash: passwordHash,
          user_type: input.user_type,
          is_blocked: 0,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning(['id', 'name', 'email', 'mobile', 'user_type', 'is_blocked', 'created_at'])
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateFromViolation(err);
    throw err;
  }
  await recordAudit(deps.db, actor, 'create', 'user', row.id, { user_type: row.user_type });
  return toRow(row);
}

export async function updateUser(deps: Deps, actor: SubadminActor, input: Out<typeof UpdateUserInput>): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  let result;
  try {
    result = await deps.db.transaction().execute(async (trx) => {
      const company = await lockCompany(trx, deps.dialect, actor.subadminId);
      const before = await findLiveUser(trx, actor.subadminId, input.id);
      if (!before) throw notFound('User');
      if (countsTowardLimit(input.user_type) && !countsTowardLimit(before.user_type)) {
        const used = await countLimitedUsers(trx, actor.subadminId);
        if (used >= company.telecaller_creat_limit) throw limitReached(used, company.telecaller_creat_limit);
      }
      const dup = await findDuplicate(trx, { subadminId: actor.subadminId, mobile: input.mobile, email: input.email, exceptId: input.id });
      if (dup) throw new AppError('CONFLICT', DUPLICATE[dup]);
      const after = await trx
        .updateTable('users')
        .set({
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          user_type: input.user_type,
          updated_at: nowIso(),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', input.id)
        .where('subadmin_id', '=', actor.subadminId)
        .returning(['id', 'name', 'email', 'mobile', 'user_type', 'is_blocked', 'created_at'])
        .executeTakeFirstOrThrow();
      if (passwordHash) await revokeSessionsOf(trx, 'user', input.id);
      return { before, after };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateFromViolation(err);
    throw err;
  }
  const { before, after } = result;
  const changed = (['name', 'email', 'mobile', 'user_type'] as const).filter((k) => before[k] !== after[k]);
  await recordAudit(deps.db, actor, 'update', 'user', after.id, { changed: passwordHash ? [...changed, 'password'] : changed });
  return toRow(after);
}

export async function setUserBlocked(deps: Deps, actor: SubadminActor, input: Out<typeof SetBlockedInput>): Promise<UserRow> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ is_blocked: input.blocked ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', input.id)
      .where('subadmin_id', '=', actor.subadminId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'name', 'email', 'mobile', 'user_type', 'is_blocked', 'created_at'])
      .executeTakeFirst();
    if (!updated) throw notFound('User');
    if (input.blocked) await revokeSessionsOf(trx, 'user', input.id);
    return updated;
  });
  await recordAudit(deps.db, actor, input.blocked ? 'block' : 'unblock', 'user', row.id);
  return toRow(row);
}

/** Soft-deletes a user, ends its sessions and returns its untouched leads to the pool. */
export async function removeUser(deps: Deps, actor: SubadminActor, input: Out<typeof UserIdInput>) {
  const now = nowIso();
  const returned = await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .updateTable('users')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', input.id)
      .where('subadmin_id', '=', actor.subadminId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'user_type'])
      .executeTakeFirst();
    if (!deleted) throw notFound('User');
    const leads = await trx
      .updateTable('leads')
      .set({ telicaller_id: null, telicaller_send_date: null, updated_at: now })
      .where('subadmin_id', '=', actor.subadminId)
      .where('telicaller_id', '=', input.id)
      .where('status', '=', LEAD_STATUS.new)
      .executeTakeFirst();
    await revokeSessionsOf(trx, 'user', input.id);
    const count = Number(leads.numUpdatedRows);
    await recordAudit(trx, actor, 'delete', 'user', input.id, { user_type: deleted.user_type, leads_returned: count });
    return count;
  });
  return { id: input.id, leadsReturned: returned };
}
