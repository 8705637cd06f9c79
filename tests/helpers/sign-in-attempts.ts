import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import { insertAdmin, insertCompany, insertUser } from './fixtures.js';

export type SignInKind = 'admin' | 'subadmin' | 'user';
export const LOGIN = { admin: '/api/webapi/admin/login', subadmin: '/api/webapi/subadmin/login', user: '/api/webapi/auth/login' };
export const TRPC_LOGIN = { admin: '/trpc/auth.signInAdmin', subadmin: '/trpc/auth.signInSubadmin', user: '/trpc/auth.signInUser' };

let addressSeq = 0;
/** An address no other attempt in this file came from, so the per-address count stays out of the way. */
export const freshAddress = () => `198.18.${Math.floor(++addressSeq / 250) % 250}.${addressSeq % 250}`;

/** One sign-in, over REST (default) or tRPC, from a fresh address unless one is given. */
export function attempt(app: FastifyInstance, kind: SignInKind, login: string, password: string, opts: { cookie?: string; ip?: string; trpc?: boolean } = {}) {
  const body = kind === 'user' ? { mobile: login, password } : { email: login, password };
  return app.inject({
    method: 'POST',
    url: opts.trpc ? TRPC_LOGIN[kind] : LOGIN[kind],
    remoteAddress: opts.ip ?? freshAddress(),
    headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

/** The known-device cookie a response sets, as a Cookie header value ('' if none). */
export function knownDeviceCookie(setCookie: string | string[] | undefined): string {
  const c = [setCookie].flat().find((h) => h?.startsWith('kd='));
  return c ? c.split(';')[0]! : '';
}

/** A new account of the kind, in a new company where it has one: what it signs in with. */
export async function newAccount(db: Kysely<DB>, kind: SignInKind): Promise<string> {
  if (kind === 'admin') return (await insertAdmin(db)).email;
  const company = await insertCompany(db);
  if (kind === 'subadmin') return company.email;
  return (await insertUser(db, company.id)).mobile;
}
