import type { Kysely } from 'kysely';
import type { DB, PrincipalKind, UserType } from '../db/schema.js';
import type { Actor } from './actor.js';
import { hashToken, newSessionToken } from './tokens.js';
import { insertSession, sessionRow, touchSessions } from './sessions.repository.js';
import type { SessionEndReason } from '../../shared/session-end.js';
import { SESSION_IDLE_MS } from '../../shared/constants.js';
import { companyLock } from '../services/company/company.service.js';
import { watchedCache } from '../db/watched-cache.js';

export { SESSION_IDLE_MS };
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;

export interface NewSession {
  kind: PrincipalKind;
  principalId: number;
  subadminId: number | null;
  impersonatedBy?: number | null;
  /** for login-as: the sub-admin's own session it is opened from */
  impersonatorSessionId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(db: Kysely<DB>, s: NewSession): Promise<{ token: string; id: number }> {
  const token = newSessionToken();
  const now = new Date();
  const id = await insertSession(db, {
    token_hash: hashToken(token),
    principal_kind: s.kind,
    principal_id: s.principalId,
    subadmin_id: s.subadminId,
    impersonated_by: s.impersonatedBy ?? null,
    impersonator_session_id: s.impersonatorSessionId ?? null,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    ip: s.ip ?? null,
    user_agent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { token, id };
}

export type SessionResult = { ok: true; actor: Actor } | { ok: false; message: string; reason: SessionEndReason };

const NO_SESSION = Symbol('no such session');
const EXPIRED = 'Your session has expired. Please sign in again.';
const ORIGIN_ENDED = 'The sub-admin session this one was opened from has ended. Please sign in again.';

const isLive = (s: { revoked_at: string | null; expires_at: string; last_seen_at: string }, t: number) =>
  !s.revoked_at && Date.parse(s.expires_at) > t && Date.parse(s.last_seen_at) + SESSION_IDLE_MS > t;

/**
 * Every request reads its session: kept until a session, user, company or admin changes
 * (docs/architecture.md#kept-reads). A token that is no session is not kept.
 */
const keptSessions = watchedCache<SessionRow>();
type SessionRow = Awaited<ReturnType<typeof sessionRow>>[number];

export async function resolveSession(db: Kysely<DB>, token: string, now = new Date()): Promise<SessionResult> {
  const hash = hashToken(token);
  const row = await keptSessions(db, hash, async () => {
    const [found] = await sessionRow(db, hash);
    if (!found) throw NO_SESSION;
    return found;
  }).catch((err: unknown) => {
    if (err === NO_SESSION) return null;
    throw err;
  });
  if (!row) return { ok: false, message: EXPIRED, reason: 'expired' };
  const t = now.getTime();
  // A block, an expiry or a removal ends the session (blocking also revokes it): that is what its holder is told.
  if (row.principal_kind !== 'admin') {
    if (row.expiry_date == null) return { ok: false, message: EXPIRED, reason: 'expired' };
    const lock = companyLock({ is_blocked: row.company_blocked ?? 0, expiry_date: row.expiry_date, deleted_at: row.company_deleted ?? null });
    if (lock) return { ok: false, ...lock };
  }
  if (row.principal_kind === 'user') {
    if (row.user_id == null || row.user_deleted) return { ok: false, message: 'This account no longer exists.', reason: 'account_deleted' };
    if (row.user_blocked) return { ok: false, message: 'Your account is blocked. Please contact your administrator.', reason: 'account_blocked' };
  }
  if (!isLive(row, t)) return { ok: false, message: EXPIRED, reason: 'expired' };
  // A login-as session lives only while the sub-admin session it was opened from does.
  if (row.impersonated_by != null) {
    const originOk =
      row.origin_id != null &&
      row.origin_kind === 'subadmin' &&
      row.origin_principal === row.impersonated_by &&
      isLive({ revoked_at: row.origin_revoked, expires_at: row.origin_expires!, last_seen_at: row.origin_last_seen! }, t);
    if (!originOk) return { ok: false, message: ORIGIN_ENDED, reason: 'origin_ended' };
  }
  if (row.principal_kind === 'admin' && row.admin_id == null) return { ok: false, message: EXPIRED, reason: 'expired' };

  if (Date.parse(row.last_seen_at) + TOUCH_EVERY_MS < t) {
    // Working as a user keeps the sub-admin session it came from from going idle.
    const ids = row.origin_id != null ? [row.id, row.origin_id] : [row.id];
    await touchSessions(db, ids, now.toISOString());
    // The kept row too, or every request until it is read again would touch it anew.
    row.last_seen_at = now.toISOString();
  }

  const actor: Actor =
    row.principal_kind === 'admin'
      ? { kind: 'admin', id: row.principal_id, subadminId: null, sessionId: row.id }
      : row.principal_kind === 'subadmin'
        ? { kind: 'subadmin', id: row.principal_id, subadminId: row.subadmin_id!, sessionId: row.id }
        : {
            kind: 'user',
            id: row.principal_id,
            subadminId: row.subadmin_id!,
            userType: row.user_type as UserType,
            impersonatedBy: row.impersonated_by,
            sessionId: row.id,
          };
  return { ok: true, actor };
}

export { revokeCompanySessions, revokeSession, revokeSessionsOf } from './sessions.repository.js';
