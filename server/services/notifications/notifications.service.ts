import type { Deps } from '../../deps.js';
import type { Actor, AdminActor, SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { pendingForAdminBell } from '../complaints/complaints.service.js';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX } from '../../../shared/schemas/notifications.js';
import type {
  Bell,
  Inbox,
  MarkReadInput,
  NotificationPageInput,
  SendToSubadminsInput,
  SendToUsersInput,
  SentToSubadminsItem,
  SentToUsersItem,
  TargetCompaniesInput,
  TargetCompany,
} from '../../../shared/schemas/notifications.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { noticeInEnglish, type NoticeKind, type NoticeParams } from '../../../shared/notices.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import * as repo from './notifications.repository.js';
import type { Reader } from './notifications.repository.js';
import { findLiveCompany } from '../company/company.repository.js';
import { subadminNotFound } from '../company/company.service.js';

const BELL_ITEMS = 5;
const ALL_COMPANIES = 'All companies';

/** Sub-admins read the admin's notices, users their company's; the admin reads none. */
function readerOf(actor: Actor): Reader {
  if (actor.kind === 'admin') throw new AppError('FORBIDDEN', 'You do not have access to this.');
  return { kind: actor.kind, id: actor.id, subadminId: actor.subadminId };
}

/** The admin notifies one company (subadminId) or every company (none given). */
export async function sendToSubadmins(deps: Deps, actor: AdminActor, input: SendToSubadminsInput) {
  const target = input.subadminId ?? null;
  if (target !== null && !(await findLiveCompany(deps.db, target))) throw subadminNotFound();
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertNotification(trx, { audience: 'subadmins', subadminId: target, title: input.title, message: input.message, now: nowIso() });
    await recordAudit(trx, actor, 'send', 'notification', id, { audience: 'subadmins', subadminId: target });
    return { id };
  });
}

export async function listSentToSubadmins(deps: Deps, _actor: AdminActor, input: NotificationPageInput): Promise<Page<SentToSubadminsItem>> {
  const [page, companies] = await Promise.all([repo.findSentToSubadmins(deps.db, input), repo.countLiveCompanies(deps.db)]);
  return {
    ...page,
    items: page.items.map(({ company_name, read_count, ...n }) => ({
      ...n,
      target: n.subadmin_id === null ? ALL_COMPANIES : (company_name ?? 'Removed company'),
      read_count: Number(read_count),
      recipient_count: n.subadmin_id === null ? companies : 1,
    })),
  };
}

/** A company notifies all of its users. */
export async function sendToUsers(deps: Deps, actor: SubadminActor, input: SendToUsersInput) {
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertNotification(trx, {
      audience: 'users',
      subadminId: actor.subadminId,
      title: input.title,
      message: input.message,
      now: nowIso(),
    });
    await recordAudit(trx, actor, 'send', 'notification', id, { audience: 'users' });
    return { id };
  });
}

export async function listSentToUsers(deps: Deps, actor: SubadminActor, input: NotificationPageInput): Promise<Page<SentToUsersItem>> {
  const [page, users] = await Promise.all([repo.findSentToUsers(deps.db, actor.subadminId, input), repo.countLiveUsers(deps.db, actor.subadminId)]);
  return { ...page, items: page.items.map((n) => ({ ...n, read_count: Number(n.read_count), recipient_count: users })) };
}

/** A notice to one user of a company about its own work (its project decided), in its bell and inbox. */
export async function notifyUser(db: Kysely<DB>, to: { subadminId: number; userId: number }, kind: NoticeKind, params: NoticeParams) {
  const { title, message } = noticeInEnglish(kind, params);
  await repo.insertNotification(db, {
    audience: 'users',
    subadminId: to.subadminId,
    userId: to.userId,
    title: title.slice(0, NOTIFICATION_TITLE_MAX),
    message,
    kind,
    params: JSON.stringify(params),
    now: nowIso(),
  });
}

/**
 * A notice from the app to the user's own company, about something the user did that the company must act
 * on; it is in the company's inbox and bell beside the admin's, and not among the notices the admin sent.
 */
export async function noticeToCompany(deps: Deps, actor: UserActor, notice: { title: string; message: string }) {
  return repo.insertNotification(deps.db, {
    audience: 'subadmins',
    subadminId: actor.subadminId,
    userId: actor.id,
    now: nowIso(),
    title: notice.title.slice(0, NOTIFICATION_TITLE_MAX),
    message: notice.message.slice(0, NOTIFICATION_MESSAGE_MAX),
  });
}

/** The notifications addressed to the caller (a company or a user), newest first. */
export async function inbox(deps: Deps, actor: Actor, input: NotificationPageInput): Promise<Inbox> {
  const reader = readerOf(actor);
  const [page, unread] = await Promise.all([repo.findInbox(deps.db, reader, input), repo.countUnread(deps.db, reader)]);
  return { ...page, unread };
}

/** Marks the given notifications (or all the caller can see) read; ids the caller cannot see are ignored. */
export async function markRead(deps: Deps, actor: Actor, input: MarkReadInput) {
  const reader = readerOf(actor);
  if (input.ids && input.ids.length === 0) return { marked: 0 };
  const ids = await repo.findUnreadIds(deps.db, reader, input.ids ? [...new Set(input.ids)] : undefined);
  await repo.insertReads(deps.db, reader, ids, nowIso());
  return { marked: ids.length };
}

const BELL_HREF = { subadmin: '/subadmin/adminnotification', user: '/usernotification', admin: '/admin/subadmin-camplaints/pending' };

/** The top bar's bell: unread notices for companies and users, pending complaints for the admin. */
export async function bell(deps: Deps, actor: Actor): Promise<Bell> {
  if (actor.kind === 'admin') {
    const pending = await pendingForAdminBell(deps, BELL_ITEMS);
    return { ...pending, href: BELL_HREF.admin };
  }
  const reader = readerOf(actor);
  const [count, latest] = await Promise.all([repo.countUnread(deps.db, reader), repo.findInbox(deps.db, reader, { page: 1, pageSize: BELL_ITEMS })]);
  return { count, items: latest.items, href: BELL_HREF[reader.kind] };
}

/** Companies the admin can address a notification to. */
export function listTargetCompanies(deps: Deps, _actor: AdminActor, input: TargetCompaniesInput): Promise<TargetCompany[]> {
  return repo.findTargetCompanies(deps.db, input.search, 50);
}
