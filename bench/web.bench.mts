// `npm run bench:web`: the telecaller's phone (issues 7 and 11). The real server on a fresh demo
// database, Debian's Chromium on Lighthouse's mobile profile (tests/browser/phone.ts):
//   - the sign-in page cold, signed out: JavaScript on the wire, largest contentful paint  budgets 120 kB, 2 s
//   and, the demo telecaller signed in:
//   - the dashboard from navigation to its tiles with counts, and the New leads queue to its cards:
//     cold (nothing cached, no service worker) and warm (the installed app opened again: its files
//     from its service worker, the data from the server)                          budgets 3 s and 1 s
//   - tapping the 'New leads' tile to the queue's cards                       target < 1 s
//   - with the app loaded once, tapping Process Lead to the lead form          target < 300 ms
//   - Submit to the next lead's form                                            target < 500 ms
// Times are read in the page: a tap's own event time to the animation frame in which the awaited
// content is first in the document, so the script's own round trips to the browser do not count.
// A measure whose page does not exist yet is skipped with a note. BENCH_WEB_RUNS runs each (default 5).
// BENCH_WEB_BEFORE=<another build's web/dist> measures that build's dashboard too, the two taking
// turns run by run, so that a before-and-after comparison meets the same machine load.
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type Running } from '../tests/browser/harness.js';
import { field } from '../tests/browser/pages.js';
import { DEMO } from '../seed/demo.js';
import {
  BUDGETS,
  FIRST_PAGES,
  PHONE,
  PROFILE,
  QUEUE_PATH,
  WAIT_MS,
  mark,
  openFirstPage,
  openPhone,
  signIn,
  signInPage,
  tapTime,
  watch,
  type Transfer,
} from '../tests/browser/phone.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(label: string, times: number[], target?: number) {
  const verdict = target === undefined ? '' : median(times) < target ? `  PASS (median < ${target} ms)` : `  FAIL (median >= ${target} ms)`;
  console.log(
    `  ${label.padEnd(46)} median ${String(Math.round(median(times))).padStart(5)} ms   runs ${times.map((t) => Math.round(t)).join(', ')} ms${verdict}`,
  );
}

const skip = (label: string, why: string) => console.log(`  ${label.padEnd(46)} skipped: ${why}`);

interface Side {
  label: string;
  server: Running;
  browser: BrowserContext;
}

async function openSide(label: string, env: Record<string, string> = {}): Promise<Side> {
  const server = await startServer(env);
  const browser = await openPhone();
  await signIn(browser, server.base);
  return { label, server, browser };
}

async function closeSide(side: Side) {
  await side.browser.close();
  await side.server.stop();
}

/**
 * The dashboard and the queue, cold and warm, RUNS times. With BENCH_WEB_BEFORE (another build's
 * web/dist) the two builds take turns, each on its own server and browser, so that both meet the same
 * machine load.
 */
async function firstPages(sides: Side[]) {
  for (const which of Object.keys(FIRST_PAGES) as Array<keyof typeof FIRST_PAGES>) {
    const cold = sides.map(() => [] as number[]);
    const warm = sides.map(() => [] as number[]);
    const transfer: Array<Transfer | undefined> = sides.map(() => undefined);
    for (let i = 0; i < RUNS; i++) {
      // Alternate who goes first, so neither always follows the other.
      const order = sides.map((_, n) => n);
      if (i % 2) order.reverse();
      for (const n of order) {
        const r = await openFirstPage(sides[n]!.browser, sides[n]!.server.base, which, { cold: true });
        cold[n]!.push(r.ms);
        transfer[n] = r.transfer;
        await r.page.close();
      }
      for (const n of order) {
        const r = await openFirstPage(sides[n]!.browser, sides[n]!.server.base, which, { cold: false });
        warm[n]!.push(r.ms);
        await r.page.close();
      }
    }
    const shows = FIRST_PAGES[which].shows;
    sides.forEach((side, n) => {
      const who = sides.length > 1 ? ` [${side.label}]` : '';
      report(`${which}, cold (nothing cached), to ${shows}${who}`, cold[n]!, BUDGETS.pageCold);
      const t = transfer[n];
      if (t)
        console.log(
          `    (a cold load: ${t.requests} requests, ${t.kb.toFixed(0)} kB; ${t.scripts} scripts, ${t.scriptKb.toFixed(0)} kB; ${t.styles} stylesheets)`,
        );
      report(`${which}, warm (installed app), to ${shows}${who}`, warm[n]!, BUDGETS.pageWarm);
    });
  }
}

/** The sign-in page cold, signed out, in a browser of its own. */
async function signInPages(base: string) {
  const browser = await openPhone();
  try {
    const lcp: number[] = [];
    let kb = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await signInPage(browser, base);
      lcp.push(r.lcp);
      kb = r.transfer.scriptKb;
    }
    const verdict = kb <= BUDGETS.signInJsKb ? `PASS (<= ${BUDGETS.signInJsKb} kB)` : `FAIL (> ${BUDGETS.signInJsKb} kB)`;
    console.log(`  ${'sign-in page, JavaScript on the wire'.padEnd(46)} ${kb.toFixed(1).padStart(11)} kB  ${verdict}`);
    report('sign-in page, cold, largest contentful paint', lcp, BUDGETS.signInLcp);
  } finally {
    await browser.close();
  }
}

async function run() {
  console.log(
    `phone: ${PHONE.width}x${PHONE.height} touch, ${PROFILE.rttMs} ms RTT, ${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, ` +
      `CPU ${PROFILE.cpuSlowdown}x slower; ${RUNS} runs each; demo telecaller ${DEMO.telecaller.mobile}; ` +
      `host: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
  );
  const before = process.env.BENCH_WEB_BEFORE;
  const current = await openSide('this build');
  const sides = [current];
  try {
    await signInPages(current.server.base);
    if (before) sides.unshift(await openSide(`before: ${before}`, { WEB_DIST_DIR: before }));
    await firstPages(sides);
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
    const r = await openFirstPage(browser, base, 'dashboard', { cold: false });
    const tile = r.page.getByRole('link', { name: /^new leads/i }).first();
    if (!(await tile.count())) {
      skip("New leads tile to the queue's cards", `the dashboard's New leads tile opens nothing yet (no page at ${QUEUE_PATH})`);
      await r.page.close();
      break;
    }
    await watch(r.page, 'cards');
    await tile.tap();
    queue.push((await mark(r.page, 'cards')) - (await tapTime(r.page)));
    if (page) await page.close();
    page = r.page;
  }
  if (queue.length) report("New leads tile to the queue's cards", queue, BUDGETS.queueFromTile);
  if (!page) {
    skip('Process Lead to the lead form', `needs the queue at ${QUEUE_PATH}`);
    skip("Submit to the next lead's form", 'needs the lead form');
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
    const process = page
      .getByRole('button', { name: /^process lead$/i })
      .or(page.getByRole('link', { name: /^process lead$/i }))
      .first();
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
    await page
      .getByRole('option', { name: /not interested/i })
      .first()
      .tap();
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
  if (opened.length) report('Process Lead to the lead form', opened, BUDGETS.processLead);
  if (submitted.length) report("Submit to the next lead's form", submitted, BUDGETS.submit);
  await page.close();
}

await run();
