import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';

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

describe('calling rules in a real browser', () => {
  it('phone: previews the WhatsApp message as it is typed, refuses a bad rule, saves and keeps the rules', async () => {
    const page = await freshPage(browser, { width: 390, height: 844 });
    await signInAsSubadmin(page, server.base);
    await page.goto(`${server.base}/subadmin/calling-rules`);
    await page.getByRole('heading', { name: 'Calling Rules' }).waitFor();
    const preview = page.getByLabel('WhatsApp message preview');
    expect(await preview.innerText()).toBe('Hello Asha Kulkarni, this is Sunrise Telecalling Pvt Ltd. We received your enquiry and would like to help you with it.');
    expect(await field(page, 'Retry after \\(minutes\\)').inputValue()).toBe('120');
    await page.getByText('The lead leaves the queues for 2 hours, then comes back.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'calling-rules-phone');

    await field(page, 'Message').fill('Namaste {name}, {company} here.');
    expect(await preview.innerText()).toBe('Namaste Asha Kulkarni, Sunrise Telecalling Pvt Ltd here.');
    await field(page, 'Retry after \\(minutes\\)').fill('90');
    await page.getByText('The lead leaves the queues for 1 hour 30 minutes, then comes back.').waitFor();
    await field(page, 'Attempts before invalid').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Allow at least 1 attempt.').waitFor();
    // What was typed stays: not turned into 3 by dropping the sign.
    await field(page, 'Attempts before invalid').fill('-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Allow at least 1 attempt.').waitFor();
    expect(await field(page, 'Attempts before invalid').inputValue()).toBe('-3');
    await field(page, 'Attempts before invalid').fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Calling rules saved.').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Calling Rules' }).waitFor();
    await expect.poll(() => field(page, 'Message').inputValue()).toBe('Namaste {name}, {company} here.');
    expect(await field(page, 'Retry after \\(minutes\\)').inputValue()).toBe('90');
    expect(await field(page, 'Attempts before invalid').inputValue()).toBe('3');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('desktop: the page sits in the sidebar', async () => {
    const page = await freshPage(browser, { width: 1280, height: 800 });
    await signInAsSubadmin(page, server.base);
    await page.getByRole('link', { name: 'Calling Rules' }).click();
    await page.waitForURL('**/subadmin/calling-rules');
    await page.getByLabel('WhatsApp message preview').waitFor();
    await snap(page, 'calling-rules-desktop');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
