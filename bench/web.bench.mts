// `npm run bench:web`: the telecaller's phone (issue 7, "Speed"). The real server on a fresh demo
// database, Debian's Chromium on Lighthouse's mobile profile (412x823 touch screen, 150 ms round
// trips, 1.6 Mbps down, 750 kbps up, CPU 4x slower), the demo telecaller signed in:
//   - the dashboard from navigation to its tiles with counts: cold (empty cache) and warm (every file cached)
//   - tapping the 'New leads' tile to the queue's cards                       target < 1 s
//   - with the app loaded once, tapping Process Lead to the lead form          target < 300 ms
//   - Submit to the next lead's form                                            target < 500 ms
// Times are read in the page: a tap's own event time to the animation frame in which the awaited
// content is first in the document, so the script's own round trips to the browser do not count.
// A measure whose page does not exist yet is skipped with a note. BENCH_WEB_RUNS runs each (default 5).
// BENCH_WEB_BEFORE=<another build's web/dist> measures that build's dashboard too, the two taking
// turns run by run, so that a before-and-after comparison meets the same machine load.
import os from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { openBrowser, startServer, type Running } from '../tests/browser/harness.js';
import { field } from '../tests/browser/pages.js';
import { DEMO } from '../seed/demo.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const WAIT_MS = 30_000;
const PHONE = { width: 412, height: 823 };
/** Lighthouse's mobile profile ("Slow 4G" and a mid-range phone). */
const PROFILE = { rttMs: 150, downKbps: 1638.4, upKbps: 750, cpuSlowdown: 4 };
const TARGETS = { queue: 1000, processLead: 300, submit: 500 };
const QUEUE_PATH = '/leadspage/leads';

/**
 * Runs in every document before the app: watches for named conditions and notes, in the first
 * animation frame where one holds, performance.now() (ms since navigation). Taps note their time.
 * Plain JavaScript in a string: tsx's compiled functions call helpers the page does not have.
 */
const TRACKER = `(() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const named = (el, name) => name.test((el.getAttribute('aria-label') || el.textContent || '').trim());
  const bench = {
    marks: {}, watching: new Set(['tiles']), tap: 0, leftPath: '',
    watch(name, leftPath) { delete bench.marks[name]; bench.leftPath = leftPath || ''; bench.watching.add(name); schedule(); },
  };
  const tests = {
    tiles: () => [...document.querySelectorAll('.mantine-Card-root')].some((c) => /^\\s*new leads/i.test(c.textContent || '') && /\\d/.test(c.textContent || '') && shown(c)),
    cards: () => location.pathname === '${QUEUE_PATH}' && [...document.querySelectorAll('button, a')].some((b) => named(b, /^process lead$/i) && shown(b)),
    form: () => /^\\/leadspage\\/lead\\/\\d+$/.test(location.pathname) && location.pathname !== bench.leftPath
      && !!document.querySelector('[role="timer"][aria-label="Call duration"]')
      && [...document.querySelectorAll('label')].some((l) => /^status/i.test((l.textContent || '').trim()))
      && [...document.querySelectorAll('button')].some((b) => (b.textContent || '').trim() === 'Submit' && shown(b)),
  };
  window.__bench = bench;
  addEventListener('pointerdown', (e) => { bench.tap = e.timeStamp; }, true);
  let scheduled = false;
  // What is already on screen when a watch starts counts as well: look in the next frame.
  const schedule = () => { if (bench.watching.size && !scheduled) { scheduled = true; requestAnimationFrame(check); } };
  const check = () => {
    scheduled = false;
    for (const name of [...bench.watching]) {
      if (tests[name]()) { bench.marks[name] = performance.now(); bench.watching.delete(name); }
    }
  };
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: PROFILE.rttMs, downloadThroughput: (PROFILE.downKbps * 1024) / 8, uploadThroughput: (PROFILE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

// Inline arrows only: a named function would carry tsx's __name helper into the page.
type InPage = { __bench?: { marks: Record<string, number>; tap: number; watch(name: string, leftPath: string): void } };
const mark = (page: Page, name: string) =>
  page.waitForFunction((n) => (window as unknown as InPage).__bench?.marks[n], name, { timeout: WAIT_MS, polling: 100 })
    .then((h) => h.jsonValue() as Promise<number>);
const watch = (page: Page, name: string, leftPath = '') =>
  page.evaluate(([n, p]) => (window as unknown as InPage).__bench!.watch(n!, p!), [name, leftPath]);
const tapTime = (page: Page) => page.evaluate(() => (window as unknown as InPage).__bench!.tap);

interface Transfer {
  scripts: number;
  scriptKb: number;
  styles: number;
  requests: number;
  kb: number;
}

/** What the page downloaded (Chromium's network log), for the cold load's notes. */
function countTransfer(cdp: CDPSession): () => Transfer {
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

async function signIn(browser: BrowserContext, base: string) {
  const page = await browser.newPage();
  await page.goto(`${base}/signin`);
  await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
  await field(page, 'Password').fill(DEMO.telecaller.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL(`${base}/`);
  await mark(page, 'tiles');
  await page.close();
}

/** A throttled tab on the dashboard, its tiles shown; the load's time since navigation. */
async function dashboard(browser: BrowserContext, base: string, opts: { cold: boolean }) {
  const page = await browser.newPage();
  const cdp = await throttle(page);
  if (opts.cold) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  const transfer = countTransfer(cdp);
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  const ms = await mark(page, 'tiles');
  return { page, ms, transfer: transfer() };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(label: string, times: number[], target?: number) {
  const verdict = target === undefined ? '' : median(times) < target ? `  PASS (median < ${target} ms)` : `  FAIL (median >= ${target} ms)`;
  console.log(`  ${label.padEnd(46)} median ${String(Math.round(median(times))).padStart(5)} ms   runs ${times.map((t) => Math.round(t)).join(', ')} ms${verdict}`);
}

const skip = (label: string, why: string) => console.log(`  ${label.padEnd(46)} skipped: ${why}`);

interface Side {
  label: string;
  server: Running;
  browser: BrowserContext;
}

async function openSide(label: string, env: Record<string, string> = {}): Promise<Side> {
  const server = await startServer(env);
  const browser = await openBrowser(PHONE, { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await browser.addInitScript(TRACKER);
  await signIn(browser, server.base);
  return { label, server, browser };
}

async function closeSide(side: Side) {
  await side.browser.close();
  await side.server.stop();
}

/**
 * The dashboard cold and warm, RUNS times. With BENCH_WEB_BEFORE (another build's web/dist) the two
 * builds take turns, each on its own server and browser, so that both meet the same machine load.
 */
async function dashboards(sides: Side[]) {
  const cold = sides.map(() => [] as number[]);
  const warm = sides.map(() => [] as number[]);
  const transfer: Array<Transfer | undefined> = sides.map(() => undefined);
  for (let i = 0; i < RUNS; i++) {
    // Alternate who goes first, so neither always follows the other.
    const order = sides.map((_, n) => n);
    if (i % 2) order.reverse();
    for (const n of order) {
      const r = await dashboard(sides[n]!.browser, sides[n]!.server.base, { cold: true });
      cold[n]!.push(r.ms);
      transfer[n] = r.transfer;
      await r.page.close();
    }
    for (const n of order) {
      const r = await dashboard(sides[n]!.browser, sides[n]!.server.base, { cold: false });
      warm[n]!.push(r.ms);
      await r.page.close();
    }
  }
  sides.forEach((side, n) => {
    const who = sides.length > 1 ? ` [${side.label}]` : '';
    report(`dashboard, cold (empty cache), to tiles${who}`, cold[n]!);
    const t = transfer[n];
    if (t) console.log(`    (a cold load: ${t.requests} requests, ${t.kb.toFixed(0)} kB; ${t.scripts} scripts, ${t.scriptKb.toFixed(0)} kB; ${t.styles} stylesheets)`);
    report(`dashboard, warm (every file cached), to tiles${who}`, warm[n]!);
  });
}

async function run() {
  console.log(`phone: ${PHONE.width}x${PHONE.height} touch, ${PROFILE.rttMs} ms RTT, ${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, `
    + `CPU ${PROFILE.cpuSlowdown}x slower; ${RUNS} runs each; demo telecaller ${DEMO.telecaller.mobile}; `
    + `host: ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  const before = process.env.BENCH_WEB_BEFORE;
  const current = await openSide('this build');
  const sides = [current];
  try {
    if (before) sides.unshift(await openSide(`before: ${before}`, { WEB_DIST_DIR: before }));
    await dashboards(sides);
    if (before) await closeSide(sides.shift()!);
    await interactions(current.browser, current.server.base);
  } finally {
    for (const side of sides) await closeSide(side);
  }
}

/** The queue from the dashboard, and the lead form, on this build. */
async function interactions(browser: BrowserContext, base: string) {
  // The queue: tap the tile on a dashboard opened warm.
  const queue: number[] = [];
  let page: Page | undefined;
  for (let i = 0; i < RUNS; i++) {
    const r = await dashboard(browser, base, { cold: false });
    const tile = r.page.getByRole('link', { name: /^new leads/i }).first();
    if (!(await tile.count())) {
      skip('New leads tile to the queue\'s cards', `the dashboard's New leads tile opens nothing yet (no page at ${QUEUE_PATH})`);
      await r.page.close();
      break;
    }
    await watch(r.page, 'cards');
    await tile.tap();
    queue.push((await mark(r.page, 'cards')) - (await tapTime(r.page)));
    if (page) await page.close();
    page = r.page;
  }
  if (queue.length) report('New leads tile to the queue\'s cards', queue, TARGETS.queue);
  if (!page) {
    skip('Process Lead to the lead form', `needs the queue at ${QUEUE_PATH}`);
    skip('Submit to the next lead\'s form', 'needs the lead form');
    return;
  }

  // The lead form: Process Lead on the first card, then Submit, which opens the next lead.
  const opened: number[] = [];
  const submitted: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) {
      // Back to the queue for the next lead (not timed): a new document, every file cached.
      await page.goto(`${base}${QUEUE_PATH}`, { waitUntil: 'domcontentloaded' });
      await watch(page, 'cards');
      try {
        await mark(page, 'cards');
      } catch {
        console.log(`    (the queue showed no lead to process after ${i} runs)`);
        break;
      }
    }
    const process = page.getByRole('button', { name: /^process lead$/i }).or(page.getByRole('link', { name: /^process lead$/i })).first();
    if (!(await process.count())) {
      console.log(`    (the queue ran out of new leads after ${i} runs)`);
      break;
    }
    await watch(page, 'form');
    await process.tap();
    try {
      opened.push((await mark(page, 'form')) - (await tapTime(page)));
    } catch {
      skip('Process Lead to the lead form', `no lead form (timer, Status, Submit) within ${WAIT_MS / 1000} s of the tap`);
      break;
    }
    await field(page, 'Status').first().tap();
    await page.getByRole('option', { name: /not interested/i }).first().tap();
    await field(page, 'Feedback').first().tap();
    await page.getByRole('option').first().tap();
    const formPath = new URL(page.url()).pathname;
    await watch(page, 'form', formPath);
    await page.getByRole('button', { name: 'Submit' }).tap();
    try {
      submitted.push((await mark(page, 'form')) - (await tapTime(page)));
    } catch {
      console.log(`    (no next lead's form within ${WAIT_MS / 1000} s of Submit: the queue may have run out)`);
      break;
    }
  }
  if (opened.length) report('Process Lead to the lead form', opened, TARGETS.processLead);
  if (submitted.length) report('Submit to the next lead\'s form', submitted, TARGETS.submit);
  await page.close();
}

await run();
