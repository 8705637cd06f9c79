import Fastify, { type RouteOptions } from 'fastify';
import { legacyApi } from '../../server/rest/index.js';
import type { Deps } from '../../server/deps.js';

export const LEGACY_PREFIX = '/api/webapi';

/** The legacy routes as the server registers them, read from a Fastify with only the legacy plugin (HEAD left out). */
export async function registeredLegacyRoutes(deps: Deps): Promise<{ method: string; path: string; options: RouteOptions }[]> {
  const app = Fastify({ logger: false });
  const routes: { method: string; path: string; options: RouteOptions }[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, path: r.url.slice(LEGACY_PREFIX.length), options: r });
  });
  await app.register(legacyApi, { prefix: LEGACY_PREFIX, deps });
  await app.ready();
  await app.close();
  return routes;
}
