// Builds the server to JavaScript in dist/ (docs/operations.md#the-built-server): one esbuild bundle
// per entry point, with the dependencies inside it, so that a start reads a few files instead of
// compiling TypeScript and resolving hundreds of modules. The native modules stay outside: they load
// their binaries from node_modules at run time.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { EXTERNAL } from './external-modules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** dist/<name>.js for each; `npm start` runs dist/server.js, the other npm scripts the rest. */
export const ENTRY_POINTS = {
  server: 'server/launch.ts',
  migrate: 'server/db/migrate-cli.ts',
  backup: 'server/db/backup-cli.ts',
  restore: 'server/db/restore-cli.ts',
};

/**
 * Builds into a folder of its own, then moves the files into dist/, chunks before the entry points that
 * import them: a server starting from dist/ meanwhile (another `npm start`, a test) never reads a file
 * half-written. Chunks are named by their content, so an older entry point still finds its own.
 * `clean`: empty dist/ first (not while a server may run from it: its chunks load from there).
 */
export async function buildServer({ clean = false } = {}) {
  const out = path.join(root, 'dist');
  if (clean) fs.rmSync(out, { recursive: true, force: true });
  const staging = path.join(out, `.building-${process.pid}`);
  const entryPoints = Object.fromEntries(Object.entries(ENTRY_POINTS).filter(([, file]) => fs.existsSync(path.join(root, file))));
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      outdir: staging,
      bundle: true,
      // Shared code goes into chunks; the server's entry imports its main chunk only after the runtime check.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      platform: 'node',
      target: 'node22.14',
      external: EXTERNAL,
      // CommonJS dependencies inside an ES module bundle call require() for Node's own modules.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      sourcemap: 'linked',
      legalComments: 'none',
      logLevel: 'warning',
    });
    fs.mkdirSync(path.join(out, 'chunks'), { recursive: true });
    for (const name of fs.readdirSync(path.join(staging, 'chunks'))) fs.renameSync(path.join(staging, 'chunks', name), path.join(out, 'chunks', name));
    for (const name of fs.readdirSync(staging).filter((n) => n !== 'chunks')) fs.renameSync(path.join(staging, name), path.join(out, name));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer({ clean: true });
  console.log(`server built in dist/ (${Date.now() - started} ms)`);
}
