import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Deps } from '../deps.js';
import { requestMeta } from '../http/session-plugin.js';
import { clearSessionCookie, setKnownDeviceCookie, setSessionCookie } from '../http/session-cookie.js';

export function contextFactory(deps: Deps) {
  return ({ req, res }: CreateFastifyContextOptions) => ({
    deps,
    actor: req.actor,
    authError: req.authError,
    authEndReason: req.authEndReason,
    meta: requestMeta(req),
    setSession: (token: string) => setSessionCookie(res, token, req.protocol === 'https'),
    setKnownDevices: (value: string) => setKnownDeviceCookie(res, value, req.protocol === 'https'),
    clearSession: () => clearSessionCookie(res),
  });
}

export type Context = Awaited<ReturnType<ReturnType<typeof contextFactory>>>;
