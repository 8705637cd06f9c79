import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { formatDateTime, zonedParts } from '../../web/src/lib/format.js';

// The browser's clock runs in New York; the demo company's zone is India's. Every time on screen
// must still be India's.
const BROWSER_ZONE = 'America/New_York';
const COMPANY_ZONE = 'Asia/Kolkata';
const tabTitle = (page: string) => `${page} · Telecall Back Office`;

const env = serverAndBrowser(undefined, { timezoneId: BROWSER_ZONE });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** Where a toast with this text sits once it has slid in. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await toast.waitFor();
  await page.waitForTimeout(400);
  return boxOf(toast);
}

describe('words, titles, times and toasts in a real browser', () => {
  it('subadmin area: each menu entry opens a page with the same heading and its own tab title; toasts clear the header', async () => {
    const page = await freshPage(env.browser);
    await page.goto(`${env.server.base}/subadminsignin`);
    await expect.poll(() => page.title()).toBe(tabTitle('Subadmin sign in'));
    await field(page, 'Email').fill(DEMO.subadmin.email);
    await field(page, 'Password').fill(DEMO.subadmin.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL('**/subadmin/dashbord');

    // Desktop: the sign-in toast covers neither the bell nor the account name.
    const toast = await toastBox(page, 'Login successful!');
    const bell = await boxOf(page.locator('header').getByRole('button', { name: /^Notifications/ }));
    const account = await boxOf(page.locator('header').getByRole('button', { name: /Account menu/ }));
    expect(overlaps(toast, bell)).toBe(false);
    expect(overlaps(toast, account)).toBe(false);
    await snap(page, 'toast-desktop');

    const links = await page
      .locator('.mantine-AppShell-navbar a[href]')
      .evaluateAll((els) => els.map((e) => ({ label: (e.textContent ?? '').trim(), href: e.getAttribute('href')! })));
    expect(links.length).toBeGreaterThanOrEqual(15);
    const titles: string[] = [];
    for (const { label, href } of links) {
      await page.goto(`${env.server.base}${href}`);
      await expect.poll(() => page.title(), { message: href }).toBe(tabTitle(label));
      await expect.poll(() => page.locator('main h2').first().innerText(), { message: href }).toBe(label);
      titles.push(await page.title());
    }
    expect(new Set(titles).size).toBe(titles.length);

    await page.goto(`${env.server.base}/subadmin/no-such-page`);
    await page.getByText('Page not found').first().waitFor();
    await expect.poll(() => page.title()).toBe(tabTitle('Page not found'));
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("shows times in the company's zone whatever the browser's, and says so once", async () => {
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);

    await page.goto(`${env.server.base}/subadmin/Leads/myuploadleads`);
    const newest = await page.evaluate(async () => {
      const input = encodeURIComponent(JSON.stringify({ page: 1, pageSize: 1 }));
      const body = await (await fetch(`/trpc/leads.uploaded?input=${input}`)).json();
      return body.result.data.items[0] as { name: string; upload_date: string };
    });
    // The check means something only where the two zones show the instant differently.
    expect(formatDateTime(newest.upload_date, COMPANY_ZONE)).not.toBe(formatDateTime(newest.upload_date, BROWSER_ZONE));
    const shown = zonedParts(newest.upload_date, COMPANY_ZONE)!;
    const row = page.getByRole('row', { name: new RegExp(newest.name) }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(shown.date);
    expect(text).toContain(shown.time!);

    const notes = page.getByTestId('time-zone-note');
    expect(await notes.count()).toBe(1);
    // The zone's long name is worked out once the page is drawn and the browser idle (AppFooter).
    await expect.poll(() => notes.innerText()).toBe('Times are in India Standard Time (Asia/Kolkata)');
    await snap(page, 'uploaded-leads-company-time');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('telecaller on a phone: the toast covers neither the header nor the tiles', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await page.goto(`${env.server.base}/signin`);
    await expect.poll(() => page.title()).toBe(tabTitle('Sign in'));
    await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
    await field(page, 'Password').fill(DEMO.telecaller.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(`${env.server.base}/`);
    await expect.poll(() => page.title()).toBe(tabTitle('Home'));

    const tiles = page.locator('main .mantine-Card-root');
    await tiles.first().waitFor();
    const toast = await toastBox(page, 'Login Successful');
    expect(toast.y + toast.height).toBeLessThanOrEqual(844);
    expect(overlaps(toast, await boxOf(page.locator('header').getByRole('button', { name: /^Notifications/ })))).toBe(false);
    expect(overlaps(toast, await boxOf(page.locator('header').getByRole('button', { name: /Account menu/ })))).toBe(false);
    const count = await tiles.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      expect(overlaps(toast, await boxOf(tiles.nth(i))), `tile ${i}`).toBe(false);
    }
    await snap(page, 'toast-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
