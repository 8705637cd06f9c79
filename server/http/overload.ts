import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OverloadConfig } from '../config.js';
import { SERVER_BUSY } from '../errors.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { TRPC_ROUTE } from '../metrics/route-label.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's handler for this route when the server is overloaded; answering nothing serves the route as usual */
    pressureHandler?: (req: FastifyRequest, reply: FastifyReply) => undefined;
  }
}

/**
 * Route config for what must answer however busy the server is: an orchestrator must not kill a
 * busy-but-alive server for a refused /healthz, and an operator must see it under load.
 */
export const servedWhenOverloaded = { pressureHandler: () => undefined };

const TRPC_BUSY = { message: SERVER_BUSY, code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } };

/** The refusal in the shape the caller reads: tRPC's error envelope (one per call of a batch), else the legacy API's. */
function busyAnswer(req: FastifyRequest): unknown {
  if (req.routeOptions.url !== TRPC_ROUTE) return { status: false, success: false, message: SERVER_BUSY };
  if ('batch' in (req.query as Record<string, unknown>)) {
    return ((req.params as { path?: string }).path ?? '').split(',').map(() => ({ error: TRPC_BUSY }));
  }
  return { error: TRPC_BUSY };
}

/**
 * While the event loop is overloaded (its mean delay, or its utilisation, over a sample interval
 * above the settings), a new request is answered 503 with Retry-After at once, before its session
 * is read, instead of queueing behind the work already late. Answers whether the server is
 * overloaded now (false when both checks are off).
 */
export async function refuseWhenOverloaded(app: FastifyInstance, settings: OverloadConfig, metrics?: AppMetrics): Promise<() => boolean> {
  if (!settings.eventLoopDelayMs && !settings.eventLoopUtilization) return () => false;
  const refuse = (req: FastifyRequest, reply: FastifyReply) => {
    metrics?.overloadRefusals.inc();
    reply.code(503).header('retry-after', String(settings.retryAfterSeconds));
    return busyAnswer(req);
  };
  await app.register(underPressure, {
    maxEventLoopDelay: settings.eventLoopDelayMs,
    maxEventLoopUtilization: settings.eventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    sampleInterval: settings.sampleIntervalMs,
    // The plugin sends what the handler returns and ends the request there; a handler that sent the
    // answer itself and returned nothing would have the request carry on to its route. Its types
    // say the handler returns nothing.
    pressureHandler: refuse as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
  return () => app.isUnderPressure();
}
