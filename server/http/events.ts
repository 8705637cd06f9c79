import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import { isTelecallerType } from '../auth/actor.js';
import { resolveSession } from '../auth/sessions.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { alertMessage } from '../services/alerts/push.service.js';

/** Often enough that proxies (nginx's 60 s default) and phones' networks keep an idle stream open. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends (a restart, a deploy). */
const RETRY_MS = 3_000;

/**
 * GET /api/events: the signed-in telecaller's (or head's) alerts as Server-Sent Events while the app
 * is open (docs/alerts.md). Only that user's alerts. The session is checked again whenever a server
 * of this database writes a change to who may act (a sign-out, a block, a deletion, a password change
 * end the stream at once) and on every heartbeat. A session holds a few streams
 * (STREAMS_PER_SESSION: the oldest ends). Shutdown ends every stream (AlertHub.endStreams).
 */
export const eventsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // Each open app holds one: its start and end are not worth an info line each.
  app.get('/api/events', { logLevel: 'warn' }, async (req, reply) => {
    const actor = req.actor?.kind === 'user' ? req.actor : null;
    if (!actor || !isTelecallerType(actor.userType) || req.authVia !== 'cookie') {
      return reply.code(401).send({ status: false, success: false, message: req.authError ?? 'Please sign in.' });
    }
    const token = req.cookies[SESSION_COOKIE]!;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx would otherwise hold the events back in its buffer
      'x-accel-buffering': 'no',
      // the socket goes with the stream: a stream ended at shutdown leaves no idle connection behind
      connection: 'close',
    });
    res.write(`retry: ${RETRY_MS}\n: open\n\n`);

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
      res.end();
    };
    const unsubscribe = deps.alerts.subscribe((a) => {
      if (a.subadminId !== actor.subadminId || a.userId !== actor.id) return;
      res.write(`event: alert\ndata: ${JSON.stringify(alertMessage(a))}\n\n`);
    });
    // A database out of reach ends nothing: the next check decides.
    const stillAllowed = () => resolveSession(deps.db, token).then((s) => s.ok);
    const untrack = deps.alerts.addStream({ sessionId: actor.sessionId, end, stillAllowed });
    const heartbeat = setInterval(() => {
      stillAllowed()
        .then((ok) => {
          if (!ok) end();
          else if (!ended) res.write(': ping\n\n');
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    req.raw.on('close', end);
    res.on('error', end);
  });
};
