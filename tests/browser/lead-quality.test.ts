import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { DEMO } from '../../seed/demo.js';
import { addDays, todayIn } from '../../shared/dates.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';

const env = serverAndBrowser();

beforeAll(async () => {
  // The demo telecaller rates four of its new leads: two excellent, one good, one poor.
  const token = await signInUser(env.server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
  const queue = await callTrpc(env.server.base, token, 'query', 'work.queue', { queue: 'new', pageSize: 10 });
  const ratings = ['excellent', 'excellent', 'good', 'poor'];
  expect(queue.items.length).toBeGreaterThanOrEqual(ratings.length);
  for (const [i, lead_quality] of ratings.entries()) {
    const leadId = queue.items[i]!.id;
    await callTrpc(env.server.base, token, 'mutation', 'work.open', { leadId });
    await callTrpc(env.server.base, token, 'mutation', 'work.submit', { leadId, status: LEAD_STATUS.interested, feedback: 'Running', lead_quality });
  }
});

const filterButton = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Filter by quality' }).getByRole('button', { name: new RegExp(`^${label}`) });
const rows = (page: Page) => page.getByRole('table', { name: 'Rated leads' }).locator('tbody tr.mantine-datatable-row');

/** Neither the page nor the header scrolls sideways: only the table, inside its own frame. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('lead quality in a real browser', () => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    it(`${name}: counts each rating, filters by rating and by dates`, async () => {
      const page = await freshPage(env.browser, viewport);
      await signInAsUser(page, env.server.base, DEMO.telecaller);
      await page.goto(`${env.server.base}/leadspage/leadquality`);
      await page.getByRole('heading', { name: 'Lead Quality' }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(4);
      expect(await filterButton(page, 'All Leads').innerText()).toMatch(/All Leads\s*4/);
      expect(await filterButton(page, 'Excellent').innerText()).toMatch(/Excellent\s*2/);
      expect(await filterButton(page, 'Good').innerText()).toMatch(/Good\s*1/);
      expect(await filterButton(page, 'Poor').innerText()).toMatch(/Poor\s*1/);
      expect(await page.getByRole('table', { name: 'Rated leads' }).locator('a[href^="tel:"]').count()).toBe(4);
      // Process opens the lead form once that page is part of the app; until then rows have no button.
      const process = page.getByRole('table', { name: 'Rated leads' }).getByRole('link', { name: 'Process' });
      const hrefs = await process.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs.length === 0 || hrefs.every((h) => /^\/leadspage\/lead\/\d+$/.test(h ?? ''))).toBe(true);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      if (hrefs.length) {
        // on a phone too, Process is in view without scrolling the table
        const box = (await process.first().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await snap(page, `lead-quality-${name}`);

      await filterButton(page, 'Excellent').click();
      await page.waitForURL(/quality=excellent/);
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await rows(page).allInnerTexts()).toEqual([expect.stringMatching(/Excellent/i), expect.stringMatching(/Excellent/i)]);

      // Today (the company's) holds them; yesterday holds none.
      const today = todayIn('Asia/Kolkata');
      await field(page, 'From').fill(today);
      await field(page, 'To').fill(today);
      await page.getByRole('button', { name: 'Apply Filter' }).click();
      await page.waitForURL(new RegExp(`from=${today}`));
      await expect.poll(() => rows(page).count()).toBe(2);
      const yesterday = addDays(today, -1);
      await field(page, 'From').fill(yesterday);
      await field(page, 'To').fill(yesterday);
      await page.getByRole('button', { name: 'Apply Filter' }).click();
      await page.waitForURL(new RegExp(`from=${yesterday}`));
      await expect.poll(() => filterButton(page, 'All Leads').innerText()).toMatch(/All Leads\s*0/);
      await expect.poll(() => rows(page).count()).toBe(0);
      await page.getByText('No leads found for the selected criteria').waitFor();
      await snap(page, `lead-quality-${name}-empty`);

      // To before From is refused in the form, before any request.
      await field(page, 'From').fill(today);
      await field(page, 'To').fill(yesterday);
      await page.getByRole('button', { name: 'Apply Filter' }).click();
      await page.getByText('The To date cannot be before the From date.').waitFor();
      expect(page.url()).toContain(`from=${yesterday}`);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }
});
