import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { COMPLAINT_STATUS } from '../../../shared/constants.js';
import type {
  CompanyUserComplaintsInput,
  ComplaintIdInput,
  ComplaintItem,
  MyComplaintsInput,
  ReplyComplaintInput,
  UserComplaintInput,
  UserComplaintItem,
} from '../../../shared/schemas/complaints.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { notifyUser } from '../notifications/notifications.service.js';
import * as repo from './complaints.repository.js';

const fromUsers = (subadminId: number) => ({ fromKind: 'user' as const, subadminId });

/** A user's complaint or suggestion to its company (the original app's Reason and Description). */
export async function createUserComplaint(deps: Deps, actor: UserActor, input: UserComplaintInput): Promise<{ id: number }> {
  const id = await repo.insertComplaint(deps.db, {
    subadminId: actor.subadminId,
    fromKind: 'user',
    userId: actor.id,
    title: input.reason,
    body: input.description,
    now: nowIso(),
  });
  return { id };
}

/** The user's own complaints with the company's replies, newest first. */
export function listMyUserComplaints(deps: Deps, actor: UserActor, input: MyComplaintsInput): Promise<Page<ComplaintItem>> {
  return repo.findPage(deps.db, { ...fromUsers(actor.subadminId), userId: actor.id }, input);
}

/** The company's complaints from its users, pending or closed. */
export function listCompanyUserComplaints(deps: Deps, actor: SubadminActor, input: CompanyUserComplaintsInput): Promise<Page<UserComplaintItem>> {
  return repo.findFromUsers(deps.db, actor.subadminId, input);
}

async function changePending(deps: Deps, actor: SubadminActor, id: number, set: Parameters<typeof repo.updatePending>[3]) {
  if (await repo.updatePending(deps.db, fromUsers(actor.subadminId), id, set)) return;
  const existing = await repo.findOne(deps.db, fromUsers(actor.subadminId), id);
  if (!existing) throw notFound('Complaint');
  throw new AppError('BAD_REQUEST', 'This complaint is already resolved.');
}

/** The company answers a pending complaint; its author finds the reply in its notifications. */
export async function replyToUserComplaint(deps: Deps, actor: SubadminActor, input: ReplyComplaintInput) {
  const now = nowIso();
  await changePending(deps, actor, input.id, { reply: input.reply, replied_at: now, updated_at: now });
  const author = await repo.findAuthor(deps.db, actor.subadminId, input.id);
  // Stored as a notice: its author reads the title in their own language, the reply as written.
  if (author?.user_id) {
    await notifyUser(deps.db, { subadminId: actor.subadminId, userId: author.user_id }, 'complaintReplied', { complaint: author.title, reply: input.reply });
  }
  await recordAudit(deps.db, actor, 'reply', 'complaint', input.id);
  return { ok: true as const };
}

/** The company closes a pending complaint (status 1). */
export async function resolveUserComplaint(deps: Deps, actor: SubadminActor, input: ComplaintIdInput) {
  const now = nowIso();
  await changePending(deps, actor, input.id, { status: COMPLAINT_STATUS.resolved, resolved_at: now, updated_at: now });
  await recordAudit(deps.db, actor, 'resolve', 'complaint', input.id);
  return { ok: true as const };
}
