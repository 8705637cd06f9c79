import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OverloadConfig } from '../config.js';
import { SERVER_BUSY } from '../errors.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { TRPC_ROUTE } from '../metrics/route-label.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** present on a route served as usual when the server is overloaded */
    pressureHandler?: (req: FastifyRequest, reply: FastifyReply) => undefined;
  }
  interface FastifyInstance {
    /** whether the event loop was overloaded over the last sample interval (false when both checks are off) */
    isUnderPressure(): boolean;
  }
}

/**
 * Route config for what must answer however busy the server is: an orchestrator must not kill a
 * busy-but-alive server for a refused /healthz, and an operator must see it under load.
 */
export const servedWhenOverloaded = { pressureHandler: () => undefined };

const TRPC_BUSY = { message: SERVER_BUSY, code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } };
/** The delay histogram's resolution: its mean includes it, so it is taken off. */
const RESOLUTION_MS = 10;

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
 *
 * Sampled here rather than by @fastify/under-pressure: that plugin also reads the process's memory
 * on every sample, which opens a file, and with the open-file limit reached the read threw from a
 * timer and ended the process (docs/operations.md#open-files). Nothing here opens a file.
 */
export async function refuseWhenOverloaded(app: FastifyInstance, settings: OverloadConfig, metrics?: AppMetrics): Promise<() => boolean> {
  if (!settings.eventLoopDelayMs && !settings.eventLoopUtilization) {
    app.decorate('isUnderPressure', () => false);
    return () => false;
  }
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let utilization = performance.eventLoopUtilization();
  let delayMs = 0;
  let utilized = 0;
  const sample = setInterval(
    () => {
      delayMs = Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
      if (Number.isNaN(delayMs)) delayMs = Number.POSITIVE_INFINITY;
      histogram.reset();
      const now = performance.eventLoopUtilization();
      utilized = performance.eventLoopUtilization(now, utilization).utilization;
      utilization = now;
    },
    Math.max(RESOLUTION_MS, settings.sampleIntervalMs),
  );
  sample.unref();
  app.addHook('onClose', async () => {
    clearInterval(sample);
    histogram.disable();
  });

  const overloaded = () =>
    (settings.eventLoopDelayMs > 0 && delayMs > settings.eventLoopDelayMs) || (settings.eventLoopUtilization > 0 && utilized > settings.eventLoopUtilization);
  app.decorate('isUnderPressure', overloaded);
  app.addHook('onRequest', async (req, reply) => {
    if (!overloaded() || req.routeOptions.config.pressureHandler) return;
    metrics?.overloadRefusals.inc();
    return reply.code(503).header('retry-after', String(settings.retryAfterSeconds)).send(busyAnswer(req));
  });
  return overloaded;
}
