import packageJson from '../../package.json' with { type: 'json' };
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import type { Deps } from '../deps.js';
import { buildOpenApi } from './openapi.js';
import { captureDocument } from './capture.openapi.js';
import { renderDocsPage } from './docs-page.js';
import { legacyRoutes } from './route.js';

// Imported, not read from disk: the built server (dist/) lives elsewhere than this file.
const packageVersion = () => packageJson.version;

/** The legacy API's own documentation: public, built from `routes` (every route the legacy plugin registered). */
export const docsRoutes: FastifyPluginAsync<{ deps: Deps; routes: readonly RouteOptions[] }> = async (app, { deps, routes }) => {
  const r = legacyRoutes(app, 'Documentation');
  const { uploadMaxBytes, imageMaxBytes, videoMaxBytes } = deps.config;
  // Kept as text: each request sends the same bytes.
  let built: { json: string; html: string } | undefined;
  // On first request: by then every route is registered.
  const docs = () => {
    if (!built) {
      const doc = buildOpenApi({
        routes,
        prefix: app.prefix,
        version: packageVersion(),
        limits: { csv: uploadMaxBytes, image: imageMaxBytes, video: videoMaxBytes },
        beside: [captureDocument(deps.config.capture.perKey)],
      });
      built = { json: JSON.stringify(doc), html: renderDocsPage(doc) };
    }
    return built;
  };

  r.get('/openapi.json', { summary: 'This API as an OpenAPI 3 document', answers: 'document' }, async (_req, _input, reply) =>
    reply.type('application/json; charset=utf-8').send(docs().json),
  );
  r.get('/docs', { summary: 'This API as a page to read', answers: 'html' }, async (_req, _input, reply) =>
    reply.type('text/html; charset=utf-8').send(docs().html),
  );
};
