import type { Deps } from '../../deps.js';
import type { AdminActor, SubadminActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { COMPLAINT_STATUS } from '../../../shared/constants.js';
import type {
  AdminComplaintItem,
  AdminComplaintsInput,
  ComplaintIdInput,
  ComplaintItem,
  CreateComplaintInput,
  MyComplaintsInput,
  ReplyComplaintInput,
} from '../../../shared/schemas/complaints.js';
import type { Page } from '../../../shared/schemas/paging.js';
import * as repo from './complaints.repository.js';
import type { ComplaintScope } from './complaints.repository.js';

const ALREADY_RESOLVED = 'This complaint is already resolved.';

/** A company's complaints to the platform admin; the admin sees every company's. */
const toAdmin = (subadminId?: number): ComplaintScope => ({ fromKind: 'subadmin', subadminId });

/** A sub-admin files a complaint with the platform admin. */
export async function createComplaint(deps: Deps, actor: SubadminActor, input: CreateComplaintInput) {
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertComplaint(trx, {
      subadminId: actor.subadminId,
      fromKind: 'subadmin',
      userId: null,
      title: input.title,
      body: input.body,
      now: nowIso(),
    });
    await recordAudit(trx, actor, 'create', 'complaint', id);
    return { id };
  });
}

/** The sub-admin's own complaints to the admin, newest first, with the admin's reply. */
export function listMine(deps: Deps, actor: SubadminActor, input: MyComplaintsInput): Promise<Page<ComplaintItem>> {
  return repo.findPage(deps.db, { fromKind: 'subadmin', subadminId: actor.subadminId }, input);
}

/** Every one of the sub-admin's complaints to the admin (the legacy list is not paged). */
export function listAllMine(deps: Deps, actor: SubadminActor) {
  return repo.findAll(deps.db, { fromKind: 'subadmin', subadminId: actor.subadminId });
}

/** Every company's complaints to the admin, with the company and its owner. */
export function listForAdmin(deps: Deps, _actor: AdminActor, input: AdminComplaintsInput): Promise<Page<AdminComplaintItem>> {
  return repo.findAcrossCompanies(deps.db, 'subadmin', input);
}

/**
 * Changes a pending complaint within a scope. A complaint outside the scope is NOT_FOUND, like a
 * missing one; a resolved one refuses the change.
 */
async function changePending(deps: Deps, scope: ComplaintScope, id: number, set: Parameters<typeof repo.updatePending>[3]) {
  const changed = await repo.updatePending(deps.db, scope, id, set);
  if (changed) return;
  const existing = await repo.findOne(deps.db, scope, id);
  if (!existing) throw notFound('Complaint');
  if (existing.status !== COMPLAINT_STATUS.pending) throw new AppError('BAD_REQUEST', ALREADY_RESOLVED);
  throw new AppError('CONFLICT', 'The complaint changed while saving. Please try again.');
}

/** The admin answers a pending complaint; it stays pending until resolved. */
export async function replyToComplaint(deps: Deps, actor: AdminActor, input: ReplyComplaintInput) {
  const now = nowIso();
  await changePending(deps, toAdmin(), input.id, { reply: input.reply, replied_at: now, updated_at: now });
  await recordAudit(deps.db, actor, 'reply', 'complaint', input.id);
  return { ok: true as const };
}

/** The admin closes a pending complaint (status 1). */
export async function resolveComplaint(deps: Deps, actor: AdminActor, input: ComplaintIdInput) {
  const now = nowIso();
  await changePending(deps, toAdmin(), input.id, { status: COMPLAINT_STATUS.resolved, resolved_at: now, updated_at: now });
  await recordAudit(deps.db, actor, 'resolve', 'complaint', input.id);
  return { ok: true as const };
}

const excerpt = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** What the admin's bell shows: pending complaints from companies, newest first. */
export async function pendingForAdminBell(deps: Deps, limit: number) {
  const [count, rows] = await Promise.all([repo.countPending(deps.db, 'subadmin'), repo.findLatestPending(deps.db, 'subadmin', limit)]);
  return {
    count,
    items: rows.map((r) => ({ id: r.id, title: r.title, message: `${r.company_name}: ${excerpt(r.body, 80)}`, created_at: r.created_at, read: false })),
  };
}
