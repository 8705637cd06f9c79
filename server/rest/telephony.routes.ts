import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { AppError, httpStatusOf, isDatabaseUnavailable } from '../errors.js';
import { applyCallEvents, applyCallReports, callToConnect, type CallReport } from '../services/telephony/calls.service.js';
import { handleInbound } from '../services/telephony/inbound.service.js';
import { CallbackBatcher, QueueFull } from '../services/telephony/callback-batcher.js';
import { HookRefused, type HookReply, type HookRequest } from '../services/telephony/provider.js';
import { telephonyByHook, type CompanyTelephony } from '../services/telephony/settings.repository.js';

/** A provider's callback is a few hundred bytes of fields; this leaves room and refuses floods of junk. */
const HOOK_BODY_LIMIT = 32 * 1024;

type HookParams = { provider: string; token: string };

/** The request as a provider signed it: the public address plus the path and query it was sent to. */
function hookRequest(deps: Deps, req: FastifyRequest): HookRequest {
  return {
    method: req.method,
    url: `${deps.config.telephony.publicUrl ?? ''}${req.url}`,
    headers: req.headers,
    query: (req.query ?? {}) as Record<string, unknown>,
    body: req.body,
  };
}

/** Our call id, when the callback address names one (placeCall adds it). */
function namedCall(req: FastifyRequest): number | undefined {
  const raw = (req.query as Record<string, unknown>)?.call;
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

const send = (reply: FastifyReply, answer: HookReply) => reply.code(answer.status).type(answer.contentType).send(answer.body);

async function company(deps: Deps, req: FastifyRequest<{ Params: HookParams }>): Promise<CompanyTelephony> {
  const t = await telephonyByHook(deps.db, deps.config, req.params.provider, req.params.token);
  if (!t) throw new HookRefused('Not found.', 404);
  return t;
}

/**
 * Status callbacks, the agent-answered request (Twilio) and inbound calls: authenticated by the
 * company's secret in the address and, where the provider signs, by its signature. Nothing here uses
 * a session or a cookie.
 */
export const telephonyHooks: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HookRefused('The body is not JSON.', 400) as unknown as FastifyError);
    }
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler((err: FastifyError | AppError | HookRefused, req, reply) => {
    const text = (status: number, message: string) => reply.code(status).type('text/plain; charset=utf-8').send(message);
    if (err instanceof HookRefused) return text(err.status, err.message);
    if (err instanceof QueueFull) {
      reply.header('Retry-After', String(err.retryAfterSeconds));
      return text(503, err.message);
    }
    if (err instanceof AppError) return text(httpStatusOf[err.code], err.message);
    // 503: the provider tries the callback again later
    if (isDatabaseUnavailable(err)) return text(503, 'Busy, try again.');
    const status = (err as FastifyError).statusCode;
    if (status === 413) return text(413, 'Too large.');
    if (status && status >= 400 && status < 500) return text(status, 'Invalid request.');
    req.log.error({ err }, 'telephony hook error');
    return text(500, 'Something went wrong.');
  });

  // One batch at a time per process: a burst of callbacks holds one database connection, not all of them.
  const batcher = new CallbackBatcher<CallReport>(
    (reports) => applyCallReports(deps, reports),
    (r) => applyCallEvents(deps, r.t, r.events, r.namedCall),
  );
  const status = async (req: FastifyRequest<{ Params: HookParams }>, reply: FastifyReply) => {
    const t = await company(deps, req);
    const events = t.provider.readStatusCallback(t.settings, hookRequest(deps, req));
    // Answered once applied: a report that fails is the provider's to send again.
    if (events.length) await batcher.apply({ t, events, namedCall: namedCall(req) });
    return send(reply, t.provider.statusCallbackReply());
  };
  app.post<{ Params: HookParams }>('/:provider/:token/status', status);
  app.get<{ Params: HookParams }>('/:provider/:token/status', status);

  // Twilio asks what to do once the telecaller picks up: dial the lead of the call the address names.
  app.post<{ Params: HookParams }>('/:provider/:token/answer', async (req, reply) => {
    const t = await company(deps, req);
    if (!t.provider.answerReply) throw new HookRefused('No such call.', 404);
    const call = await callToConnect(deps, t, namedCall(req));
    return send(reply, t.provider.answerReply(t.settings, hookRequest(deps, req), call));
  });

  // A call to a company number: the provider asks whom to put it through to (Exotel's applets may ask with GET).
  const inbound = async (req: FastifyRequest<{ Params: HookParams }>, reply: FastifyReply) => {
    const t = await company(deps, req);
    const call = t.provider.readInbound(t.settings, hookRequest(deps, req));
    return send(reply, t.provider.inboundReply(t.settings, await handleInbound(deps, t, call)));
  };
  app.post<{ Params: HookParams }>('/:provider/:token/inbound', inbound);
  app.get<{ Params: HookParams }>('/:provider/:token/inbound', inbound);
};
