import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { snap } from './harness.js';
import { callTrpc } from './api.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, freshPage, pick, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// A tile and its queue always agree: opening a lead (Process Lead, Next) moves it from New to Not
// submitted, in the list and on the tiles, whichever way the telecaller goes back (the list's link,
// the browser's back button, Home), without a reload.
const screens = phoneAndDesk();

let people = 0;

/** A telecaller of the demo company with four leads sent today, signed in on a fresh page. */
async function telecallerWithFourNewLeads(browser: BrowserContext, size: { width: number; height: number }): Promise<Page> {
  const base = screens.server.base;
  const login = await fetch(`${base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.subadmin),
  });
  const owner = ((await login.json()) as { token: string }).token;
  people += 1;
  const who = { mobile: `9811${String(Date.now()).slice(-5)}${people % 10}`, password: 'Caller#2026' };
  await callTrpc(base, owner, 'mutation', 'users.create', {
    name: `Queue Caller ${people}`,
    email: `queue.caller.${Date.now()}@sunrise.demo`,
    mobile: who.mobile,
    password: who.password,
    user_type: 'Telicaller',
  });
  const assignees = (await callTrpc(base, owner, 'query', 'distribution.assignees')) as Array<{ id: number; name: string }>;
  const id = assignees.find((p) => p.name === `Queue Caller ${people}`)!.id;
  const pool = (await callTrpc(base, owner, 'query', 'distribution.pool')) as { categories: Array<{ category: string; count: number }> };
  const category = pool.categories.find((c) => c.count >= 4)!.category;
  const sent = (await callTrpc(base, owner, 'mutation', 'distribution.distribute', { userIds: [id], count: 4, category })) as { assigned: number };
  expect(sent.assigned).toBe(4);
  const page = await freshPage(browser, size);
  await signInAsUser(page, base, who);
  return page;
}

/** The figure on a dashboard tile. */
const tile = async (page: Page, name: RegExp) => Number(/(\d+)/.exec(await page.getByRole('link', { name }).innerText())?.[1]);
const tiles = async (page: Page) => ({ new: await tile(page, /^New leads/), notSubmitted: await tile(page, /^Not submitted leads/) });

/** What the New Leads list shows: its cards and its count. */
async function newList(page: Page) {
  await page.getByRole('heading', { level: 2, name: 'New Leads' }).waitFor();
  return { cards: await page.getByRole('article').count(), count: await page.getByText(/^\d+ leads?$/).innerText() };
}

const home = async (page: Page) => {
  await page.locator('header a[href="/"]').first().click();
  await page.getByRole('link', { name: /^New leads/ }).waitFor();
};

const sizes: Array<[string, () => BrowserContext, { width: number; height: number }]> = [
  ['phone (390 px)', () => screens.phone, PHONE],
  ['desk (1280 px)', () => screens.desk, DESK],
];

describe.each(sizes)('New Leads and its tile on a %s', (label, browser, size) => {
  it('agree after Process Lead and Next, back by the list link, the browser back button and Home, without a reload', async () => {
    const page = await telecallerWithFourNewLeads(browser(), size);
    const base = screens.server.base;
    expect(await tiles(page)).toEqual({ new: 4, notSubmitted: 0 });
    await page.getByRole('link', { name: /^New leads/ }).click();
    await expect.poll(() => newList(page)).toEqual({ cards: 4, count: '4 leads' });

    // Open the first lead, then Next twice: three leads opened.
    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).click();
    const opened: string[] = [page.url()];
    for (let i = 0; i < 2; i++) {
      const next = page.getByRole('link', { name: 'Next', exact: true });
      await next.waitFor();
      await next.click();
      await page.waitForURL((u) => !opened.includes(u.toString()));
      opened.push(page.url());
    }
    await page.getByRole('link', { name: 'Next', exact: true }).waitFor();
    // Back with the list's own link: the page the phone held is right as it is, nothing is asked again.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/trpc/work.queue') && asked.push(r.url()));
    await page.getByRole('main').getByRole('link', { name: 'New Leads', exact: true }).click();
    await page.waitForURL(`${base}/leadspage/leads`);
    await expect.poll(() => newList(page)).toEqual({ cards: 1, count: '1 lead' });
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await snap(page, `queue-after-next-${label.split(' ')[0]}`);
    await home(page);
    await expect.poll(() => tiles(page)).toEqual({ new: 1, notSubmitted: 3 });

    // The last fresh lead, and back with the browser's back button.
    await page.getByRole('link', { name: /^New leads/ }).click();
    await expect.poll(() => newList(page)).toEqual({ cards: 1, count: '1 lead' });
    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).click();
    await page.waitForURL(/\/leadspage\/lead\/\d+/);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${base}/leadspage/leads`);
    await expect.poll(() => newList(page)).toEqual({ cards: 0, count: '0 leads' });
    await page.getByText('No leads found').waitFor();
    await home(page);
    await expect.poll(() => tiles(page)).toEqual({ new: 0, notSubmitted: 4 });
    await page.getByRole('link', { name: /^Not submitted leads/ }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);

    // A submit: the next Not Submitted lead opens; back by the list link, then Home.
    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).click();
    const submitted = page.url();
    await pick(page, 'Not interested');
    await pick(page, 'Negative');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((u) => u.toString() !== submitted);
    await page.getByRole('main').getByRole('link', { name: 'Not Submitted Leads', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await home(page);
    await expect.poll(() => tiles(page)).toEqual({ new: 0, notSubmitted: 3 });
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('after the last lead of the queue is submitted, the list opens: never a lead already submitted', async () => {
    const page = await telecallerWithFourNewLeads(browser(), size);
    const base = screens.server.base;
    await page.getByRole('link', { name: /^New leads/ }).click();
    await expect.poll(() => newList(page)).toEqual({ cards: 4, count: '4 leads' });
    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).click();
    const submitted: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      const at = new URL(page.url()).pathname;
      expect(submitted, `lead ${i + 1} of 4 opens a lead not submitted yet`).not.toContain(at);
      submitted.push(at);
      await pick(page, 'Not interested');
      await pick(page, 'Price Issue');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((u) => u.pathname !== at);
    }
    await page.waitForURL(`${base}/leadspage/leads`);
    await page.getByText('No leads found').waitFor();
    await home(page);
    await expect.poll(() => tiles(page)).toEqual({ new: 0, notSubmitted: 0 });
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
