import type { FastifyError, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import type { Deps } from '../deps.js';
import { AppError, DATABASE_UNAVAILABLE, httpStatusOf, isDatabaseUnavailable } from '../errors.js';
import { failure } from './legacy.js';
import { JsonTooDeep, TOO_LARGE_MESSAGE } from '../http/body-limits.js';
import { authRoutes } from './auth.routes.js';
import { subadminsRoutes } from './subadmins.routes.js';
import { complaintsRoutes } from './complaints.routes.js';
import { usersRoutes } from './users.routes.js';
import { settingsRoutes } from './settings.routes.js';
import { leadsRoutes } from './leads.routes.js';
import { intakeRoutes } from './intake.routes.js';
import { distributionRoutes } from './distribution.routes.js';
import { leadWorkRoutes } from './lead-work.routes.js';
import { summariesRoutes } from './summaries.routes.js';
import { speedRoutes } from './speed.routes.js';
import { leadWorkExportRoutes } from './lead-work-export.routes.js';
import { projectsRoutes } from './projects.routes.js';
import { bannersRoutes } from './banners.routes.js';
import { mediaRoutes } from './media.routes.js';
import { tasksRoutes } from './tasks.routes.js';
import { docsRoutes } from './docs.routes.js';

/** What a request Fastify refused before its route ran is told (its own messages name Fastify's internals). */
function clientErrorMessage(status: number, err: Error, req: FastifyRequest): string {
  if (status === 413) return req.headers['content-type']?.startsWith('multipart/form-data') ? 'The file is too large.' : TOO_LARGE_MESSAGE;
  if (status === 415) return 'Unsupported content type.';
  if (err instanceof JsonTooDeep) return err.message;
  return 'Invalid request.';
}

/** The original client's API under /api/webapi, answering in its shapes (docs/product-rules.md#legacy-api). */
export const legacyApi: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // What the documentation is built from: every route registered below, with its declaration and guard.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return reply.code(httpStatusOf[err.code]).send(failure(err.message));
    if (isDatabaseUnavailable(err)) return reply.code(503).send(failure(DATABASE_UNAVAILABLE));
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(failure(clientErrorMessage(status, err, req)));
    }
    req.log.error({ err }, 'legacy api error');
    return reply.code(500).send(failure('Something went wrong'));
  });

  await app.register(authRoutes, { deps });
  await app.register(subadminsRoutes, { deps });
  await app.register(complaintsRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(settingsRoutes, { deps });
  await app.register(leadsRoutes, { deps });
  await app.register(intakeRoutes, { deps });
  await app.register(distributionRoutes, { deps });
  await app.register(leadWorkRoutes, { deps });
  await app.register(summariesRoutes, { deps });
  await app.register(speedRoutes, { deps });
  await app.register(leadWorkExportRoutes, { deps });
  await app.register(projectsRoutes, { deps });
  await app.register(bannersRoutes, { deps });
  await app.register(mediaRoutes, { deps });
  await app.register(tasksRoutes, { deps });
  await app.register(docsRoutes, { deps, routes });
};
