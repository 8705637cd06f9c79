// `npm start` and the npm scripts that run the server's tools: runs the built JavaScript in dist/
// (docs/operations.md#the-built-server). In a working copy it first builds what is out of date (the
// web app for the server, the server for all); in the image, which holds no sources, it runs what is
// there.
//   node scripts/run-built.mjs server|migrate|backup|restore [arguments]
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './newest-change.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name = 'server'] = process.argv.splice(2, 1);
const SERVER_SOURCES = ['server', 'shared', 'migrations', 'seed', 'package-lock.json', 'scripts/build-server.mjs'];

if (fs.existsSync(path.join(root, 'server'))) {
  if (name === 'server') execFileSync(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
  if (isStale(root, `dist/${name}.js`, SERVER_SOURCES)) {
    console.log('Building the server (dist)...');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
}

if (name === 'server') {
  // npm runs this under `sh -c`, and a SIGTERM sent to npm (what a process manager does) ends that
  // shell without reaching us. Losing the parent is the same request: stop the way SIGTERM does.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
}

const entry = path.join(root, 'dist', `${name}.js`);
if (!fs.existsSync(entry)) {
  console.error(`${path.relative(root, entry)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
await import(pathToFileURL(entry).href);
