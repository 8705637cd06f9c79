import type {} from '@fastify/cookie';
import fp from 'fastify-plugin';
import { TELEPHONY_HOOK_ROUTES } from '../rest/telephony-paths.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { resolveSession } from '../auth/sessions.js';
import type { Deps } from '../deps.js';
import type { RequestMeta } from '../services/auth/auth.service.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { KNOWN_DEVICE_COOKIE } from '../auth/known-devices.js';
import type { SessionEndReason } from '../../shared/session-end.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** why the presented session did not resolve, if one was presented */
    authError: string | null;
    /** the same, as a code the web app carries to the sign-in page */
    authEndReason: SessionEndReason | null;
    authVia: 'cookie' | 'bearer' | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  const t = m?.[1]?.trim();
  return t && t !== 'null' && t !== 'undefined' ? t : null;
}

/**
 * Whether an Origin header names this server: scheme, host and port (default ports as the browser
 * leaves them out). req.protocol and req.host are the connection's, or X-Forwarded-Proto and
 * X-Forwarded-Host from a proxy TRUST_PROXY names.
 */
function isOwnOrigin(origin: string, req: FastifyRequest): boolean {
  try {
    const o = new URL(origin);
    if (o.origin === 'null' || (o.protocol !== 'http:' && o.protocol !== 'https:')) return false;
    return new URL(`${req.protocol}://${req.host}`).origin === o.origin;
  } catch {
    return false;
  }
}

/**
 * A state change without a token must come from our own pages. "Origin: null" (a sandboxed frame,
 * a data: page, a cross-site redirect) is another site, not the absence of one.
 */
function crossSiteReason(req: FastifyRequest): string | null {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return 'Cross-site request refused.';
  const origin = req.headers.origin;
  if (typeof origin === 'string' && !isOwnOrigin(origin, req)) return 'Cross-site request refused.';
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'application/json' && type !== 'multipart/form-data') {
    return 'Unsupported content type.';
  }
  return null;
}

/**
 * Judged by the route Fastify matched, not the raw URL: the router decodes "/%61pi/..." to
 * "/api/...", so a prefix test on req.url let such a request past.
 */
function isApiRoute(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  return route !== undefined && (route.startsWith('/trpc/') || route.startsWith('/api/'));
}

/**
 * The lead capture routes (server/rest/capture.routes.ts, docs/lead-capture.md) are called from other
 * sites by design: a company's website form posts to one (a cross-site, URL-encoded form post), a
 * CRM's server or a page's script to the other. They authenticate with the company's capture key
 * alone, in the URL or a header, never with our cookie or a session; so a cross-site request there
 * cannot act with anyone's session, which is what the same-origin check is for, and their bearer is a
 * key, not a session token to look up. Exactly these two routes, as Fastify matched them. A telephony
 * provider's callbacks (server/rest/telephony.routes.ts) are the same: the company's secret is in their address.
 */
const KEY_AUTHENTICATED_ROUTES = new Set(['/api/capture/leads', '/api/capture/form/:formKey', ...TELEPHONY_HOOK_ROUTES]);

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'], knownDevices: req.cookies[KNOWN_DEVICE_COOKIE] };
}

const sessionPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('authEndReason', null);
  app.decorateRequest('authVia', null);

  app.addHook('onRequest', async (req, reply) => {
    if (KEY_AUTHENTICATED_ROUTES.has(req.routeOptions.url ?? '')) return;
    const bearer = bearerToken(req);
    // Every state change, whatever its path: one that matches no route is refused all the same.
    if (!bearer && !SAFE_METHODS.has(req.method)) {
      const reason = crossSiteReason(req);
      if (reason) {
        return reply.code(403).send({ status: false, success: false, message: reason });
      }
    }
    if (!isApiRoute(req)) return;
    const token = bearer ?? req.cookies[SESSION_COOKIE];
    if (!token) return;
    const result = await resolveSession(deps.db, token);
    if (result.ok) {
      req.actor = result.actor;
      req.authVia = bearer ? 'bearer' : 'cookie';
    } else {
      req.authError = result.message;
      req.authEndReason = result.reason;
    }
  });
};

export default fp(sessionPlugin, { name: 'session' });
