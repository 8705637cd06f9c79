import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { openBrowser, startServer, type Running } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { SPIES, hidePage, streamOpen, toastShownAt } from './alert-spies.js';
import { DEMO } from '../../seed/demo.js';
import type { CaptureLeadAnswer } from '../../shared/schemas/capture.js';

// A lead sent to the capture API by an outside system reaches the one telecaller who can take it, on
// their phone, at once (docs/lead-capture.md, docs/routing.md, docs/alerts.md).
const PHONE = { width: 390, height: 844 };
const HOME = 'Welcome, Rahul Verma · Telecaller';

let server: Running;
let browser: BrowserContext;
let apiKey: string;
let rahulId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(PHONE, { isMobile: true, hasTouch: true });
  const owner = await fetch(`${server.base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.subadmin),
  });
  const ownerToken = ((await owner.json()) as { token: string }).token;
  // Captured leads routed every day, all day: the test never depends on the clock.
  const settings = await callTrpc(server.base, ownerToken, 'query', 'routing.settings');
  await callTrpc(server.base, ownerToken, 'mutation', 'routing.saveSettings', {
    routeIndiamart: settings.routeIndiamart,
    routeCapture: true,
    routeAddLead: settings.routeAddLead,
    routeCsv: settings.routeCsv,
    includeHeads: false,
    workDays: [1, 2, 3, 4, 5, 6, 7],
    workStart: '00:00',
    workEnd: '23:59',
    repeatRerouteDays: settings.repeatRerouteDays,
    recycleAfterHours: null,
    recycleMax: settings.recycleMax,
  });
  apiKey = (await callTrpc(server.base, ownerToken, 'mutation', 'capture.create', { kind: 'api', name: 'Company CRM' })).secret;
  // Every other telecaller blocked by the sub-admin: the signed-in telecaller is the only one routing may pick.
  const before = await callTrpc(server.base, ownerToken, 'query', 'routing.availability');
  const rahul = before.people.find((p) => p.name === 'Rahul Verma')!;
  rahulId = rahul.id;
  for (const p of before.people) {
    if (p.id !== rahulId && p.userType === 'Telicaller') await callTrpc(server.base, ownerToken, 'mutation', 'users.setBlocked', { id: p.id, blocked: true });
  }
  const after = await callTrpc(server.base, ownerToken, 'query', 'routing.availability');
  expect(after.people.filter((p) => p.available).map((p) => p.id)).toEqual([rahulId]);
  expect(after.people.filter((p) => p.userType === 'Telicaller').length).toBeGreaterThan(1);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the phone's screen shows (a full-page picture would stretch the window and move the toasts). */
const screen = (page: Page, name: string) => page.screenshot({ path: path.join(import.meta.dirname, '../../test-results', `${name}.png`) });

let sent = 0;
/** POSTs a lead to the capture API with the company's key, as its CRM would; answers the HTTP status, the body and when it was sent. */
async function captureLead(name: string): Promise<{ status: number; body: CaptureLeadAnswer; sentAt: number }> {
  sent += 1;
  const sentAt = Date.now();
  const res = await fetch(`${server.base}/api/capture/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, mobile: `98${String(Date.now()).slice(-7)}${sent}`, requirement: 'Rooftop solar, 3 kW', area: 'Pune' }),
  });
  return { status: res.status, body: (await res.json()) as CaptureLeadAnswer, sentAt };
}

async function signedInPhone(): Promise<Page> {
  const page = await freshPage(browser, PHONE);
  await page.addInitScript(SPIES);
  await signInAsUser(page, server.base, DEMO.telecaller);
  await page.getByText(HOME).waitFor();
  await streamOpen(page);
  return page;
}

/** The answer says the lead went to the signed-in telecaller. */
function expectRoutedToRahul(answer: { status: number; body: CaptureLeadAnswer }) {
  expect(answer.status).toBe(201);
  expect(answer.body).toEqual({ leadId: expect.any(Number), status: 'routed', routedTo: { id: rahulId, name: 'Rahul Verma' } });
}

/** A "New lead" toast naming the lead within 2 s of the POST, wholly on the phone's screen. */
async function expectNewLeadToast(page: Page, name: string, sentAt: number) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: `${name} is waiting for your call.` });
  await toast.waitFor({ timeout: 2_000 });
  expect(await toast.getByText('New lead').count()).toBe(1);
  expect((await toastShownAt(page, name))! - sentAt).toBeLessThan(2_000);
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const open = (await toast.getByRole('button', { name: 'Open' }).boundingBox())!;
  expect(open.x + open.width).toBeLessThanOrEqual(box.x + box.width);
  return toast;
}

describe('a captured lead reaches the telecaller’s phone', () => {
  it('on Home: routed to them, a New lead toast within 2 s, the bell lists it, and the New queue has it', async () => {
    const page = await signedInPhone();
    const answer = await captureLead('Kiran Captured');
    expectRoutedToRahul(answer);
    const toast = await expectNewLeadToast(page, 'Kiran Captured', answer.sentAt);
    await screen(page, 'capture-toast-home-phone');

    const bell = page.getByRole('button', { name: /New leads: 1$/ });
    await bell.waitFor({ timeout: 2_000 });
    await toast
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => undefined);
    await bell.click();
    const menu = page.locator('.mantine-Popover-dropdown');
    await menu.getByText('Kiran Captured').waitFor();
    // The whole list on the phone's screen.
    await expect
      .poll(async () => {
        const b = (await menu.boundingBox())!;
        return b.x >= 0 && b.x + b.width <= PHONE.width;
      })
      .toBe(true);
    await screen(page, 'capture-bell-phone');
    await page.keyboard.press('Escape');

    // The New queue has it: its newest card, on the last page (the queue is oldest first).
    const token = await signInUser(server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    const queue = await callTrpc(server.base, token, 'query', 'work.queue', { queue: 'new', page: 1, pageSize: 20 });
    const last = Math.max(1, Math.ceil(queue.total / 20));
    await page.goto(`${server.base}/leadspage/leads${last > 1 ? `?page=${last}` : ''}`);
    const card = page.getByRole('article').filter({ hasText: 'Kiran Captured' });
    await card.waitFor();
    // Its page says, in the telecaller's words, how it came to them.
    await card.getByRole('link', { name: 'Process Lead' }).click();
    await page.waitForURL(`${server.base}/leadspage/lead/${answer.body.leadId}?queue=new`);
    await page.getByText("Given to Rahul Verma (your company's CRM or website)").waitFor();
    await page.getByText("Given to Rahul Verma (your company's CRM or website)").scrollIntoViewIfNeeded();
    await screen(page, 'capture-lead-history-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('with the New queue open: the list shows the lead within 2 s without a reload', async () => {
    const page = await signedInPhone();
    const token = await signInUser(server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    const queue = await callTrpc(server.base, token, 'query', 'work.queue', { queue: 'new', page: 1, pageSize: 20 });
    // The page the next lead lands on (the queue is oldest first); a full last page would push it onto a new one.
    expect(queue.total % 20).not.toBe(0);
    const last = Math.max(1, Math.ceil(queue.total / 20));
    await page.goto(`${server.base}/leadspage/leads${last > 1 ? `?page=${last}` : ''}`);
    await page.getByRole('article').first().waitFor();
    await streamOpen(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const answer = await captureLead('Meera Captured');
    expectRoutedToRahul(answer);
    await expectNewLeadToast(page, 'Meera Captured', answer.sentAt);
    const card = page.getByRole('article').filter({ hasText: 'Meera Captured' });
    await card.waitFor({ timeout: Math.max(0, answer.sentAt + 2_000 - Date.now()) + 1 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await screen(page, 'capture-new-queue-phone');
    // The card fits the phone's width.
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('with the app hidden: a system notification that stays until handled and opens the lead', async () => {
    await browser.grantPermissions(['notifications'], { origin: server.base });
    const page = await signedInPhone();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await hidePage(page);
    const answer = await captureLead('Sunil Captured');
    expectRoutedToRahul(answer);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown.length), { timeout: 2_000 }).toBe(1);
    const [shown] = await page.evaluate(() => (window as unknown as { __shown: { title: string; options: Record<string, unknown> }[] }).__shown);
    expect(shown).toEqual({
      outcome: expect.any(String),
      title: 'New lead',
      options: expect.objectContaining({
        body: 'Sunil Captured is waiting for your call.',
        tag: `lead-${answer.body.leadId}`,
        requireInteraction: true,
        data: expect.objectContaining({ url: `/leadspage/lead/${answer.body.leadId}?queue=new`, kind: 'lead_routed', leadId: answer.body.leadId }),
      }),
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: { outcome: string }[] }).__shown[0]!.outcome)).toBe('shown');
    // Hidden: no toast.
    expect(await page.locator('.mantine-Notification-root').filter({ hasText: 'Sunil Captured' }).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
