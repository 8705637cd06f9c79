import type { FastifyRequest } from 'fastify';

export const TRPC_ROUTE = '/trpc/:path';
export const METRICS_PATH = '/metrics';

/** Routes that serve a file of the built app or an upload (fastify-static's wildcards, the sign-in page). */
const isStaticRoute = (url: string, pagePaths: ReadonlySet<string>) => url.endsWith('*') || pagePaths.has(url);

/**
 * The `route` labels of a finished request, bounded whatever the URL: the route's pattern
 * ('/api/webapi/getNewLeadsByTelecaller/:id', never the id); for tRPC each procedure the request
 * called, checked against the router's ('/trpc/work.submit', else '/trpc/unknown'); files and the
 * app's pages 'static'; a path no route has 'not_found'. None for /metrics itself.
 */
export function routeLabels(req: FastifyRequest, statusCode: number, procedures: ReadonlySet<string>, pagePaths: ReadonlySet<string>): string[] {
  const url = req.routeOptions.url;
  // The not-found handler serves the app's pages (the history fallback) and answers every other miss.
  if (url === undefined || req.is404) return [statusCode === 404 ? 'not_found' : 'static'];
  if (url === METRICS_PATH) return [];
  if (url === TRPC_ROUTE) {
    const path = (req.params as { path?: string }).path ?? '';
    return [...new Set(path.split(',').map((name) => (procedures.has(name) ? `/trpc/${name}` : '/trpc/unknown')))];
  }
  if (isStaticRoute(url, pagePaths)) return [statusCode === 404 ? 'not_found' : 'static'];
  return [url];
}
