// A phone on a slow network, as npm run bench:web and the budget test (budget.test.ts) load pages:
// Lighthouse's mobile profile (412x823 touch screen, 150 ms round trips, 1.6 Mbps down, 750 kbps up,
// CPU 4x slower). Times are read in the page: performance.now() in the first animation frame where
// the awaited content is in the document, so the script's own round trips to the browser do not count;
// and the script reads them with a bare DevTools call (mark), which loads nothing into the page.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { openBrowser } from './harness.js';
import { field } from './pages.js';
import { DEMO } from '../../seed/demo.js';

export const WAIT_MS = 30_000;
export const PHONE = { width: 412, height: 823 };
/** Lighthouse's mobile profile ("Slow 4G" and a mid-range phone). */
export const PROFILE = { rttMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };
export const QUEUE_PATH = '/leadspage/leads';

/**
 * Runs in every document before the app: watches for named conditions and notes, in the first
 * animation frame where one holds, performance.now() (ms since navigation). Taps note their time.
 * Plain JavaScript in a string: tsx's compiled functions call helpers the page does not have.
 */
const TRACKER = `(() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const named = (el, name) => name.test((el.getAttribute('aria-label') || el.textContent || '').trim());
  const bench = {
    marks: {}, watching: new Set(['tiles', 'cards', 'shell']), tap: 0, leftPath: '', waiting: {},
    watch(name, leftPath) { delete bench.marks[name]; bench.leftPath = leftPath || ''; bench.watching.add(name); schedule(); },
    whenMarked: (name) => name in bench.marks ? Promise.resolve(bench.marks[name])
      : new Promise((resolve) => (bench.waiting[name] = bench.waiting[name] || []).push(resolve)),
  };
  const tests = {
    tiles: () => [...document.querySelectorAll('.mantine-Card-root')].some((c) => /^\\s*new leads/i.test(c.textContent || '') && /\\d/.test(c.textContent || '') && shown(c)),
    // The first card's button: looking at every button of the page in every frame cost the page itself.
    cards: () => location.pathname === '${QUEUE_PATH}' && [...(document.querySelector('article')?.querySelectorAll('button, a') ?? [])].some((b) => named(b, /^process lead$/i) && shown(b)),
    form: () => /^\\/leadspage\\/lead\\/\\d+$/.test(location.pathname) && location.pathname !== bench.leftPath
      && !!document.querySelector('[role="timer"][aria-label="Call duration"]')
      && [...document.querySelectorAll('label')].some((l) => /^status/i.test((l.textContent || '').trim()))
      && [...document.querySelectorAll('button')].some((b) => (b.textContent || '').trim() === 'Submit' && shown(b)),
    // The app's own shell with no data: its page for a path it does not have.
    shell: () => [...document.querySelectorAll('h2')].some((h) => (h.textContent || '').trim() === 'Page not found' && shown(h)),
  };
  window.__bench = bench;
  addEventListener('pointerdown', (e) => { bench.tap = e.timeStamp; }, true);
  let scheduled = false;
  // What is already on screen when a watch starts counts as well: look in the next frame.
  const schedule = () => { if (bench.watching.size && !scheduled) { scheduled = true; requestAnimationFrame(check); } };
  const check = () => {
    scheduled = false;
    for (const name of [...bench.watching]) {
      if (tests[name]()) {
        bench.marks[name] = performance.now();
        bench.watching.delete(name);
        for (const resolve of (bench.waiting[name] || []).splice(0)) resolve(bench.marks[name]);
      }
    }
  };
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.downKbps * 1024) / 8,
    uploadThroughput: (PROFILE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

// Inline arrows only: a named function would carry tsx's __name helper into the page.
type InPage = { __bench?: { marks: Record<string, number>; tap: number; watch(name: string, leftPath: string): void } };

/**
 * The time of a mark (ms since navigation), once the page has it. Asked with a bare DevTools call:
 * Playwright's own waiting (waitForFunction) first loads its helper script into the page, which on the
 * 4x slower CPU took some 150 ms of the page's main thread in the very load being measured.
 */
export async function mark(page: Page, name: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const expression = `Promise.race([window.__bench.whenMarked(${JSON.stringify(name)}),
      new Promise((_, fail) => setTimeout(() => fail(new Error('no "${name}" within ${WAIT_MS} ms')), ${WAIT_MS}))])`;
    const answer = (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
      result: { value?: number };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
    return answer.result.value!;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
export const watch = (page: Page, name: string, leftPath = '') =>
  page.evaluate(([n, p]) => (window as unknown as InPage).__bench!.watch(n!, p!), [name, leftPath]);
export const tapTime = (page: Page) => page.evaluate(() => (window as unknown as InPage).__bench!.tap);

export interface Transfer {
  scripts: number;
  scriptKb: number;
  styles: number;
  requests: number;
  kb: number;
}

/** What the page downloaded (Chromium's network log), for the cold load's notes. */
export function countTransfer(cdp: CDPSession): () => Transfer {
  const types = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => bytes.set(e.requestId, e.encodedDataLength));
  return () => {
    const t: Transfer = { scripts: 0, scriptKb: 0, styles: 0, requests: 0, kb: 0 };
    for (const [id, type] of types) {
      const kb = (bytes.get(id) ?? 0) / 1024;
      t.requests++;
      t.kb += kb;
      if (type === 'Script') {
        t.scripts++;
        t.scriptKb += kb;
      } else if (type === 'Stylesheet') t.styles++;
    }
    return t;
  };
}

/**
 * Signs the demo telecaller in (anew) and waits for the dashboard's tiles, and for the app's service
 * worker to hold every file: a warm start is the installed app opened again.
 */
export async function signIn(browser: BrowserContext, base: string) {
  await browser.clearCookies();
  const page = await browser.newPage();
  await page.goto(`${base}/signin`);
  await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
  await field(page, 'Password').fill(DEMO.telecaller.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL(`${base}/`);
  await mark(page, 'tiles');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.close();
}

/** The budgets of issue 11 (and the interaction targets of issue 7), in ms and kB. */
export const BUDGETS = { signInJsKb: 120, signInLcp: 2000, pageCold: 3000, pageWarm: 1000, queueFromTile: 1000, processLead: 300, submit: 500 };

/** A page the telecaller opens from the home screen, and what shows it has its content. */
export const FIRST_PAGES = { dashboard: { path: '/', shows: 'tiles' }, queue: { path: QUEUE_PATH, shows: 'cards' } } as const;

/**
 * The bench's reference page: the app's own files and shell, with no data (its page for a path it does
 * not have), loaded as the first pages are. What this phone and machine take for the least of a page.
 */
export const SHELL_PAGE = { path: '/bench-shell-no-data', shows: 'shell' } as const;

type Opened = keyof typeof FIRST_PAGES | typeof SHELL_PAGE;

/** A throttled tab opening one of the first pages (or the shell); the time since navigation until its content shows. */
export async function openFirstPage(browser: BrowserContext, base: string, which: Opened, opts: { cold: boolean }) {
  const target = typeof which === 'string' ? FIRST_PAGES[which] : which;
  const page = await browser.newPage();
  const cdp = await throttle(page);
  if (opts.cold) {
    // Nothing kept: neither the browser's cache nor the installed app's service worker.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  }
  const transfer = countTransfer(cdp);
  await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
  const ms = await mark(page, target.shows);
  return { page, ms, transfer: transfer() };
}

/** A phone's browser: the tracker in every page. */
export async function openPhone(): Promise<BrowserContext> {
  const browser = await openBrowser(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await browser.addInitScript(TRACKER);
  return browser;
}

/**
 * The sign-in page opened cold (empty cache) by someone signed out: its largest contentful paint
 * (ms since navigation, read once the form is up and the network quiet) and the JavaScript it loaded.
 */
export async function signInPage(browser: BrowserContext, base: string) {
  await browser.clearCookies();
  const page = await browser.newPage();
  try {
    const cdp = await throttle(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const transfer = countTransfer(cdp);
    await page.goto(`${base}/signin`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor({ timeout: WAIT_MS });
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { lcp, transfer: transfer() };
  } finally {
    await page.close();
  }
}
