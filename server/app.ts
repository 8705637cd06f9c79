import path from 'node:path';
import fs from 'node:fs';
import http from 'node:http';
import type https from 'node:https';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Config } from './config.js';
import { appRoot } from './app-root.js';
import { createDatabase, dialectOfUrl, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Deps } from './deps.js';
import { SignInLimiter } from './auth/sign-in-limiter.js';
import { KnownDevices } from './auth/known-devices.js';
import sessionPlugin from './http/session-plugin.js';
import { trpcPlugin } from './http/trpc-plugin.js';
import { registerSpa, SIGN_IN_PATHS } from './http/static.js';
import { cutSlowBodies } from './http/slow-body.js';
import { capConnections, connectionCapFor, openFileLimit } from './http/connection-cap.js';
import { BODY_LIMIT, refusingDeepJson } from './http/body-limits.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { STORED_NAME, sweepUploads } from './services/uploads/uploads.service.js';
import { appRouter, type AppRouter } from './trpc/router.js';
import { contextFactory } from './trpc/context.js';
import { legacyApi } from './rest/index.js';
import { captureApi, CAPTURE_PREFIX } from './rest/capture.routes.js';
import { telephonyHooks } from './rest/telephony.routes.js';
import { TELEPHONY_PREFIX } from './rest/telephony-paths.js';
import { AlertHub } from './services/alerts/hub.js';
import { eventsRoutes } from './http/events.js';
import { recordingsRoutes } from './rest/recordings.routes.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './errors.js';
import { AppMetrics } from './metrics/metrics.js';
import { timingQueries } from './metrics/query-timing.js';
import { timeRequests } from './metrics/request-timing.js';
import { metricsRoute } from './http/metrics-route.js';
import { listenForMetrics } from './http/metrics-listener.js';
import { refuseWhenOverloaded, servedWhenOverloaded } from './http/overload.js';

export const WEB_DIST = path.join(appRoot(), 'web/dist');

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  /** from now on answers tell keep-alive clients to reconnect (shutdown begins) */
  drain(): void;
  /** the port /metrics listens on when METRICS_PORT is set, once the app is ready; null otherwise */
  metricsPort(): number | null;
}

export interface BuildOptions {
  /** a database made by the caller (tests); buildApp makes one from the config otherwise */
  database?: Database;
  /** the metrics a caller's database reports its statements to (made with timingQueries); made here otherwise */
  metrics?: AppMetrics;
  logger?: boolean;
  /** how Web Push services are reached (tests: a receiver on this machine); https's own agent otherwise */
  pushAgent?: https.Agent;
}

/**
 * The app's metrics when METRICS_TOKEN or METRICS_PORT is set, for a caller that makes the database
 * itself and wants its statements timed (tests/helpers/app.ts).
 */
export const metricsFor = (config: Config): AppMetrics | undefined => (config.metrics ? new AppMetrics(dialectOfUrl(config.databaseUrl)) : undefined);

/** Builds the whole server: plugins, database (migrated), services, tRPC, legacy REST, static files. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // Off unless TRUST_PROXY names the proxy: else anyone sets their own address with X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500 },
    // Bounds on how long a client may hold a connection without finishing its request (see docs/configuration.md
    // "Configuration"); Node checks them on an interval, short enough for the shortest of them.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.timeouts.headersMs / 4))),
    },
  });
  capConnections(app.server, config.maxConnections ?? connectionCapFor(openFileLimit()), app.log);
  cutSlowBodies(app, config.slowBody);
  // Before any plugin, so that every scope's JSON bodies are checked for depth before they are parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, refusingDeepJson(parseJson));
  const metrics = opts.metrics ?? metricsFor(config);
  if (metrics) timeRequests(app, metrics, appRouter, SIGN_IN_PATHS);

  // Answers finished while draining tell keep-alive clients to reconnect instead of reusing a socket
  // about to close. Added before any plugin so that every route has it.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    deps.alerts.endStreams();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining && reply.request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });

  const database =
    opts.database ??
    createDatabase(config.databaseUrl, {
      keptReadsMs: config.keptReadsMs,
      onPoolError: (err) => app.log.error({ err }, 'postgres pool error'),
      // Timing every statement costs every request a little: only a server with metrics pays it.
      instrument: metrics && timingQueries(metrics),
    });
  const migrated = await migrateToLatest(database.db, database.dialect, database.pgSchema);
  if (migrated.backup) app.log.info(`database copied to ${migrated.backup} before applying ${migrated.applied.join(', ')}`);
  fs.mkdirSync(config.uploadsDir, { recursive: true });

  const deps: Deps = {
    db: database.db,
    dialect: database.dialect,
    config,
    signInLimiter: new SignInLimiter(database.db),
    knownDevices: new KnownDevices(database.db),
    alerts: await AlertHub.start(database.db, database.dialect, {
      databaseUrl: config.databaseUrl,
      pgSchema: database.pgSchema,
      pushContact: config.pushContact,
      logger: app.log,
      pushAgent: opts.pushAgent,
    }),
    metrics,
  };
  metrics?.watchPool(database.poolState);
  // What a crash left half-written, or a deleted record left on disk, goes before the first request.
  const swept = await sweepUploads(deps);
  if (swept.removed) app.log.info({ removed: swept.removed }, 'removed leftover uploads');

  // What no route's own handler takes: a database out of reach is a 503, a client's mistake keeps
  // Fastify's 4xx answer, anything else is a 500 that names nothing inside (a session lookup in a
  // hook, for one, fails here when the database is down).
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isDatabaseUnavailable(err)) return reply.code(503).send({ status: false, success: false, message: DATABASE_UNAVAILABLE });
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ statusCode: status, code: err.code, error: http.STATUS_CODES[status], message: err.message });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ status: false, success: false, message: 'Something went wrong. Please try again.' });
  });

  addSecurityHeaders(app, {
    hsts: false,
    contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null, 'img-src': ["'self'", 'data:', 'blob:'] } },
  });
  // Before the session plugin: a refused request costs no session read.
  const overloaded = await refuseWhenOverloaded(app, config.overload, metrics);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20 } });
  await app.register(sessionPlugin, { deps });

  // Orchestrators ask these every few seconds: logged only when something is wrong, not at info.
  app.get('/healthz', { logLevel: 'warn', config: servedWhenOverloaded }, async (_req, reply) => {
    const ok = await database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable' });
  });
  // Ready for traffic: migrations are done (buildApp applies them before any route exists), the
  // database answers, shutdown has not begun, and the server is not overloaded, so a load balancer
  // stops sending new work first (/healthz still answers: busy is not dead).
  app.get('/readyz', { logLevel: 'warn', config: servedWhenOverloaded }, async (_req, reply) => {
    if (draining) return reply.code(503).send({ status: 'shutting down' });
    if (overloaded()) return reply.code(503).send({ status: 'overloaded' });
    const ok = await database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unavailable' });
  });

  // With METRICS_TOKEN on the main port; with METRICS_PORT on a listener of its own (asking the token too when set).
  if (metrics && config.metrics?.token) metricsRoute(app, metrics, config.metrics.token);
  const metricsListener =
    metrics && config.metrics?.port !== undefined ? listenForMetrics(app, metrics, { ...config.metrics, port: config.metrics.port }) : null;

  await app.register(trpcPlugin<AppRouter>(), {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(deps),
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, procedure }, 'trpc error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(legacyApi, { prefix: '/api/webapi', deps });
  await app.register(captureApi, { prefix: CAPTURE_PREFIX, deps });
  await app.register(telephonyHooks, { prefix: TELEPHONY_PREFIX, deps });
  await app.register(eventsRoutes, { deps });
  await app.register(recordingsRoutes, { deps });

  await app.register(fastifyStatic, {
    root: path.resolve(config.uploadsDir),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Only files this server stored and named: no listing, no half-written upload, nothing else in the folder.
    allowedPath: (pathName) => STORED_NAME.test(pathName.replace(/^\//, '')),
  });
  await registerSpa(app, config.webDistDir ? path.resolve(config.webDistDir) : WEB_DIST);

  app.addHook('onClose', async () => {
    await deps.alerts.close();
    if (!opts.database) await database.close();
  });

  return {
    app,
    deps,
    database,
    drain: () => {
      draining = true;
      // An open app's event stream would hold its connection through the whole drain: it reconnects to another instance.
      deps.alerts.endStreams();
    },
    metricsPort: () => metricsListener?.port() ?? null,
  };
}
