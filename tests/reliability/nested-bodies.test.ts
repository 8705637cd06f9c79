// Issue 31, item 6: a megabyte of nested arrays does not stall the server, signed in or not. Six
// parallel 1 MB `[[[...]]]` bodies to each sign-in route (legacy and tRPC), then to routes that keep
// the app's megabyte limit (where the depth of the JSON is what refuses them); /healthz keeps
// answering within 100 ms of a bare server asked at the same moment, as tests/reliability/fuzz.test.ts
// judges it. On SQLite, and on Postgres when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { Leftovers, createScratchDatabase } from '../helpers/scratch-databases.js';
import { startServer, watchHealth, type ServerProcess } from '../helpers/server-process.js';

const HEALTH_MS = 100;
const PARALLEL = 6;
/** Just under the app's 1 MB body limit: `[` then `]`, half a megabyte each. */
const DEPTH = 512 * 1024 - 16;
const NESTED = Buffer.from(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);

const SIGN_IN_ROUTES = [
  '/api/webapi/admin/login',
  '/api/webapi/subadmin/login',
  '/api/webapi/auth/login',
  '/api/webapi/login',
  '/trpc/auth.signInAdmin',
  '/trpc/auth.signInSubadmin',
  '/trpc/auth.signInUser',
  '/trpc/auth.signInAdmin,auth.signInUser?batch=1',
];
/** Routes with the app's limit, called without signing in: the body is read before anyone is asked who they are. */
const WIDE_ROUTES = ['/api/webapi/createUser', '/trpc/distribution.distribute', '/trpc/intake.addLead'];

// A connection per request: a refused body may close its connection.
const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });

function post(base: string, path: string, body: Buffer): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    let answered: number | null = null;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      },
      (res) => {
        answered = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => resolve(answered!));
      },
    );
    // A server refusing a body it will not read answers and may close while the rest is still being written.
    req.on('error', (err) => (answered !== null ? resolve(answered) : reject(err)));
    req.end(body);
  });
}

async function floodWhileWatched(server: ServerProcess) {
  const health = watchHealth(server.base);
  try {
    await new Promise((r) => setTimeout(r, 500));
    const statuses: Record<string, number[]> = {};
    for (const path of [...SIGN_IN_ROUTES, ...WIDE_ROUTES]) {
      statuses[path] = await Promise.all(Array.from({ length: PARALLEL }, () => post(server.base, path, NESTED)));
    }
    await new Promise((r) => setTimeout(r, 300));
    const h = await health.stop();
    console.log(
      `nested bodies: ${Object.entries(statuses)
        .map(([p, s]) => `${p} ${s.join(',')}`)
        .join('; ')}\n/healthz ${h.count} times, max ${h.max.toFixed(1)} ms (beyond a bare server ${h.maxBeyondReference!.toFixed(1)} ms), ` +
        `p99 ${h.p99.toFixed(1)} ms, slowest ${h.slowestAt.join(', ')}, failures ${h.failures}`,
    );
    return { statuses, health: h };
  } finally {
    health.kill();
  }
}

function expectServed(o: Awaited<ReturnType<typeof floodWhileWatched>>) {
  for (const path of SIGN_IN_ROUTES) expect(o.statuses[path], path).toEqual(Array(PARALLEL).fill(413));
  for (const path of WIDE_ROUTES) expect(o.statuses[path], path).toEqual(Array(PARALLEL).fill(400));
  expect(o.health.failures).toBe(0);
  expect(o.health.count).toBeGreaterThan(10);
  expect(o.health.maxBeyondReference, '/healthz beyond a bare server (ms)').toBeLessThan(HEALTH_MS);
}

describe('six parallel 1 MB nested-array bodies to each sign-in route leave /healthz served', () => {
  const leftovers = new Leftovers();
  afterAll(() => leftovers.clear());

  it('on SQLite', async () => {
    const server = await startServer({ dir: fs.mkdtempSync('/tmp/tcb-nested-') });
    leftovers.servers.push(server);
    expectServed(await floodWhileWatched(server));
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on Postgres',
    async () => {
      const { name, url } = await createScratchDatabase('nested');
      leftovers.databases.push(name);
      const server = await startServer({ env: { DATABASE_URL: url } });
      leftovers.servers.push(server);
      expectServed(await floodWhileWatched(server));
    },
    120_000,
  );
});
