import type { Deps } from '../../deps.js';
import type { Actor, SubadminActor, UserActor } from '../../auth/actor.js';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords.js';
import { createSession, revokeSession } from '../../auth/sessions.js';
import { companyLockReason, requireCompany, zoneOf } from '../company/company.service.js';
import { findLiveCompanyByEmail } from '../company/company.repository.js';
import type { AccountRef } from '../../auth/known-devices.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { EmailSignInInput } from '../../../shared/schemas/auth.js';
import type { Language, SetLanguageInput } from '../../../shared/schemas/language.js';
import type { UserType } from '../../db/schema.js';
import { PLATFORM_TIME_ZONE } from '../../../shared/dates.js';
import { findAdminByEmail, findAdminProfile, findUserForSignIn, findUserProfile, setUserLanguage } from './auth.repository.js';
import { findLiveUser } from '../users/users.repository.js';
import { refuseDemoPasswordOnNetwork } from '../../auth/demo-passwords.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** the browser's known-device cookie, if it sent one */
  knownDevices?: string;
}

const BAD_CREDENTIALS = 'Invalid credentials.';

/**
 * The password check every sign-in shares. `key` names the account as typed (so a locked unknown
 * account answers as a locked real one); a browser known to the account found is judged apart.
 * The attempt is counted before the password is checked. Returns the known-device cookie to set on success.
 */
async function checkPassword<A extends { id: number; password_hash: string }>(
  deps: Deps,
  meta: RequestMeta,
  kind: AccountRef['kind'],
  key: string,
  account: A | undefined,
  password: string,
): Promise<{ account: A; knownDevices: string }> {
  const ref = account ? { kind, id: account.id, passwordHash: account.password_hash } : null;
  const known = ref ? await deps.knownDevices.find(meta.knownDevices, ref) : null;
  const attempt = await deps.signInLimiter.begin(key, meta.ip, known?.id ?? null);
  if (!account) await burnPasswordCheck(password);
  if (!account || !ref || !(await verifyPassword(account.password_hash, password))) {
    await attempt.failed();
    throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
  }
  await attempt.succeeded();
  return { account, knownDevices: await deps.knownDevices.remember(meta.knownDevices, ref, known) };
}

export async function signInAdmin(deps: Deps, input: EmailSignInInput, meta: RequestMeta) {
  const found = await findAdminByEmail(deps.db, input.email);
  const { account: admin, knownDevices } = await checkPassword(deps, meta, 'admin', `admin:${input.email}`, found, input.password);
  refuseDemoPasswordOnNetwork(deps.config, 'admin', admin.email, input.password);
  const { token } = await createSession(deps.db, { kind: 'admin', principalId: admin.id, subadminId: null, ip: meta.ip, userAgent: meta.userAgent });
  return { token, knownDevices, admin: { id: admin.id, name: admin.name, email: admin.email } };
}

export async function signInSubadmin(deps: Deps, input: EmailSignInInput, meta: RequestMeta) {
  const found = await findLiveCompanyByEmail(deps.db, input.email);
  const { account: company, knownDevices } = await checkPassword(deps, meta, 'subadmin', `subadmin:${input.email}`, found, input.password);
  refuseDemoPasswordOnNetwork(deps.config, 'subadmin', company.email, input.password);
  const lock = companyLockReason(company);
  if (lock) throw new AppError('FORBIDDEN', lock);
  const { token } = await createSession(deps.db, { kind: 'subadmin', principalId: company.id, subadminId: company.id, ip: meta.ip, userAgent: meta.userAgent });
  return { token, knownDevices, subadmin: { id: company.id, name: company.name, email: company.email, company_name: company.company_name } };
}

export async function signInUser(deps: Deps, input: { mobile: string; password: string }, meta: RequestMeta) {
  const found = await findUserForSignIn(deps.db, input.mobile);
  const { account: user, knownDevices } = await checkPassword(deps, meta, 'user', `user:${input.mobile}`, found, input.password);
  refuseDemoPasswordOnNetwork(deps.config, 'user', input.mobile, input.password);
  const lock = companyLockReason({ is_blocked: user.company_blocked, expiry_date: user.expiry_date, deleted_at: user.company_deleted });
  if (lock) throw new AppError('FORBIDDEN', lock);
  if (user.is_blocked) throw new AppError('FORBIDDEN', 'Your account is blocked. Please contact your administrator.');
  const { token } = await createSession(deps.db, { kind: 'user', principalId: user.id, subadminId: user.subadmin_id, ip: meta.ip, userAgent: meta.userAgent });
  return { token, knownDevices, user: { id: user.id, name: user.name, userType: user.user_type as UserType } };
}

export async function signOut(deps: Deps, actor: Actor): Promise<void> {
  await revokeSession(deps.db, actor.sessionId);
}

/** A sub-admin opens a session as one of its own users; the session remembers who did it. */
export async function loginAsUser(deps: Deps, actor: SubadminActor, userId: number, meta: RequestMeta) {
  const user = await findLiveUser(deps.db, actor.subadminId, userId);
  if (!user) throw notFound('User');
  if (user.is_blocked) throw new AppError('FORBIDDEN', 'This user is blocked. Unblock the user to log in as them.');
  const { token } = await createSession(deps.db, {
    kind: 'user',
    principalId: user.id,
    subadminId: actor.subadminId,
    impersonatedBy: actor.id,
    impersonatorSessionId: actor.sessionId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  await recordAudit(deps.db, actor, 'login_as', 'user', user.id);
  return { token, user: { id: user.id, name: user.name, userType: user.user_type as UserType } };
}

/**
 * Ends a login-as session and gives the sub-admin behind it a session of its own again. The actor
 * resolved only because the sub-admin session it was opened from is still live (resolveSession).
 */
export async function returnToSubadmin(deps: Deps, actor: UserActor, meta: RequestMeta) {
  if (actor.impersonatedBy == null) throw new AppError('FORBIDDEN', 'This session was not opened with login-as.');
  await revokeSession(deps.db, actor.sessionId);
  const { token } = await createSession(deps.db, {
    kind: 'subadmin',
    principalId: actor.impersonatedBy,
    subadminId: actor.subadminId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { token };
}

export interface Me {
  kind: Actor['kind'];
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  userType: UserType | null;
  subadminId: number | null;
  companyName: string | null;
  /** the IANA zone every date and time is shown in: the company's, or the platform's for the admin */
  timeZone: string;
  /** the language the user area is shown in; the admin's and sub-admin's areas are in English */
  language: Language;
  impersonatedBy: { id: number; name: string } | null;
  /** a telecaller or head may export its leads as CSV (the company's setting); false for the other kinds */
  canExportLeads: boolean;
}

export async function getMe(deps: Deps, actor: Actor): Promise<Me> {
  if (actor.kind === 'admin') {
    const a = await findAdminProfile(deps.db, actor.id);
    return {
      kind: 'admin',
      id: a.id,
      name: a.name,
      email: a.email,
      mobile: null,
      userType: null,
      subadminId: null,
      companyName: null,
      timeZone: PLATFORM_TIME_ZONE,
      language: 'en',
      impersonatedBy: null,
      canExportLeads: false,
    };
  }
  if (actor.kind === 'subadmin') {
    const c = await requireCompany(deps.db, actor.subadminId, ['id', 'name', 'email', 'mobile', 'company_name', 'time_zone']);
    return {
      kind: 'subadmin',
      id: c.id,
      name: c.name,
      email: c.email,
      mobile: c.mobile,
      userType: null,
      subadminId: c.id,
      companyName: c.company_name,
      timeZone: zoneOf(c.time_zone),
      language: 'en',
      impersonatedBy: null,
      canExportLeads: false,
    };
  }
  const u = await findUserProfile(deps.db, actor.subadminId, actor.id, actor.impersonatedBy);
  return {
    kind: 'user',
    id: u.id,
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    userType: u.user_type,
    subadminId: actor.subadminId,
    companyName: u.company_name,
    timeZone: zoneOf(u.time_zone),
    language: u.language,
    impersonatedBy: u.imp_id != null ? { id: u.imp_id, name: u.imp_name ?? '' } : null,
    canExportLeads: u.user_type !== 'Developer' && u.caller_exports_allowed !== 0,
  };
}

/** The signed-in user's own language, kept for every device it signs in on (a login-as session sets its user's). */
export async function setLanguage(deps: Deps, actor: UserActor, input: SetLanguageInput): Promise<{ language: Language }> {
  await setUserLanguage(deps.db, actor.subadminId, actor.id, input.language);
  return { language: input.language };
}
