import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { freePort } from './helpers/net.js';
import { waitForHealth } from './helpers/server-process.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** A server of its own: a fresh SQLite file and uploads folder in dir, on port, logging at info. */
function serverEnv(dir: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('starts on an empty SQLite file with demo data, prints the sign-ins, and stops cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-proc-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: serverEnv(dir, port, { SEED_DEMO: '' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));

    await waitForHealth(base);
    expect(out).toContain('Demo data created');
    expect(out).toMatch(/admin@demo\.local/);
    expect(fs.existsSync(path.join(dir, 'app.db'))).toBe(true);

    // A request in flight when SIGTERM arrives (headers read, body still coming) still gets its answer.
    const body = JSON.stringify({ email: 'owner@sunrise.demo', password: 'owner12345' });
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/webapi/subadmin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"success":true');
    // A keep-alive client must not reuse a socket the server is about to close.
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(await exited).toBe(0);
    expect(out).toContain('server stopped');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops when a process manager sends SIGTERM to npm start, and frees the port', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-proc-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['start'], { cwd: root, env: serverEnv(dir, port, { SEED_DEMO: '0' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    // The first start on a fresh clone builds the web app.
    await waitForHealth(base, 110_000);

    child.kill('SIGTERM');
    await exited;
    // The server finishes stopping and frees the port right after npm has gone.
    const until = Date.now() + 5_000;
    while (Date.now() < until && !out.includes('server stopped')) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain('server stopped');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 150_000);

  it('refuses to start on a bad configuration value with a clear message', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child!.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
  });

  it('says which port is taken and how to choose another, without a stack trace, when the port is in use', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-proc-'));
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: serverEnv(dir, port, { SEED_DEMO: '0', HOST: '127.0.0.1' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child!.on('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      expect(out).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(out).toContain(`PORT=${port + 1} npm start`);
      expect(out).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
