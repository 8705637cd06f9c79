import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './helpers/server-process.js';
import Fastify from 'fastify';
import { cutSlowBodies } from '../server/http/slow-body.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Trickle {
  /** resolves when the server closes the connection: how long it stayed open (ms) and what the server said */
  closed: Promise<{ ms: number; reply: string }>;
  /** what the server sent so far */
  reply(): string;
  stop(): void;
}

/** Opens a raw connection, sends `head`, then `piece` every `everyMs` until the server closes it (or `total` bytes went). */
function trickle(port: number, head: string, piece: string, everyMs: number, total = Infinity): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let reply = '';
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  socket.on('data', (d) => (reply += d));
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => {
      if (sent >= total || socket.destroyed) return clearInterval(timer);
      socket.write(piece);
      sent += piece.length;
    }, everyMs);
  });
  const closed = new Promise<{ ms: number; reply: string }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, reply });
    }),
  );
  return { closed, reply: () => reply, stop: () => socket.destroy() };
}

const post = (length: number) => `POST /trpc/auth.signOut HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** Whichever comes first: the connection closed, or `ms` passed (null). */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => null)]);

describe('request timeouts on a running server', () => {
  let timeouts: ServerProcess;
  let slowBodies: ServerProcess;
  beforeAll(async () => {
    [timeouts, slowBodies] = await Promise.all([
      startServer({
        env: { SEED_DEMO: '0', REQUEST_TIMEOUT_SECONDS: '4', HEADERS_TIMEOUT_SECONDS: '2', KEEP_ALIVE_TIMEOUT_SECONDS: '1', BODY_MIN_BYTES_PER_SECOND: '0' },
      }),
      startServer({ env: { SEED_DEMO: '0', REQUEST_TIMEOUT_SECONDS: '120', BODY_MIN_BYTES_PER_SECOND: '20', BODY_RATE_WINDOW_SECONDS: '2' } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await timeouts?.stop();
    await slowBodies?.stop();
  });

  it('closes a request whose body trickles in once the request timeout is over, with 408', async () => {
    const t = trickle(timeouts.port, post(10_000), ' ', 500);
    const closed = await within(t.closed, 15_000);
    t.stop();
    expect(closed, 'still open after 15 s').not.toBeNull();
    expect(closed!.ms).toBeGreaterThanOrEqual(3_500);
    expect(closed!.reply).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('closes a connection whose headers trickle in once the headers timeout is over', async () => {
    const t = trickle(timeouts.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X', 300);
    const closed = await within(t.closed, 10_000);
    t.stop();
    expect(closed, 'still open after 10 s').not.toBeNull();
    expect(closed!.ms).toBeGreaterThanOrEqual(1_500);
    expect(closed!.ms).toBeLessThan(4_000);
  }, 15_000);

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const t = trickle(timeouts.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 1000, 0);
    const closed = await within(t.closed, 10_000);
    t.stop();
    expect(closed, 'still open after 10 s').not.toBeNull();
    expect(closed!.reply).toMatch(/^HTTP\/1\.1 200/);
    expect(closed!.ms).toBeLessThan(4_000);
  }, 15_000);

  it('cuts a body that averages less than the least rate over a window, long before the request timeout', async () => {
    const t = trickle(slowBodies.port, post(10_000), ' ', 500);
    const closed = await within(t.closed, 15_000);
    t.stop();
    expect(closed, 'still open after 15 s').not.toBeNull();
    expect(closed!.ms).toBeLessThan(10_000);
    expect((await fetch(`${slowBodies.base}/healthz`)).status).toBe(200);
  }, 20_000);

  it('answers a slow upload that keeps above the least rate, however many windows it takes', async () => {
    const spaces = 3_000;
    // The JSON's braces with the headers, then 100 spaces every 100 ms: 3 s, more than one window.
    const t = trickle(slowBodies.port, `${post(2 + spaces)}{}`, ' '.repeat(100), 100, spaces);
    const started = Date.now();
    let open = true;
    void t.closed.then(() => (open = false));
    while (open && !t.reply() && Date.now() - started < 15_000) await sleep(100);
    const reply = t.reply();
    t.stop();
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  }, 20_000);
});

describe('the least body rate when the server holds a body back', () => {
  it('does not cut a body the server reads more slowly than the client sends it', async () => {
    const app = Fastify();
    cutSlowBodies(app, { minBytesPerSecond: 1_000_000, windowMs: 300 });
    app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    // A handler slower than the client: 64 kB every 100 ms, about 640 kB/s, under the least rate.
    app.post('/slow', async (req) => {
      let got = 0;
      for await (const chunk of req.body as AsyncIterable<Buffer>) {
        got += chunk.length;
        await sleep(100);
      }
      return { got };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const body = Buffer.alloc(2_000_000, 'x');
      const res = await fetch(`http://127.0.0.1:${port}/slow`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });
      expect(await res.json()).toEqual({ got: body.length });
    } finally {
      await app.close();
    }
  }, 60_000);
});
