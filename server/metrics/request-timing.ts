import type { FastifyInstance } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import type { AppMetrics } from './metrics.js';
import { routeLabels } from './route-label.js';

/**
 * Times every answer into telecall_http_request_duration_seconds, from the request's arrival
 * (Fastify's reply.elapsedTime) to its last byte. A tRPC batch is counted once under each procedure
 * it called, with the batch's time.
 */
export function timeRequests(app: FastifyInstance, metrics: AppMetrics, router: AnyRouter, pagePaths: readonly string[]): void {
  const procedures = new Set(Object.keys(router._def.procedures));
  const pages = new Set(pagePaths);
  app.addHook('onResponse', (req, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const status_code = String(reply.statusCode);
    for (const route of routeLabels(req, reply.statusCode, procedures, pages)) {
      metrics.httpRequestDuration.observe({ method: req.method, route, status_code }, seconds);
    }
    done();
  });
}
