import type { Insertable, Kysely } from 'kysely';
import type { DB, PrincipalKind, SessionsTable } from '../db/schema.js';
import { nowIso } from '../db/dialect.js';
import { compiledOnce } from '../db/compiled-once.js';

export async function insertSession(db: Kysely<DB>, values: Insertable<SessionsTable>): Promise<number> {
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Everything a request's session decides, in one lookup by the token's hash (compiled once: every request makes it). */
export const sessionRow = compiledOnce((db: Kysely<DB>, tokenHash: string) =>
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

/** Marks sessions as seen at `at`. */
export async function touchSessions(db: Kysely<DB>, ids: number[], at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', 'in', ids).execute();
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
