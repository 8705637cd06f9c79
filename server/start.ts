// `npm start`: checks the runtime (the first import), builds the web app when stale, then runs the server in this process.
import './preflight.js';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
execFileSync(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], { cwd: root, stdio: 'inherit' });

// npm runs this under `sh -c`, and a SIGTERM sent to npm (what a process manager does) ends that
// shell without reaching us. Losing the parent is the same request: stop the way SIGTERM does.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 250).unref();

await import('./main.js');
