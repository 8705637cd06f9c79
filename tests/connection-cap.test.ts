import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { FALLBACK_OPEN_FILES, connectionCapFor, openFileLimit } from '../server/http/connection-cap.js';

describe('the connection cap', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-limits-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const limits = (softHard: string) => {
    const file = path.join(dir, `limits-${Math.random()}`);
    fs.writeFileSync(
      file,
      `Limit                     Soft Limit           Hard Limit           Units     \nMax processes             63450                63450                processes \nMax open files            ${softHard}                files     \n`,
    );
    return file;
  };

  it("reads the process's soft open-file limit, with a fallback where it cannot", () => {
    expect(openFileLimit(limits('256                  4096'))).toBe(256);
    expect(openFileLimit(limits('unlimited            unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(openFileLimit(path.join(dir, 'none'))).toBe(FALLBACK_OPEN_FILES);
    expect(openFileLimit(limits('x                    y'))).toBe(FALLBACK_OPEN_FILES);
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('keeps files for the rest: 768 connections under 1024, 153 under 256, at least one', () => {
    expect(connectionCapFor(1024)).toBe(768);
    expect(connectionCapFor(256)).toBe(153);
    expect(connectionCapFor(10)).toBe(1);
  });
});

describe.each(dialects)('a server at its connection cap on %s', (dialect) => {
  const CAP = 20;
  const t = testAppFor(dialect, { MAX_CONNECTIONS: String(CAP) });
  const sockets: net.Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.destroy();
  });

  it('closes connections that sent nothing to make room, and answers /healthz while the client still holds them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    await Promise.all(
      Array.from(
        { length: CAP * 2 },
        () =>
          new Promise<void>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve());
            s.on('error', () => resolve());
            sockets.push(s);
          }),
      ),
    );
    expect(sockets.filter((s) => !s.destroyed).length).toBe(CAP * 2);
    // A second's grace to send a request, then they are idle and go.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sockets.filter((s) => s.destroyed).length).toBeGreaterThanOrEqual(CAP);
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
    expect(res.status).toBe(200);
  });
});
