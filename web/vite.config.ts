import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The Mantine modules the sign-in page needs: one file the app shares (the rest of Mantine is the app's). */
const MANTINE_FOR_SIGN_IN = new RegExp(
  String.raw`[\/]node_modules[\/](?:(?:@mantine[\/](?:hooks|form)|clsx|fast-deep-equal|klona)[\/]` +
    String.raw`|@mantine[\/]core[\/]esm[\/](?:index|core[\/]|utils[\/]|components[\/]index|components[\/](?:` +
    'ActionIcon|Alert|Anchor|Badge|Button|Card|Center|CloseButton|Group|Input|InputBase|Loader|Notification|Paper|' +
    String.raw`PasswordInput|Portal|Stack|Text|TextInput|Title|Transition|UnstyledButton|VisuallyHidden)[\/]))`,
);
/** Libraries' code; their style sheets stay with the page that imports them (the sign-in page takes a few of Mantine's). */
const LIBRARY_CODE = /[\\/]node_modules[\\/](?!.*\.css$)/;
const UNSPLIT_ROUTES = new Set<string>(['/_user', '/_user/', '/_user/leadspage/leads']);
/** Served by signin.html, a page of its own (src/signin): see server/http/static.ts. */
const SIGN_IN_PAGE = /^\/(signin|login|adminsignin|subadminsignin)\/?(\?.*)?$/;

/**
 * public/early.js under a name with its content's hash (assets/early-<hash>.js, cached for good), which
 * index.html loads: it runs before the app's code, so it must not cost a round trip on a warm start.
 */
function earlyAnswersFile(): Plugin {
  let fileName = '';
  return {
    name: 'early-answers-file',
    apply: 'build',
    generateBundle() {
      const ref = this.emitFile({ type: 'asset', name: 'early.js', source: fs.readFileSync(path.join(here, 'public/early.js')) });
      fileName = this.getFileName(ref);
    },
    transformIndexHtml: { order: 'post', handler: (html) => html.replace('src="/early.js"', `src="/${fileName}"`) },
  };
}

/**
 * V8 compiles a function the first time it is called, on the main thread, and the app's modules get no
 * code cache from the service worker: a warm start spent a third of a second (on the phone profile)
 * compiling about 1,800 functions one by one. The files a page loads first open with V8's compile hint,
 * so that their functions are compiled while the file streams in, off the main thread (Chrome 136 on;
 * other browsers read a comment). See npm run bench:web.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileHintsOnFirstFiles(): Plugin {
  return {
    name: 'compile-hints-on-first-files',
    apply: 'build',
    // On the files as written: Vite adds its own first lines to a chunk after the plugins' hooks.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const first = chunks.filter((c) => c.isEntry);
      for (let i = 0; i < first.length; i++) {
        for (const name of first[i]!.imports) {
          const c = byName.get(name);
          if (c && !first.includes(c)) first.push(c);
        }
      }
      for (const chunk of first) {
        const file = path.join(options.dir!, chunk.fileName);
        fs.writeFileSync(file, COMPILE_HINT + fs.readFileSync(file, 'utf8'));
        // One line more at the top: a source map's lines move down one.
        if (fs.existsSync(`${file}.map`)) {
          const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
          fs.writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    {
      name: 'sign-in-page',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && SIGN_IN_PAGE.test(req.url)) req.url = '/signin.html';
          next();
        });
      },
    },
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The telecaller's area, its dashboard (the page the app opens on) and its queues come with the
      // app's first files instead of a second wave of requests after them (npm run bench:web): telecallers
      // are the ones on phones. The sub-admin's and the admin's areas (desktops) stay chunks of their own.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (UNSPLIT_ROUTES.has(routeId) ? [['notFoundComponent']] : undefined) },
      routesDirectory: path.join(here, 'src/routes'),
      generatedRouteTree: path.join(here, 'src/routeTree.gen.ts'),
    }),
    react(),
    earlyAnswersFile(),
    compileHintsOnFirstFiles(),
    // Installable, and the app opens without a connection: the service worker keeps the app's own
    // files (every page's code, fetched once in the background), never an API answer. A new version
    // waits for the next time the app is opened (web/src/lib/pwa.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Telecall Back Office',
        short_name: 'Telecall',
        description: 'Lead queues, calls and callbacks for telecalling teams',
        // '/' takes each role to its own dashboard (a sub-admin or the admin is sent on to theirs).
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1c7ed6',
        background_color: '#f8f9fa',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        navigateFallback: '/index.html',
        // Workbox matches these against the path and the query: a sign-in page with ?reason= is the sign-in page too.
        navigateFallbackDenylist: [/^\/trpc/, /^\/api\//, /^\/uploads\//, /^\/healthz/, SIGN_IN_PAGE],
        cleanupOutdatedCaches: true,
        // Lead alerts: Web Push and notification taps (docs/alerts.md).
        importScripts: ['/push-sw.js'],
        // The sign-in page is its own document: from the network, the last one kept when offline.
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(signin|login|adminsignin|subadminsignin)\/?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'sign-in-page', networkTimeoutSeconds: 5, matchOptions: { ignoreSearch: true } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the sign-in page, which loads a fraction of the app's code (src/signin).
      input: { index: path.join(here, 'index.html'), signin: path.join(here, 'signin.html') },
      output: {
        // A phone on a slow network pays a round trip for every few files: the libraries come in a
        // few files rather than thirty (npm run bench:web). React, and the part of Mantine the first
        // pages use, are shared by the app and the sign-in page; what else the app runs first is one
        // file the sign-in page never loads; the rest is grouped by the set of pages that use it, so no
        // page loads another's code. Small groups are not merged into neighbours: merged, the table
        // library landed on the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            // What the sign-in page uses of Mantine (the budget test fails if it ever loads the 'vendor' file).
            { name: 'mantine', test: MANTINE_FOR_SIGN_IN, priority: 3 },
            { name: 'vendor', test: LIBRARY_CODE, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: LIBRARY_CODE, entriesAware: true, priority: 1 },
          ],
        },
        // Those groups are named after every page that shares them; a short name is enough.
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(/~.*/, '')}-[hash].js`,
      },
    },
  },
  server: { port: 5173, proxy: { '/trpc': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
});
