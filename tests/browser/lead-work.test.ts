import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { choose, errorsOf, field, freshPage, pick } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { timeIn, todayIn } from '../../shared/dates.js';

// The telecaller's day on a phone: open a lead, call, submit, and the next lead is already there.
const PHONE = { width: 390, height: 844 };
const COMPANY_ZONE = 'Asia/Kolkata';

const env = serverAndBrowser(PHONE);

async function signIn(who: { mobile: string; password: string }): Promise<Page> {
  const page = await freshPage(env.browser, PHONE);
  await page.goto(`${env.server.base}/signin`);
  await field(page, 'User Mobile').fill(who.mobile);
  await field(page, 'Password').fill(who.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL(`${env.server.base}/`);
  return page;
}

const leadUrl = (queue: string) => new RegExp(`/leadspage/lead/(\\d+)\\?queue=${queue}$`);
const leadIdIn = (url: string) => Number(/\/leadspage\/lead\/(\d+)/.exec(url)![1]);
const cards = (page: Page) => page.getByRole('article');

/** Opens the first lead of a queue page with its button; answers the lead's name and id. */
async function processFirst(page: Page, path: string, queue: string, button = 'Process Lead') {
  await page.goto(`${env.server.base}${path}`);
  const card = cards(page).first();
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link', { name: button }).click();
  await page.waitForURL(leadUrl(queue));
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return { name, id: leadIdIn(page.url()) };
}

async function expectThumbSized(l: Locator) {
  const box = (await l.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('lead work on a 390 px phone', () => {
  it('opens a lead from New Leads: the timer runs from 00:00:00 and survives a reload; call buttons are thumb-sized', async () => {
    const page = await signIn(DEMO.telecaller);
    await page.goto(`${env.server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'lead-work-new-leads-phone');

    const { name } = await processFirst(page, '/leadspage/leads', 'new');
    const timer = page.getByRole('timer', { name: 'Call duration' });
    expect(await timer.innerText()).toBe('00:00:00');
    await expect.poll(() => timer.innerText(), { timeout: 5000 }).toMatch(/^00:00:0[1-9]$/);

    const call = page.getByRole('link', { name: 'Call', exact: true });
    expect(await call.getAttribute('href')).toMatch(/^tel:\d{10}$/);
    const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
    // The form is on screen from the card already; the message comes with the open's answer.
    await expect.poll(() => whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=.*Sunrise%20Telecalling/);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    for (const l of [call, whatsapp, ...(await page.getByRole('button', { name: /^(Busy|Switched off|No answer|Not reachable)$/ }).all())]) {
      await expectThumbSized(l);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'lead-work-form-phone');

    // The time comes from a start stored for the tab, so a reload (or the dialer in front) loses none.
    await expect.poll(() => timer.innerText(), { timeout: 5000 }).toMatch(/^00:00:0[2-9]$/);
    await page.reload();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    expect(await page.getByRole('timer', { name: 'Call duration' }).innerText()).toMatch(/^00:00:0[2-9]$/);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("submits interested to the demo head: the next lead opens, and the head finds it in Junior Leads with the assigner's name", async () => {
    const page = await signIn(DEMO.telecaller);
    const { name, id } = await processFirst(page, '/leadspage/leads', 'new');
    await pick(page, 'Interested');
    await pick(page, 'Running');
    await choose(page, 'Telecaller head', 'Anita Desai');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Form submitted successfully').first().waitFor();
    // Work the queue: the next new lead's form, in place of this one.
    await expect.poll(() => leadIdIn(page.url())).not.toBe(id);
    expect(page.url()).toMatch(leadUrl('new'));
    await page.getByRole('timer', { name: 'Call duration' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.close();

    const head = await signIn(DEMO.head);
    await head.goto(`${env.server.base}/TellyCalerHad/LeadsHead`);
    const card = head.getByRole('article', { name, exact: true });
    await card.waitFor();
    expect(await card.innerText()).toContain('Assigned by Rahul Verma');
    await snap(head, 'lead-work-junior-leads-phone');
    expect(errorsOf(head)).toEqual([]);
    await head.close();
  });

  it("schedules a callback for later today and finds it in Today's Callbacks", async () => {
    const page = await signIn(DEMO.telecaller);
    const { name } = await processFirst(page, '/leadspage/leads', 'new');
    await pick(page, 'Follow-up');
    // The only follow-up feedback is chosen by itself.
    expect(await page.getByRole('radio', { name: 'Follow-up Option' }).isChecked()).toBe(true);
    await page.getByLabel('Callback', { exact: true }).check();
    const today = todayIn(COMPANY_ZONE);
    expect(await field(page, 'Callback date').inputValue()).toBe(today);
    const soon = new Date(Date.now() + 5 * 60_000);
    const time = todayIn(COMPANY_ZONE, soon) === today ? timeIn(COMPANY_ZONE, soon) : '23:59';
    await field(page, 'Callback time').fill(time);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Form submitted successfully').first().waitFor();
    await page.waitForURL(leadUrl('new'));

    await page.goto(`${env.server.base}/leadspage/callback`);
    const card = page.getByRole('article', { name, exact: true });
    await card.waitFor();
    const [h, m] = time.split(':').map(Number) as [number, number];
    const clock = `${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
    // The card's times follow its first paint by a moment (useZoneReady).
    await expect.poll(() => card.innerText()).toContain(`Callback today, ${clock}`);
    expect(await card.getByRole('link', { name: 'Call Back' }).count()).toBe(1);
    await snap(page, 'lead-work-callbacks-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("shows the card's lead at once while a slow network opens it; nothing can be sent before the open answers", async () => {
    const page = await signIn(DEMO.telecaller);
    // The pending queue: New Leads is kept for the tests that work it.
    await page.goto(`${env.server.base}/leadspage/pendingleads`);
    const card = cards(page).first();
    await card.waitFor();
    const name = (await card.getAttribute('aria-label'))!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/work.open*', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('link', { name: 'Process Lead' }).click();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await page.getByRole('timer', { name: 'Call duration' }).waitFor();
    // The history comes after the form's first paint, still waiting for the open.
    await page.getByText('Loading history...').waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Busy', exact: true }).isDisabled()).toBe(true);
    // The telecaller can already choose the outcome.
    await pick(page, 'Not interested');
    await snap(page, 'lead-work-form-opening-phone');

    release();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByText('Loading history...').count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Not interested', exact: true }).isChecked()).toBe(true);
    await page.unroute('**/trpc/work.open*');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a refused submit brings the first wrong field into view and focuses it', async () => {
    const page = await signIn(DEMO.telecaller);
    await processFirst(page, '/leadspage/pendingleads', 'pending');
    const number = field(page, 'Optional Number');
    await number.fill('98 76x');
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await page.getByText('Optional Number must contain digits only.').waitFor();
    // The outcome comes first on the form: with no status chosen, the status is the first wrong field.
    await page.getByText('Please select a status', { exact: true }).waitFor();
    const firstStatus = page.getByRole('radio', { name: 'Interested', exact: true });
    await expect.poll(() => firstStatus.evaluate((el) => el === document.activeElement)).toBe(true);
    const statusId = (await firstStatus.getAttribute('id'))!;
    const chipBox = (await page.locator(`label[for="${statusId}"]`).boundingBox())!;
    expect(chipBox.y).toBeGreaterThanOrEqual(0);
    expect(chipBox.y + chipBox.height).toBeLessThanOrEqual(PHONE.height);

    // With the outcome chosen, the wrong number is the first, brought into view and focused.
    await pick(page, 'Not interested');
    await pick(page, 'Price Issue');
    await submit.click();
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await number.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('Back from a half-filled lead form asks first; Stay keeps what was typed, Leave goes back', async () => {
    const page = await signIn(DEMO.telecaller);
    // Leads opened and not submitted stay there when opened again: this test uses up no lead.
    const NOT_SUBMITTED = '/leadspage/notsubmitleads';
    // Nothing typed: Back goes straight back.
    await processFirst(page, NOT_SUBMITTED, 'noSubmit');
    await page.goBack();
    await page.waitForURL(`${env.server.base}${NOT_SUBMITTED}`);

    await processFirst(page, NOT_SUBMITTED, 'noSubmit');
    const leadUrlNow = page.url();
    const number = field(page, 'Optional Number');
    await number.fill('9876501234');
    await page.goBack();
    const ask = page.getByRole('dialog', { name: 'Leave this lead?' });
    await ask.waitFor();
    await snap(page, 'lead-form-leave-asks-phone');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.waitForURL(leadUrlNow);
    expect(await number.inputValue()).toBe('9876501234');

    await page.goBack();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${env.server.base}${NOT_SUBMITTED}`);

    // Cancel is a choice made on purpose: it never asks.
    await processFirst(page, NOT_SUBMITTED, 'noSubmit');
    await field(page, 'Optional Number').fill('9876501234');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${env.server.base}${NOT_SUBMITTED}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('marks a lead not connected: it leaves the queue and the next lead opens', async () => {
    const page = await signIn(DEMO.telecaller);
    const { name, id } = await processFirst(page, '/leadspage/leads', 'new');
    await page.getByRole('button', { name: 'Busy', exact: true }).click();
    await page
      .getByText(/^Busy \(1 of 5\)\. Back at /)
      .first()
      .waitFor();
    await expect.poll(() => leadIdIn(page.url())).not.toBe(id);
    expect(page.url()).toMatch(leadUrl('new'));
    await page.getByRole('timer', { name: 'Call duration' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).not.toBe(name);

    await page.goto(`${env.server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    expect(await page.getByRole('article', { name, exact: true }).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
