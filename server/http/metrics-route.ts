import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../metrics/metrics.js';
import { METRICS_PATH } from '../metrics/route-label.js';
import { servedWhenOverloaded } from './overload.js';

export const TOKEN_NEEDED = 'A valid metrics token is required.';
export const BEARER_CHALLENGE = 'Bearer realm="metrics"';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Checks scrapes for METRICS_TOKEN: whether an Authorization header carries it as a bearer token,
 * compared in constant time (the digests are of equal length whatever was sent).
 */
export function tokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return timingSafeEqual(digest(given ?? ''), expected) && given !== undefined;
  };
}

/** /metrics on the main port, for scrapes that carry METRICS_TOKEN. */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  const carriesToken = tokenCheck(token);
  // Scraped every few seconds, forever: logged only when something is wrong.
  app.get(METRICS_PATH, { logLevel: 'warn', config: servedWhenOverloaded }, async (req, reply) => {
    if (!carriesToken(req.headers.authorization)) return reply.code(401).header('www-authenticate', BEARER_CHALLENGE).send({ message: TOKEN_NEEDED });
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
