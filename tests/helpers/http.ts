import type { inferRouterOutputs } from '@trpc/server';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppRouter } from '../../server/trpc/router.js';
import { SESSION_COOKIE } from '../../shared/constants.js';

/** The value at a dotted path of a nested record ('leads.uploaded' -> T['leads']['uploaded']); unknown for a path the router does not have. */
type AtPath<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? AtPath<T[Head], Rest>
    : unknown
  : P extends keyof T
    ? T[P]
    : unknown;

/** What the procedure at `P` answers, as the server declares it. */
export type ProcedureOutput<P extends string> = AtPath<inferRouterOutputs<AppRouter>, P>;

export interface Session {
  token: string;
  /** a Cookie header carrying the session, as the browser app sends it */
  cookie: string;
}

export type Credentials =
  | { kind: 'admin'; email: string; password: string }
  | { kind: 'subadmin'; email: string; password: string }
  | { kind: 'user'; mobile: string; password: string };

const LOGIN_PATH = { admin: '/api/webapi/admin/login', subadmin: '/api/webapi/subadmin/login', user: '/api/webapi/auth/login' };

export async function signIn(app: FastifyInstance, creds: Credentials): Promise<Session> {
  const { kind, ...body } = creds;
  const res = await app.inject({ method: 'POST', url: LOGIN_PATH[kind], payload: body });
  if (res.statusCode !== 200) throw new Error(`sign-in failed (${res.statusCode}): ${res.body}`);
  const token = res.json().token as string;
  return { token, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface TrpcResult<T = unknown> {
  status: number;
  /** typed as present so tests can read it after asserting the status; undefined at run time when the call failed */
  data: T;
  error?: { message: string; code: string; data: { code: string; httpStatus: number; fieldErrors?: Record<string, string> } };
  setCookie?: string | string[];
}

/** Calls a tRPC procedure the way the web app does: queries as GET, mutations as JSON POST, cookie auth. */
export async function trpc<P extends string>(
  app: FastifyInstance,
  kind: 'query' | 'mutation',
  procedure: P,
  input?: unknown,
  session?: Session | null,
): Promise<TrpcResult<ProcedureOutput<P>>> {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  const res =
    kind === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${procedure}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: input === undefined ? '' : JSON.stringify(input),
        });
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, error: body.error, setCookie: res.headers['set-cookie'] };
}

export const query = <P extends string>(app: FastifyInstance, p: P, input?: unknown, s?: Session | null) => trpc(app, 'query', p, input, s);
export const mutate = <P extends string>(app: FastifyInstance, p: P, input?: unknown, s?: Session | null) => trpc(app, 'mutation', p, input, s);

/** A legacy REST call with a bearer token, as the original client makes it. */
export async function legacy(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  session?: Session | null,
  payload?: unknown,
) {
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.token}`;
  const res = await app.inject({ method, url: `/api/webapi${url}`, headers, payload: payload as InjectOptions['payload'] });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
