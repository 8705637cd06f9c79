// Postgres stopped and started under load (issue 10), on a Postgres of the test's own (initdb in a
// temporary folder, its own port) so that the machine's server is left alone: /healthz answers 503
// while the database is down, the server does not crash, and it recovers by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../seed/demo.js';
import { freePort } from '../helpers/net.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
const BIN = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
const asRoot = process.getuid?.() === 0;

/** Runs a Postgres program as the postgres user (initdb and the server refuse to run as root). */
function pgTool(tool: string, args: string[]) {
  const cmd = asRoot ? ['runuser', '-u', 'postgres', '--', `${BIN}/${tool}`, ...args] : [`${BIN}/${tool}`, ...args];
  return execFileSync(cmd[0]!, cmd.slice(1), { stdio: 'pipe' }).toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(BIN)('Postgres stopped and started under load', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    if (server) fs.rmSync(server.dir, { recursive: true, force: true });
    if (dataDir) {
      try {
        pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('answers 503 on /healthz while Postgres is down, stays up, and recovers alone within seconds', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-pg-'));
    fs.chmodSync(root, 0o777);
    dataDir = path.join(root, 'data');
    const port = await freePort();
    pgTool('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--no-sync']);
    const start = () =>
      pgTool('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(root, 'pg.log'),
        '-w',
        '-o',
        `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
    start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database app');
    await admin.end();

    server = await startServer({ env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/app`, SEED_DEMO: 'true' } });
    const base = server.base;
    const login = await fetch(`${base}/api/webapi/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.telecaller),
    });
    const token = ((await login.json()) as { token: string }).token;

    // Telecallers reading their queues all along; /healthz asked every 50 ms.
    const t0 = Date.now();
    const health: Array<{ at: number; status: number; ms: number }> = [];
    const reads: Array<{ at: number; status: number }> = [];
    let running = true;
    const ask = async (url: string, headers: Record<string, string> = {}) => {
      const t = Date.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        return { status: res.status, ms: Date.now() - t };
      } catch {
        return { status: 0, ms: Date.now() - t };
      }
    };
    const poller = (async () => {
      while (running) {
        const r = await ask(`${base}/healthz`);
        health.push({ at: Date.now() - t0, ...r });
        await sleep(50);
      }
    })();
    // Half through the legacy API, half through tRPC (the web app's way).
    const queuePage = encodeURIComponent(JSON.stringify({ queue: 'new', page: 1, pageSize: 20 }));
    const readers = Array.from({ length: 10 }, async (_, w) => {
      while (running) {
        const url = w % 2 ? `${base}/api/webapi/getLeads?page=1&pageSize=20` : `${base}/trpc/work.queue?input=${queuePage}`;
        const r = await ask(url, { authorization: `Bearer ${token}` });
        reads.push({ at: Date.now() - t0, status: r.status });
        if (r.status !== 200) await sleep(20);
      }
    });

    await sleep(1500);
    const stoppedAt = Date.now() - t0;
    pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    await sleep(3000);
    const restartAt = Date.now() - t0;
    start();
    let recoveredAt = -1;
    for (let i = 0; i < 200 && recoveredAt < 0; i++) {
      await sleep(50);
      const last = health.at(-1);
      if (last && last.at > restartAt && last.status === 200) recoveredAt = last.at;
    }
    await sleep(1000);
    running = false;
    await Promise.all([poller, ...readers]);

    const down = health.filter((h) => h.at > stoppedAt + 500 && h.at < restartAt);
    const readsDown = reads.filter((r) => r.at > stoppedAt + 500 && r.at < restartAt);
    const readsAfter = reads.filter((r) => r.at > recoveredAt + 200);
    console.log(
      `Postgres down ${restartAt - stoppedAt} ms: /healthz ${down.length} times, answers ${[...new Set(down.map((h) => h.status))].join('/')}, ` +
        `slowest ${Math.max(...down.map((h) => h.ms))} ms; queue reads while down ${[...new Set(readsDown.map((r) => r.status))].join('/')}; ` +
        `healthy again ${recoveredAt - restartAt} ms after the restart; ${readsAfter.length} reads after, all ${[...new Set(readsAfter.map((r) => r.status))].join('/')}`,
    );

    expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
    expect(health.filter((h) => h.at < stoppedAt).every((h) => h.status === 200)).toBe(true);
    expect(down.length).toBeGreaterThan(10);
    expect(down.every((h) => h.status === 503)).toBe(true);
    expect(Math.max(...down.map((h) => h.ms))).toBeLessThan(1000);
    expect(readsDown.every((r) => r.status === 503)).toBe(true);
    // Never a 500 or a dropped connection, not even as the database goes away mid-query.
    expect([...new Set(reads.map((r) => r.status))].sort()).toEqual(expect.arrayContaining([200, 503]));
    expect(reads.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    expect(recoveredAt).toBeGreaterThan(0);
    expect(recoveredAt - restartAt).toBeLessThan(5000);
    expect(readsAfter.length).toBeGreaterThan(10);
    expect(readsAfter.every((r) => r.status === 200)).toBe(true);
  }, 120_000);
});
