import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, pick, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// The lead form as a telecaller works it 200 times a day on a 390x844 phone: the outcome is a tap
// away without a swipe, the toast after a submit covers nothing the next lead needs, and statuses
// read as words.
const PHONE = { width: 390, height: 844 };

const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The visible part of a chip (its label): the radio itself is drawn at zero width. */
const chip = (page: Page, name: string) => page.locator(`label[for="${name}"]`);

async function chipBox(page: Page, name: string): Promise<Box> {
  const id = (await page.getByRole('radio', { name, exact: true }).getAttribute('id'))!;
  return (await chip(page, id).boundingBox())!;
}

async function openFirst(page: Page, path: string) {
  await page.goto(`${env.server.base}${path}`);
  const card = page.getByRole('article').first();
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))!;
  await card
    .getByRole('link')
    .filter({ hasText: /Process Lead|Call Back/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
  return name;
}

const STATUSES = ['Interested', 'Not interested', 'Follow-up', 'Invalid'];

describe('the lead form on a 390x844 phone', () => {
  it('puts the status chips above the fold, then only what the chosen status needs, the optional numbers after', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await openFirst(page, '/leadspage/pendingleads');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const status of STATUSES) {
      const box = await chipBox(page, status);
      expect(box.y, status).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, status).toBeLessThanOrEqual(PHONE.height);
      expect(box.height, status).toBeGreaterThanOrEqual(44);
    }
    const optional = (await page.getByLabel('Optional WhatsApp').boundingBox())!;
    expect(optional.y).toBeGreaterThan((await chipBox(page, 'Invalid')).y);
    // Nothing of a status shows before one is chosen.
    expect(await page.getByLabel('Callback', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Remarks').count()).toBe(0);
    await snap(page, 'lead-form-chips-phone');

    await pick(page, 'Follow-up');
    await page.getByLabel('Callback', { exact: true }).waitFor();
    // Every outcome has its note (docs/lead-fields.md), the follow-up's too.
    await page.getByLabel('Remarks').waitFor();
    await pick(page, 'Interested');
    await page.getByLabel('Remarks').waitFor();
    expect(await page.getByLabel('Callback', { exact: true }).count()).toBe(0);
    for (const feedback of ['Running', 'Price Negotiation', 'Deal Close']) await page.getByRole('radio', { name: feedback }).waitFor({ state: 'attached' });
    await pick(page, 'Invalid');
    await page.getByLabel(/^Invalid Reason/).waitFor();
    // The only feedback of Invalid is chosen by itself.
    expect(await page.getByRole('radio', { name: 'Wrong Lead' }).isChecked()).toBe(true);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("after a submit the toast sits at the bottom, one line, over none of the next lead's controls", async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    const first = await openFirst(page, '/leadspage/leads');
    await pick(page, 'Not interested');
    await pick(page, 'Price Issue');
    await page.getByRole('button', { name: 'Submit' }).click();
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Form submitted successfully' });
    await toast.waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().innerText()).not.toBe(first);
    await page.getByRole('button', { name: 'Busy', exact: true }).waitFor();
    await page.waitForTimeout(300); // the toast's slide-in
    await snap(page, 'lead-form-toast-phone');

    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.height).toBeLessThanOrEqual(56);
    const needed: Locator[] = [
      page.getByRole('heading', { level: 2 }).first(),
      page.getByRole('link', { name: 'Previous' }).or(page.getByRole('button', { name: 'Previous' })),
      page.getByRole('link', { name: 'Next' }).or(page.getByRole('button', { name: 'Next' })),
      page.getByRole('link', { name: 'Call', exact: true }),
      page.getByRole('link', { name: 'WhatsApp' }),
      ...(await page.getByRole('button', { name: /^(Busy|Switched off|No answer|Not reachable)$/ }).all()),
    ];
    for (const l of needed) {
      const b = (await l.first().boundingBox())!;
      expect(overlaps(box, b), await l.first().innerText()).toBe(false);
    }
    for (const status of STATUSES) expect(overlaps(box, await chipBox(page, status)), status).toBe(false);
    // Never more than two at once on a phone, whatever else (a callback reminder) is raised.
    expect(await page.locator('.mantine-Notification-root').count()).toBeLessThanOrEqual(2);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("a head reads the telecaller's remarks above the form; statuses are words, never codes", async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.head);
    await page.goto(`${env.server.base}/TellyCalerHad/LeadsHead`);
    const card = page.getByRole('article').first();
    await card.waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/· [0-9]\b|\([0-9]\)/);
    const name = (await card.getAttribute('aria-label'))!;
    await card
      .getByRole('link')
      .filter({ hasText: /Process Lead/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    const note = page.getByRole('region', { name: 'From Rahul Verma' });
    await note.getByText('Wants a quote with hosting.').waitFor();
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual((await chipBox(page, 'Interested')).y);
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(PHONE.height);
    // The remarks above do not push the outcome below the fold.
    for (const status of STATUSES) {
      const box = await chipBox(page, status);
      expect(box.y + box.height, status).toBeLessThanOrEqual(PHONE.height);
    }
    await page.getByRole('heading', { name: 'Lead History' }).waitFor();
    await page.getByText('Price Negotiation').first().waitFor();
    const main = await page.locator('main').innerText();
    // "Interested" on the lead and in its history, without "· 2" or "(2)" beside it.
    expect(main).toContain('Interested');
    expect(main).not.toMatch(/· [0-9]\b|\([0-9]\)/);
    await snap(page, 'lead-form-head-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
