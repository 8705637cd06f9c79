import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
