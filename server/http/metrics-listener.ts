import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { METRICS_PATH } from '../metrics/route-label.js';
import { BEARER_CHALLENGE, TOKEN_NEEDED, tokenCheck } from './metrics-route.js';

export interface MetricsListener {
  /** the port it listens on once the app is ready (METRICS_PORT=0 takes a free one); null before, and after close */
  port(): number | null;
}

function answerJson(res: http.ServerResponse, status: number, body: object, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * /metrics on a listener of its own (METRICS_PORT, bound to METRICS_HOST), so that it is reachable
 * from the machine or the container network only and needs no token unless METRICS_TOKEN is set too.
 * It starts when the app is ready (app.listen readies it first) and closes with the app.
 */
export function listenForMetrics(app: FastifyInstance, metrics: AppMetrics, settings: MetricsConfig & { port: number }): MetricsListener {
  const carriesToken = settings.token ? tokenCheck(settings.token) : null;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return answerJson(res, 404, { message: 'Not found.' });
    if (carriesToken && !carriesToken(req.headers.authorization))
      return answerJson(res, 401, { message: TOKEN_NEEDED }, { 'www-authenticate': BEARER_CHALLENGE });
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        answerJson(res, 500, { message: 'Something went wrong.' });
      },
    );
  });

  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        // Once listening, a failure to accept a connection must not end the process.
        server.on('error', (err) => app.log.error({ err }, 'metrics listener error'));
        resolve();
      });
    });
    app.log.info({ host: settings.host, port: (server.address() as { port: number }).port }, 'serving /metrics on a port of its own');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A scraper keeps its connection alive between scrapes: it would hold the close open.
      server.closeAllConnections();
    });
  });

  return {
    port() {
      const address = server.address();
      return address && typeof address === 'object' ? address.port : null;
    },
  };
}
