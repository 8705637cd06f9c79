import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The sign-in pages are a page of their own (web/signin.html), light enough for a phone's first visit. */
export const SIGN_IN_PATHS = ['/signin', '/login', '/adminsignin', '/subadminsignin'];

/** Paths that are never one of the app's pages, whether or not a route answers them now (/metrics is off by default). */
const NOT_PAGES = ['/metrics'];

/** Serves the built SPA with a history fallback; missing assets answer 404, never index.html. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const signInFile = path.join(distDir, 'signin.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
  } else {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      preCompressed: true,
      // "/" is the telecaller dashboard: the directory index must be the app itself.
      index: 'index.html',
      setHeaders(reply, filePath) {
        // The page, the service worker and the manifest name the current version's files: always asked anew.
        if (filePath === indexFile || filePath === signInFile || /[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath))
          reply.header('Cache-Control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    if (fs.existsSync(signInFile)) {
      for (const url of SIGN_IN_PATHS) app.get(url, (_req, reply) => reply.sendFile('signin.html'));
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/assets/') &&
      !url.startsWith('/trpc') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !NOT_PAGES.includes(url.replace(/\/+$/, '')) &&
      !path.extname(url);
    if (wantsPage && fs.existsSync(indexFile)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    if (url.startsWith('/api/')) return reply.code(404).send({ status: false, success: false, message: 'Not found.' });
    return reply.code(404).send({ message: 'Not found.' });
  });
}
