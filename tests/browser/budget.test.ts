import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { serverAndBrowser } from './harness.js';
import { measureFirstLoad } from './first-load.js';
import { BUDGETS, FIRST_PAGES, SHELL_PAGE, openFirstPage, openPhone, signIn, signInPage } from './phone.js';

// Telecallers open the app on phones over mobile data. The budgets of issue 11, on Lighthouse's mobile
// profile (tests/browser/phone.ts; npm run bench:web prints the same figures with more runs): a page's
// code leaking into the sign-in page or the first load fails here instead of going unnoticed.
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * A page may take its budget, or on a machine too slow for that (the app's own shell with no data,
 * loaded in the same runs, near the budget itself) this many times the shell: the pages took 1.1 to
 * 1.5 times the shell warm and 1.2 times cold on this shared machine, whose warm shell alone took
 * 1.1 s on a slow day (the warm budget is 1 s).
 */
const SHELL_TIMES = { cold: 1.5, warm: 1.8, signIn: 1 };

const env = serverAndBrowser();

describe('first-load budget', () => {
  it('keeps the sign-in page under its JavaScript budget, served compressed', async () => {
    const load = await measureFirstLoad(env.browser, `${env.server.base}/signin`, (page) => page.getByRole('button', { name: 'SIGN IN' }).waitFor());
    expect(load.jsWire).toBeGreaterThan(0);
    expect(load.jsWire).toBeLessThanOrEqual(BUDGETS.signInJsKb * 1024);
    // Served brotli-compressed: the wire is a fraction of what the browser unpacks.
    expect(load.jsWire).toBeLessThan(load.jsRaw / 2);
  });

  // zod (about 22 kB compressed) belongs to the pages with forms. A route's validateSearch or loader
  // is in the first load: importing a constant from a shared schema file there brings zod with it.
  // The charts and the banner carousel are chunks of their own, loaded by the pages that show them.
  const HEAVY = { zod: '$ZodType', 'the charts (recharts)': 'recharts-wrapper', 'the carousel (embla)': 'emblaOptions' };
  it('leaves zod, the charts and the carousel out of the files the app and the sign-in page load first', () => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    const all = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8'));
    for (const [name, marker] of Object.entries(HEAVY))
      expect(
        all.some((code) => code.includes(marker)),
        `${name} is in the build`,
      ).toBe(true);
    for (const page of ['index.html', 'signin.html']) {
      const html = fs.readFileSync(path.join(dist, page), 'utf8');
      const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(first.length, page).toBeGreaterThan(1);
      for (const file of first) {
        const code = fs.readFileSync(path.join(dist, file), 'utf8');
        for (const [name, marker] of Object.entries(HEAVY)) expect(code.includes(marker), `${page}: ${file} holds ${name}`).toBe(false);
      }
    }
  });
});

describe('on a phone over 4G', () => {
  let phone: BrowserContext;
  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
  });

  // The sign-in page is a lighter load than the app's shell: its budget, or the shell's own cold time.
  it(`shows the sign-in page (largest paint) within ${BUDGETS.signInLcp} ms of a cold start (or the shell's cold time)`, { retry: 2 }, async () => {
    const lcp: number[] = [];
    const shell: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      lcp.push((await signInPage(phone, env.server.base)).lcp);
      const r = await openFirstPage(phone, env.server.base, SHELL_PAGE, { cold: true });
      shell.push(r.ms);
      await r.page.close();
    }
    const runs = `runs: ${lcp.map(Math.round).join(', ')} ms; the shell's: ${shell.map(Math.round).join(', ')} ms`;
    expect(median(lcp), runs).toBeLessThan(Math.max(BUDGETS.signInLcp, SHELL_TIMES.signIn * median(shell)));
  });

  for (const which of Object.keys(FIRST_PAGES) as Array<keyof typeof FIRST_PAGES>) {
    // A timing on a shared machine: measured again (the same budget) when another process took the CPU.
    it(`shows the telecaller's ${which} within ${BUDGETS.pageCold} ms cold and ${BUDGETS.pageWarm} ms warm (or its share of the shell's time)`, {
      retry: 2,
    }, async () => {
      await signIn(phone, env.server.base);
      const times = { cold: [] as number[], warm: [] as number[] };
      const shell = { cold: [] as number[], warm: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        for (const kind of ['cold', 'warm'] as const) {
          for (const [into, page] of [
            [times, which],
            [shell, SHELL_PAGE],
          ] as const) {
            const r = await openFirstPage(phone, env.server.base, page, { cold: kind === 'cold' });
            into[kind].push(r.ms);
            await r.page.close();
          }
        }
      }
      for (const [kind, budget] of [
        ['cold', BUDGETS.pageCold],
        ['warm', BUDGETS.pageWarm],
      ] as const) {
        const allowed = Math.max(budget, SHELL_TIMES[kind] * median(shell[kind]));
        const runs = `${kind} runs: ${times[kind].map(Math.round).join(', ')} ms; the shell's: ${shell[kind].map(Math.round).join(', ')} ms`;
        expect(median(times[kind]), runs).toBeLessThan(allowed);
      }
    });
  }
});
