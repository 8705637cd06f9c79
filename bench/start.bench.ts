// Start-up (issue: running it for real): how long the built server takes from its launch to its first
// `/healthz` answer, beside the reference measured in the same run: a bare Fastify server with one
// `/healthz` route, launched the same way. Goal: at most 3x the reference. The app starts on a
// database it already migrated (a restart, what a container does after its first start), in
// production mode, with V8's compile cache as server/launch.ts keeps it (the reference gets one too);
// its first start on an empty database (migrations applied), a restart without the cache and the
// development start (`tsx`, compiling TypeScript) are printed beside it. Each is launched RUNS times, in turns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { freePort } from '../tests/helpers/net.js';
import { percentile } from './load.js';

const RUNS = 7;
const GOAL = 3;
const root = path.resolve(import.meta.dirname, '..');

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** Launches `args` under node and answers the milliseconds to its first 200 from /healthz; stops it (SIGTERM). */
async function timeToHealthy(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}) before /healthz answered`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

export async function run(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-start-'));
  const bare = path.join(root, '.tmp', 'bench-bare-fastify.mjs');
  fs.mkdirSync(path.dirname(bare), { recursive: true });
  fs.writeFileSync(bare, BARE_FASTIFY);
  try {
    const env = (name: string) => ({
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, `${name}.db`)}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
    });
    // The built server keeps V8's compiled code on disk (server/launch.ts); the reference gets the same.
    const cache = (name: string) => ({ NODE_COMPILE_CACHE: path.join(dir, `${name}-compile-cache`) });
    const firstStarts: number[] = [];
    const times = { reference: [] as number[], app: [] as number[], uncached: [] as number[], dev: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      firstStarts.push(await timeToHealthy(['dist/server.js'], { ...env(`first-${i}`), ...cache('app') }));
      times.reference.push(await timeToHealthy([bare], cache('reference')));
      times.app.push(await timeToHealthy(['dist/server.js'], { ...env('app'), ...cache('app') }));
      times.uncached.push(await timeToHealthy(['dist/server.js'], { ...env('app'), NODE_DISABLE_COMPILE_CACHE: '1' }));
      times.dev.push(await timeToHealthy(['--import', 'tsx', 'server/main.ts'], env('app')));
    }
    const ref = median(times.reference);
    const app = median(times.app);
    const line = (label: string, ms: number) => console.log(`${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / ref).toFixed(2)}x`);
    console.log(`launch to the first /healthz answer, median of ${RUNS} (node ${process.version}):`);
    line('reference: a bare Fastify server', ref);
    line(`the built server (dist/server.js), a restart  goal <= ${GOAL}x`, app);
    line('the built server, first start (migrations applied)', median(firstStarts));
    line('the built server, a restart without the compile cache', median(times.uncached));
    line('development start (tsx compiling server/main.ts)', median(times.dev));
    console.log(`goal ${app / ref <= GOAL ? 'met' : 'missed'}: ${(app / ref).toFixed(2)}x the reference`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
