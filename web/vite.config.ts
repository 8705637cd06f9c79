import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(here, 'src/routes'),
      generatedRouteTree: path.join(here, 'src/routeTree.gen.ts'),
    }),
    react(),
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
        navigateFallbackDenylist: [/^\/trpc/, /^\/api\//, /^\/uploads\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
    }),
  ],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip for every few files: the libraries come in a
        // few files rather than thirty (npm run bench:web). What every page runs first is one file;
        // the rest is grouped by the set of pages that use it, so no page loads another's code. Small
        // groups are not merged into neighbours: merged, the table library landed on the sign-in page.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: /[\\/]node_modules[\\/]/, entriesAware: true, priority: 1 },
          ],
        },
        // Those groups are named after every page that shares them; a short name is enough.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith('ui~') ? 'ui' : '[name]'}-[hash].js`,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/trpc': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
