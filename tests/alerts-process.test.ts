import fs from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './helpers/server-process.js';
import { openEventStream } from './helpers/event-stream.js';
import { DEMO } from '../seed/demo.js';
import { SESSION_COOKIE } from '../shared/constants.js';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill();
  if (server) fs.rmSync(server.dir, { recursive: true, force: true });
  server = undefined;
});

describe('the alert stream in the server process', () => {
  it('is not logged at info level, and does not hold SIGTERM up', async () => {
    server = await startServer({ env: { SEED_DEMO: '1', LOG_LEVEL: 'info' } });
    // Signed in on a connection that closes after it: only the streams are left open.
    const body = JSON.stringify(DEMO.telecaller);
    const token = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${server!.base}/api/webapi/auth/login`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve((JSON.parse(text) as { token: string }).token));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const streams = await Promise.all([1, 2].map(() => openEventStream(`${server!.base}/api/events`, `${SESSION_COOKIE}=${token}`)));
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const before = server.output();

    const started = Date.now();
    const exited = server.stop();
    // Ended as shutdown begins, not when the drain's grace (1 s) runs out.
    await Promise.all(streams.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(500);
    expect(await exited).toBe(0);
    expect(server.output()).toContain('server stopped');
    expect(before).toContain('/api/webapi/auth/login');
    expect(server.output()).not.toContain('/api/events');
  });
});
