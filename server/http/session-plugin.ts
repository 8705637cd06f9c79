import type {} from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { resolveSession } from '../auth/sessions.js';
import type { Deps } from '../deps.js';
import type { RequestMeta } from '../services/auth/auth.service.js';
import { SESSION_COOKIE } from '../../shared/constants.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** why the presented session did not resolve, if one was presented */
    authError: string | null;
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

/** A cookie-borne state change must come from our own pages. */
function crossSiteReason(req: FastifyRequest): string | null {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return 'Cross-site request refused.';
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      if (new URL(origin).host !== req.headers.host) return 'Cross-site request refused.';
    } catch {
      return 'Cross-site request refused.';
    }
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'application/json' && type !== 'multipart/form-data') {
    return 'Unsupported content type.';
  }
  return null;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

const sessionPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('authVia', null);

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/trpc') && !req.url.startsWith('/api/')) return;
    const bearer = bearerToken(req);
    const cookie = req.cookies[SESSION_COOKIE];
    if (!bearer && !SAFE_METHODS.has(req.method)) {
      const reason = crossSiteReason(req);
      if (reason) {
        return reply.code(403).send({ status: false, success: false, message: reason });
      }
    }
    const token = bearer ?? cookie;
    if (!token) return;
    const result = await resolveSession(deps.db, token);
    if (result.ok) {
      req.actor = result.actor;
      req.authVia = bearer ? 'bearer' : 'cookie';
    } else {
      req.authError = result.message;
    }
  });
};

export default fp(sessionPlugin, { name: 'session' });
