// Builds the web app when web/dist is missing or older than any of its sources,
// so `npm start` on a fresh clone serves the app and later starts skip the build.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isStale } from './newest-change.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'shared', 'package-lock.json', 'scripts/compress-dist.mjs'];

const treeMissing = !fs.existsSync(path.join(root, 'web/src/routeTree.gen.ts'));

if (isStale(root, 'web/dist/index.html', sources, new Set(['routeTree.gen.ts'])) || treeMissing) {
  console.log('Building the web app (web/dist)...');
  // Vite keeps a NODE_ENV it finds (a shell's development, a test runner's test) and would then ship
  // React's development build, three times the size: the served app is always a production build.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  execFileSync(process.execPath, [path.join(root, 'scripts/compress-dist.mjs')], { cwd: root, stdio: 'inherit' });
}
