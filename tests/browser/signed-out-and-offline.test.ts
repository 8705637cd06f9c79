import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { freshPage, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// A signed-out visit asks nothing it is refused, and a connection lost after a page has loaded
// breaks nothing: the console shows no error in either, on a phone or at a desk.
const screens = phoneAndDesk();

/** Every console error and page error, and every answer of 400 or more, with the asked path. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && failures.push(`console: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${new URL(r.url()).pathname}`));
  return failures;
}

const sizes: Array<[string, () => BrowserContext, { width: number; height: number }]> = [
  ['phone (390 px)', () => screens.phone, PHONE],
  ['desk (1280 px)', () => screens.desk, DESK],
];

describe.each(sizes)('signed out and offline on a %s', (_, browser, size) => {
  it('a signed-out visit to / goes to the sign-in page without asking for the counts or the bell, and without a console error', async () => {
    const page = await freshPage(browser(), size);
    const failures = watchFailures(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${screens.server.base}/`);
    await page.waitForURL(`${screens.server.base}/signin`);
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    await page.waitForTimeout(500);
    expect(asked.filter((p) => /^\/trpc\/(dashboard\.tiles|notifications\.bell)/.test(p))).toEqual([]);
    expect(failures).toEqual([]);

    // Signed in then out on this browser: the next signed-out visit asks nothing either.
    await signInAsUser(page, screens.server.base, DEMO.telecaller);
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    const signOut = page.locator('button:visible', { hasText: /^Logout$/ });
    if ((await signOut.count()) === 0) await page.getByRole('button', { name: 'Open menu' }).click();
    await signOut.first().click();
    await page.waitForURL(/\/signin/);
    asked.length = 0;
    failures.length = 0;
    await page.goto(`${screens.server.base}/`);
    await page.waitForURL(`${screens.server.base}/signin`);
    await page.waitForTimeout(500);
    expect(asked.filter((p) => /^\/trpc\/(dashboard\.tiles|notifications\.bell)/.test(p))).toEqual([]);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('going offline after a page has loaded throws no page error, and the app still installs its worker once back online', async () => {
    const page = await freshPage(browser(), size);
    await signInAsUser(page, screens.server.base, DEMO.telecaller);
    const failures = watchFailures(page);
    await page.goto(`${screens.server.base}/`);
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    await browser().setOffline(true);
    try {
      // The worker's code is asked for a few seconds after the page has loaded (web/src/lib/pwa.ts).
      await page.waitForTimeout(4_500);
    } finally {
      await browser().setOffline(false);
    }
    expect(failures.filter((f) => f.startsWith('page error'))).toEqual([]);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), { timeout: 10_000 }).toBe(true);
    await page.close();
  });
});
