import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, pick, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';

// The company's own fields and notes on the lead form, as a telecaller works it on a 390 px phone
// (docs/lead-fields.md): a details field always, a required choice in the Interested section, a note
// on a not-interested outcome, and the lead's history showing both.
const PHONE = { width: 390, height: 844 };

// The fields are written straight to the database after the seed read the company's shape: nothing kept.
const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true }, { KEPT_READS_SECONDS: '0' });

let leads: { id: number; name: string }[] = [];

beforeAll(async () => {
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    const { subadmin_id: company } = sqlite.prepare('select subadmin_id from users where mobile = ?').get(DEMO.telecaller.mobile) as { subadmin_id: number };
    const now = new Date().toISOString();
    const insert = sqlite.prepare(
      `insert into lead_fields (subadmin_id, key, label, type, choices, required, statuses, callers_edit, on_cards, hidden, retired_at, position, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 1, ?, 0, null, ?, ?, ?)`,
    );
    insert.run(company, 'landmark', 'Landmark', 'text', null, 0, null, 1, 0, now, now);
    const roofChoices = JSON.stringify([
      { key: 'rcc', label: 'RCC' },
      { key: 'tin', label: 'Tin sheet' },
    ]);
    insert.run(company, 'roof', 'Roof type', 'choice', roofChoices, 1, JSON.stringify(['2']), 0, 1, now, now);
  } finally {
    sqlite.close();
  }
  const token = await signInUser(env.server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
  leads = (await callTrpc(env.server.base, token, 'query', 'work.queue', { queue: 'new', pageSize: 2 })).items;
});

async function openLead(page: Page, lead: { id: number; name: string }, queue?: string) {
  await page.goto(`${env.server.base}/leadspage/lead/${lead.id}${queue ? `?queue=${queue}` : ''}`);
  await page.getByRole('heading', { level: 2, name: lead.name }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
}

describe("the company's fields and notes on the lead form, on a 390 px phone", () => {
  it('asks for a required Interested field only with Interested, saves it with a details field, and the history shows the change', async () => {
    const [lead] = leads;
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await openLead(page, lead!, 'new');
    // The details field is there before any status; the Interested one is not.
    await field(page, 'Landmark').waitFor();
    expect(await field(page, 'Roof type').count()).toBe(0);
    await pick(page, 'Interested');
    await pick(page, 'Running');
    await field(page, 'Roof type').first().waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Roof type is required.').waitFor();
    await snap(page, 'lead-form-fields-required-phone');

    await field(page, 'Landmark').fill('Near the water tank');
    await field(page, 'Roof type').first().click();
    await page.getByRole('option', { name: 'Tin sheet' }).click();
    expect(await page.getByText('Roof type is required.').count()).toBe(0);
    await snap(page, 'lead-form-fields-filled-phone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Form submitted successfully').first().waitFor();

    // The lead again, with its values on the page and the change in its history.
    await openLead(page, lead!);
    const history = page.locator('section[aria-labelledby="lead-history-title"]');
    await history.getByText('Details changed').waitFor();
    const text = await history.innerText();
    expect(text).toContain('Roof type: — → Tin sheet');
    expect(text).toContain('Landmark: — → Near the water tank');
    expect(text).toContain('Running');
    expect(await field(page, 'Landmark').inputValue()).toBe('Near the water tank');
    await snap(page, 'lead-form-fields-history-phone');

    // The Interested queue's card shows the field chosen for cards.
    await page.goto(`${env.server.base}/leadspage/interestedleads`);
    const card = page.getByRole('article', { name: lead!.name, exact: true });
    await card.waitFor();
    // (once the company's shape has come: the card names the field by its label)
    await expect.poll(() => card.innerText()).toContain('Landmark: Near the water tank');
    await snap(page, 'lead-form-fields-card-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('keeps a note on a not-interested outcome and shows it in the history', async () => {
    const lead = leads[1]!;
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await openLead(page, lead, 'new');
    await pick(page, 'Not interested');
    await pick(page, 'Price Issue');
    // No Interested field for this outcome; the note is there.
    expect(await field(page, 'Roof type').count()).toBe(0);
    await field(page, 'Remarks').fill('Bought from a rival dealer last week');
    await snap(page, 'lead-form-note-not-interested-phone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Form submitted successfully').first().waitFor();

    await openLead(page, lead);
    const history = page.locator('section[aria-labelledby="lead-history-title"]');
    await history.getByText('Bought from a rival dealer last week').waitFor();
    expect(await history.innerText()).toContain('Price Issue');
    await snap(page, 'lead-form-note-history-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
