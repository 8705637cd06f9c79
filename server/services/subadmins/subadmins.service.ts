import type { Deps } from '../../deps.js';
import type { AdminActor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeCompanySessions } from '../../auth/sessions.js';
import { isUniqueViolation, nowIso } from '../../db/dialect.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { addDays, DEFAULT_TIME_ZONE, nextMonthStart, PLATFORM_TIME_ZONE, startOfDayUtc, todayIn } from '../../../shared/dates.js';
import { normalizeIndianMobile } from '../../../shared/mobile.js';
import type { CreateSubadminData, SubadminDashboard, SubadminListItem, SubadminStatus, SubadminStatusFilter } from '../../../shared/schemas/subadmins.js';
import * as repo from './subadmins.repository.js';

export const DUPLICATE_EMAIL = 'A subadmin with this email already exists.';
const EXPIRING_WINDOW_DAYS = 30;
const EXPIRING_LIST_SIZE = 5;

const notFoundSubadmin = () => notFound('Subadmin');

/** As sign-in judges it (companyLockReason): expiry in the platform's zone, as the list's filters. */
function statusOf(row: { is_blocked: number; expiry_date: string }): SubadminStatus {
  if (row.is_blocked) return 'blocked';
  return row.expiry_date < todayIn(PLATFORM_TIME_ZONE) ? 'expired' : 'active';
}

export function toListItem(row: repo.SubadminRow): SubadminListItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company_name: row.company_name,
    mobile: row.mobile,
    expiry_date: row.expiry_date,
    gst: row.gst,
    company_bio: row.company_bio,
    address: row.address,
    telecaller_creat_limit: row.telecaller_creat_limit,
    is_blocked: row.is_blocked !== 0,
    status: statusOf(row),
    users_count: Number(row.users_count ?? 0),
    telecallers_count: Number(row.telecallers_count ?? 0),
    created_at: row.created_at,
  };
}

async function getLive(deps: Deps, id: number): Promise<SubadminListItem> {
  const row = await repo.findLiveById(deps.db, id);
  if (!row) throw notFoundSubadmin();
  return toListItem(row);
}

// Status filters and dashboard counts use India's date: every company's time zone defaults to it.
export async function listSubadmins(
  deps: Deps,
  _actor: AdminActor,
  input: { page: number; pageSize: number; search?: string; status: SubadminStatusFilter },
): Promise<Page<SubadminListItem>> {
  const search = input.search?.trim() || undefined;
  const page = await repo.findPage(deps.db, { ...input, search, mobile: search ? normalizeIndianMobile(search) : null, today: todayIn(PLATFORM_TIME_ZONE) });
  return { ...page, items: page.items.map(toListItem) };
}

/** Every live sub-admin, newest first (the legacy list has no paging). */
export async function listAllSubadmins(deps: Deps, _actor: AdminActor): Promise<SubadminListItem[]> {
  return (await repo.findAllLive(deps.db)).map(toListItem);
}

export async function createSubadmin(deps: Deps, actor: AdminActor, input: CreateSubadminData): Promise<SubadminListItem> {
  if (await repo.liveEmailExists(deps.db, input.email)) throw new AppError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const newId = await repo.insertSubadmin(trx, {
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        telecaller_creat_limit: input.telecaller_creat_limit,
        company_name: input.company_name,
        mobile: input.mobile,
        expiry_date: input.expiry_date,
        gst: input.gst,
        company_bio: input.company_bio,
        address: input.address,
        is_blocked: 0,
        time_zone: DEFAULT_TIME_ZONE,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      await recordAudit(trx, actor, 'create', 'subadmin', newId, { email: input.email, company_name: input.company_name });
      return newId;
    });
  } catch (err) {
    // Two admins creating the same email at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw err;
  }
  return getLive(deps, id);
}

/** Blocking locks the company and all its users out at once: their open sessions end. */
export async function setSubadminBlocked(deps: Deps, actor: AdminActor, input: { id: number; blocked: boolean }): Promise<SubadminListItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await repo.updateLive(trx, input.id, { is_blocked: input.blocked ? 1 : 0, updated_at: nowIso() });
    if (!found) throw notFoundSubadmin();
    if (input.blocked) await revokeCompanySessions(trx, input.id);
    await recordAudit(trx, actor, input.blocked ? 'block' : 'unblock', 'subadmin', input.id);
  });
  return getLive(deps, input.id);
}

/** Soft delete: the row stays for history, the email becomes free, every session ends. */
export async function removeSubadmin(deps: Deps, actor: AdminActor, input: { id: number }): Promise<{ id: number }> {
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const found = await repo.updateLive(trx, input.id, { deleted_at: now, updated_at: now });
    if (!found) throw notFoundSubadmin();
    await revokeCompanySessions(trx, input.id);
    await recordAudit(trx, actor, 'delete', 'subadmin', input.id);
  });
  return { id: input.id };
}

/**
 * A limit below the company's current telecallers and heads is allowed (the admin may be
 * shrinking a plan); the company simply cannot add more until it is under the limit.
 */
export async function updateSubadminTerms(
  deps: Deps,
  actor: AdminActor,
  input: { id: number; expiry_date: string; telecaller_creat_limit: number },
): Promise<SubadminListItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await repo.updateLive(trx, input.id, {
      expiry_date: input.expiry_date,
      telecaller_creat_limit: input.telecaller_creat_limit,
      updated_at: nowIso(),
    });
    if (!found) throw notFoundSubadmin();
    await recordAudit(trx, actor, 'update_terms', 'subadmin', input.id, {
      expiry_date: input.expiry_date,
      telecaller_creat_limit: input.telecaller_creat_limit,
    });
  });
  return getLive(deps, input.id);
}

export async function getDashboard(deps: Deps, _actor: AdminActor, now = new Date()): Promise<SubadminDashboard> {
  const tz = PLATFORM_TIME_ZONE;
  const today = todayIn(tz, now);
  const soon = addDays(today, EXPIRING_WINDOW_DAYS);
  const monthFrom = startOfDayUtc(`${today.slice(0, 7)}-01`, tz);
  const monthTo = startOfDayUtc(nextMonthStart(today), tz);
  const [companies, expiring, usersByType, leadsThisMonth, pendingComplaints] = await Promise.all([
    repo.countCompanies(deps.db, today, soon),
    repo.findExpiring(deps.db, today, soon, EXPIRING_LIST_SIZE),
    repo.countUsersByType(deps.db),
    repo.countLeadsCreated(deps.db, monthFrom, monthTo),
    repo.countPendingSubadminComplaints(deps.db),
  ]);
  const usersOf = (type: string) => Number(usersByType.find((r) => r.user_type === type)?.n ?? 0);
  return {
    companies,
    expiringSoon: expiring,
    users: { telecallers: usersOf('Telicaller'), heads: usersOf('Telicaller-hade'), developers: usersOf('Developer') },
    leadsThisMonth,
    pendingComplaints,
    today,
  };
}
