import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './net.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  base: string;
  port: number;
  dir: string;
  /** the SQLite file, when the server runs on SQLite */
  dbFile: string;
  uploadsDir: string;
  child: ChildProcess;
  /** what the server printed so far */
  output(): string;
  /** resident memory of the server process in MiB, read from /proc */
  rssMiB(): number;
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export async function waitForHealth(base: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

/**
 * `server/main.ts` in a process of its own, as `npm start` runs it: a fresh folder (SQLite file and
 * uploads) unless `dir` names one to start again on, demo data when the database is empty; under a
 * limit of `openFiles` open files when given.
 */
export async function startServer(opts: { dir?: string; env?: Record<string, string>; openFiles?: number } = {}): Promise<ServerProcess> {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-rel-'));
  const port = await freePort();
  const dbFile = path.join(dir, 'app.db');
  const uploadsDir = path.join(dir, 'uploads');
  const args = ['--import', 'tsx', 'server/main.ts'];
  // With `openFiles`, under that limit of open files (ulimit -n: the hard one too, as Node raises its soft limit to the hard one at start).
  const [command, argv] = opts.openFiles
    ? ['sh', ['-c', `ulimit -n ${opts.openFiles} && exec "$0" "$@"`, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${dbFile}`,
      UPLOADS_DIR: uploadsDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHealth(base),
    exited.then((code) => {
      throw new Error(`server exited (${code}) before it was healthy:\n${out}`);
    }),
  ]);
  return {
    base,
    port,
    dir,
    dbFile,
    uploadsDir,
    child,
    exited,
    output: () => out,
    rssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface LatencyReport {
  count: number;
  max: number;
  p99: number;
  failures: number;
  slowest: number[];
  slowestAt: string[];
  /**
   * With a reference: the most any answer took beyond a bare server's asked at the same moment. A
   * stall of the whole machine (this shared 2-CPU box descheduling everything) slows both alike; a
   * stall of the app's event loop slows only the app's answer.
   */
  maxBeyondReference?: number;
  /** with a reference: the bare server's own slowest answer */
  referenceMax?: number;
}

export interface HealthWatch {
  /** stops watching; the latencies seen (ms) and how many answers were not 200 */
  stop(): Promise<LatencyReport>;
  /** ends the watching process without a report (a test that failed before stop) */
  kill(): void;
}

/**
 * Asks /healthz every 50 ms from a process of its own (so the test's own work does not delay the
 * asking) and times each answer, beside a bare server's answer asked at the same moment.
 */
export function watchHealth(base: string): HealthWatch {
  return watchLatency(`${base}/healthz`, {}, { reference: true });
}

/** A bare Node HTTP server in a process of its own (the reference beside the app). */
const BARE_SERVER = `
  const server = require('node:http').createServer((req, res) => res.end('ok'));
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
  process.on('disconnect', () => process.exit(0));
`;

/**
 * Asks a URL (GET, with these headers) every `everyMs` from a process of its own, and times each
 * answer. The first `warmUp` answers are left out of the report: the asking process's own start
 * (a new connection, its code not yet compiled) is in them. With `reference`, a bare server in a
 * process of its own is asked at the same moment each time (LatencyReport.maxBeyondReference).
 */
export function watchLatency(
  url: string,
  headers: Record<string, string> = {},
  opts: { everyMs?: number; warmUp?: number; reference?: boolean } = {},
): HealthWatch {
  const everyMs = opts.everyMs ?? 50;
  const warmUp = opts.warmUp ?? 0;
  const bare = opts.reference ? spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }) : null;
  const barePort = bare ? new Promise<number>((resolve) => bare.once('message', (port) => resolve(Number(port)))) : Promise.resolve(0);
  const script = `
    const http = require('node:http');
    const timed = (target, agent, hdrs, sink) => new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(target, { agent, timeout: 5000, headers: hdrs }, (res) => {
        res.resume(); res.on('end', () => { sink(performance.now() - t0, res.statusCode === 200); resolve(); });
      });
      req.on('error', () => { sink(performance.now() - t0, false); resolve(); });
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = []; const refTimes = []; const starts = []; let failures = 0; let stopping = false;
    const once = (refUrl) => {
      starts.push(Math.round(performance.now()));
      const app = timed(${JSON.stringify(url)}, agent, ${JSON.stringify(headers)}, (ms, ok) => { times.push(ms); if (!ok) failures++; });
      const ref = refUrl ? timed(refUrl, refAgent, {}, (ms) => refTimes.push(ms)) : null;
      return Promise.all([app, ref]);
    };
    process.once('message', (refUrl) => {
      (async () => { while (!stopping) { await once(refUrl); await new Promise((r) => setTimeout(r, ${everyMs})); } })();
      process.on('message', () => { stopping = true; setTimeout(() => { process.send({ times, refTimes, starts, failures }); process.exit(0); }, 100); });
    });
    // The test that started it is gone (it failed, or was stopped): so is this.
    process.on('disconnect', () => process.exit(0));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started = barePort.then((port) => child.send(port ? `http://127.0.0.1:${port}/` : ''));
  const endBare = () => {
    if (bare && bare.exitCode === null) bare.kill();
  };
  return {
    stop: () =>
      started.then(
        () =>
          new Promise((resolve) => {
            child.once('message', (all: { times: number[]; refTimes: number[]; starts: number[]; failures: number }) => {
              endBare();
              const times = all.times.slice(warmUp);
              const refTimes = all.refTimes.slice(warmUp);
              const starts = all.starts.slice(warmUp);
              const sorted = [...times].sort((a, b) => a - b);
              const slowestFirst = times
                .map((ms, i) => ({ ms, at: starts[i]! - starts[0]!, ref: refTimes[i] }))
                .sort((a, b) => b.ms - a.ms)
                .slice(0, 5);
              const beyond = bare ? times.map((ms, i) => ms - (refTimes[i] ?? 0)) : [];
              resolve({
                count: sorted.length,
                max: sorted.at(-1) ?? 0,
                p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
                failures: all.failures,
                slowest: sorted.slice(-5).map((n) => Math.round(n)),
                slowestAt: slowestFirst.map((x) => `${Math.round(x.ms)} ms at ${x.at} ms${x.ref === undefined ? '' : ` (bare ${Math.round(x.ref)} ms)`}`),
                ...(bare ? { maxBeyondReference: Math.max(0, ...beyond), referenceMax: Math.max(0, ...refTimes) } : {}),
              });
            });
            child.send('stop');
          }),
      ),
    kill: () => {
      endBare();
      if (child.exitCode === null) child.kill();
    },
  };
}
