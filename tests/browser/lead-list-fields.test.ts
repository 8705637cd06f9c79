import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import type { Page } from 'playwright-core';
import { choose, errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';

// The company's lead list with one of its own fields as a column and a filter by it, at 1280 px.
const DESK = { width: 1280, height: 900 };
// The field is written straight into the database: the server keeps no read of the company's shape.
const env = serverAndBrowser(DESK, {}, { KEPT_READS_SECONDS: '0' });
const ROOF = [
  { key: 'rcc', label: 'RCC' },
  { key: 'tin', label: 'Tin sheet' },
];
let rcc: string[] = [];

/** Picks an option of a Mantine MultiSelect (its pills' box takes the clicks meant for its input). */
async function pick(page: Page, label: string, option: string) {
  await field(page, label).first().click({ force: true });
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}
let tin = '';

beforeAll(async () => {
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    const now = new Date().toISOString();
    const company = (sqlite.prepare('select id from subadmins where email = ?').get(DEMO.subadmin.email) as { id: number }).id;
    const field = sqlite
      .prepare(
        "insert into lead_fields (subadmin_id, key, label, type, choices, required, statuses, callers_edit, on_cards, hidden, retired_at, position, created_at, updated_at) values (?, 'roof', 'Roof type', 'choice', ?, 0, null, 1, 0, 0, null, 0, ?, ?) returning id",
      )
      .get(company, JSON.stringify(ROOF), now, now) as { id: number };
    const leads = sqlite.prepare('select id, name from leads where subadmin_id = ? and visible = 1 order by id desc limit 3').all(company) as {
      id: number;
      name: string;
    }[];
    const value = sqlite.prepare("insert into lead_values (lead_id, field_id, item, subadmin_id, v_text) values (?, ?, '', ?, ?)");
    value.run(leads[0]!.id, field.id, company, 'rcc');
    value.run(leads[1]!.id, field.id, company, 'tin');
    value.run(leads[2]!.id, field.id, company, 'rcc');
    rcc = [leads[0]!.name, leads[2]!.name];
    tin = leads[1]!.name;
  } finally {
    sqlite.close();
  }
});

describe("the company's lead list with its own field", () => {
  it('shows the field as a chosen column and filters by it', async () => {
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/Leads/myuploadleads`);
    const table = page.getByRole('table', { name: 'Uploaded leads' });
    await table.waitFor();

    await pick(page, 'Field columns', 'Roof type');
    await table.getByRole('columnheader', { name: 'Roof type' }).waitFor();

    await choose(page, 'Filter by field', 'Roof type');
    await pick(page, 'Roof type is any of', 'RCC');
    for (const name of rcc) await table.getByText(name, { exact: true }).waitFor();
    await expect.poll(async () => await table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
    expect(await table.getByText(tin, { exact: true }).count()).toBe(0);
    expect(await table.getByText('RCC', { exact: true }).count()).toBe(2);
    // the export link carries the filter
    const href = await page.getByRole('link', { name: /Export CSV/i }).getAttribute('href');
    expect(decodeURIComponent(href ?? '')).toContain('"key":"roof"');
    await snap(page, 'subadmin-lead-list-field-filter-1280');
    expect(errorsOf(page)).toEqual([]);

    // the chosen column is remembered for this list
    await page.reload();
    await page.getByRole('table', { name: 'Uploaded leads' }).getByRole('columnheader', { name: 'Roof type' }).waitFor();
    await page.close();
  });
});
