import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, startServer, type Running } from './harness.js';
import { measureFirstLoad } from './first-load.js';

// Telecallers open the app on phones over mobile data: the sign-in page's first load has a budget,
// so a page's code leaking into the first-load bundle (a route's validateSearch importing its
// component, say) fails here instead of going unnoticed. Measured 205.7 kB when this was written.
const SIGN_IN_JS_BUDGET = 225 * 1024;

let server: Running;
let browser: BrowserContext;
beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first-load budget', () => {
  it('keeps the sign-in page under its JavaScript budget, served compressed', async () => {
    const load = await measureFirstLoad(browser, `${server.base}/signin`, (page) => page.getByRole('button', { name: 'SIGN IN' }).waitFor());
    expect(load.jsWire).toBeGreaterThan(0);
    expect(load.jsWire).toBeLessThan(SIGN_IN_JS_BUDGET);
    // Served brotli-compressed: the wire is a fraction of what the browser unpacks.
    expect(load.jsWire).toBeLessThan(load.jsRaw / 2);
  });

  // zod (about 22 kB compressed) belongs to the pages with forms. A route's validateSearch or loader
  // is in the first load: importing a constant from a shared schema file there brings zod with it.
  it('leaves zod out of the files every page loads first', () => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(1);
    for (const file of first) expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).not.toContain('$ZodType');
  });
});
