import type { Kysely } from 'kysely';
import type { DB, PrincipalKind, UserType } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import type { Actor } from './actor.js';
import { hashToken, newSessionToken } from './tokens.js';
import { compiledOnce } from '../db/compiled-once.js';
import type { SessionEndReason } from '../../shared/session-end.js';
import { companyLock } from '../services/company/company.service.js';

export const SESSION_IDLE_MS = 3 * 24 * 3600_000;
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
  const row = await db
    .insertInto('sessions')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

export type SessionResult = { ok: true; actor: Actor } | { ok: false; message: string; reason: SessionEndReason };

const EXPIRED = 'Your session has expired. Please sign in again.';
const ORIGIN_ENDED = 'The sub-admin session this one was opened from has ended. Please sign in again.';

const isLive = (s: { revoked_at: string | null; expires_at: string; last_seen_at: string }, t: number) =>
  !s.revoked_at && Date.parse(s.expires_at) > t && Date.parse(s.last_seen_at) + SESSION_IDLE_MS > t;

/** Everything a request's session decides, in one lookup by the token's hash (compiled once: every request makes it). */
const sessionRow = compiledOnce((db: Kysely<DB>, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('subadmins as c', 'c.id', 's.subadmin_id')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 's.principal_id').on('s.principal_kind', '=', 'user'))
    .leftJoin('admins as a', (j) => j.onRef('a.id', '=', 's.principal_id').on('s.principal_kind', '=', 'admin'))
    .leftJoin('sessions as p', 'p.id', 's.impersonator_session_id')
    .select([
      's.id',
      's.principal_kind',
      's.principal_id',
      's.subadmin_id',
      's.impersonated_by',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'p.id as origin_id',
      'p.principal_kind as origin_kind',
      'p.principal_id as origin_principal',
      'p.last_seen_at as origin_last_seen',
      'p.expires_at as origin_expires',
      'p.revoked_at as origin_revoked',
      'c.is_blocked as company_blocked',
      'c.expiry_date',
      'c.deleted_at as company_deleted',
      'u.is_blocked as user_blocked',
      'u.deleted_at as user_deleted',
      'u.user_type',
      'u.id as user_id',
      'a.id as admin_id',
    ])
    .where('s.token_hash', '=', tokenHash),
);

export async function resolveSession(db: Kysely<DB>, token: string, now = new Date()): Promise<SessionResult> {
  const [row] = await sessionRow(db, hashToken(token));
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
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', 'in', ids).execute();
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

/** Ends one session, and the login-as sessions opened from it. */
export async function revokeSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where((eb) => eb.or([eb('id', '=', sessionId), eb('impersonator_session_id', '=', sessionId)]))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every open session of one principal, optionally keeping the caller's own. For a sub-admin
 * that includes its login-as sessions, except those opened from the session kept.
 */
export async function revokeSessionsOf(db: Kysely<DB>, kind: PrincipalKind, id: number, exceptSessionId?: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('revoked_at', 'is', null)
    .where((eb) => {
      const own = eb.and([
        eb('principal_kind', '=', kind),
        eb('principal_id', '=', id),
        ...(exceptSessionId !== undefined ? [eb('id', '!=', exceptSessionId)] : []),
      ]);
      if (kind !== 'subadmin') return own;
      const loginAs = eb.and([
        eb('impersonated_by', '=', id),
        ...(exceptSessionId !== undefined ? [eb.or([eb('impersonator_session_id', 'is', null), eb('impersonator_session_id', '!=', exceptSessionId)])] : []),
      ]);
      return eb.or([own, loginAs]);
    })
    .execute();
}

/** Ends every open session of a company: the sub-admin's and all its users'. */
export async function revokeCompanySessions(db: Kysely<DB>, subadminId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('subadmin_id', '=', subadminId).where('revoked_at', 'is', null).execute();
}
