import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { choose, errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { addDays, todayIn } from '../../shared/dates.js';

// A sale from start to money: the telecaller on a phone, the company at a desk.
const screens = phoneAndDesk();

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The text of a row's cells under the named columns of a table. */
async function cellsByColumn(page: Page, table: string, row: Locator, columns: string[]): Promise<Record<string, string>> {
  const headers = (await page.locator(`table[aria-label="${table}"] thead th`).allInnerTexts()).map((h) => h.trim());
  const cells = (await row.locator('td').allInnerTexts()).map((c) => c.trim());
  return Object.fromEntries(columns.map((c) => [c, cells[headers.indexOf(c)] ?? `no column "${c}"`]));
}

describe('projects, payments and commission', () => {
  it('a telecaller creates a project, the company approves it, a payment update is approved, and the totals and the ledger show it', async () => {
    const name = `Shop website ${Date.now() % 100000}`;
    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller.goto(`${screens.server.base}/leadspage/createproject`);
    await field(caller, 'Project name').fill(name);
    await field(caller, 'Client name').fill('Ravi Mehta');
    await field(caller, 'Number').fill('98765 43210');
    await field(caller, 'Price').fill('1,00,000');
    await field(caller, 'Advance').fill('20000');
    await choose(caller, 'Commission %', '10%');
    await field(caller, 'End date').fill(addDays(todayIn('Asia/Kolkata'), 30));
    expect(await noSidewaysScroll(caller)).toBe(true);
    await snap(caller, 'projects-create-phone');
    await caller.getByRole('button', { name: 'Create project' }).click();
    await caller.getByText('Project created successfully!').first().waitFor();

    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/SubProject/approveproject`);
    const row = owner.getByRole('row', { name: /Rahul Verma/ });
    await row.getByRole('button', { name: 'View Projects' }).click();
    const pending = owner.getByRole('row', { name: new RegExp(name) });
    await pending.waitFor();
    await snap(owner, 'projects-approve-desk');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Project approved.').first().waitFor();
    await expect.poll(() => owner.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);

    // The telecaller asks for the payment that came in.
    await caller.goto(`${screens.server.base}/pendingpayment`);
    const card = caller.getByRole('article', { name });
    await card.waitFor();
    expect(await card.innerText()).toContain('₹80,000.00');
    expect(await card.getByRole('link', { name: 'Remind' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    await card.getByRole('button', { name: 'Update Project' }).click();
    await field(caller, 'Received Payment').fill('65000');
    await caller.getByText('Pending Payment: ₹35,000.00').waitFor();
    await snap(caller, 'projects-update-phone');
    await caller.getByRole('button', { name: 'Update', exact: true }).click();
    await caller.getByText('Update request sent to your company for approval!').first().waitFor();
    await card.getByText('Update waiting for approval').waitFor();
    expect(await card.getByRole('button', { name: 'Update Project' }).isDisabled()).toBe(true);

    await owner.goto(`${screens.server.base}/subadmin/payment`);
    const update = owner.getByRole('row', { name: new RegExp(name) });
    await update.waitFor();
    expect(await update.innerText()).toContain('₹65,000.00');
    await snap(owner, 'projects-updates-desk');
    await update.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Project update approved.').first().waitFor();
    await expect.poll(() => owner.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);

    // The company's running list keeps the advance apart from the total received since.
    await owner.goto(`${screens.server.base}/subadmin/SubProject/createproject`);
    const running = owner.getByRole('row', { name: new RegExp(name) });
    await running.waitFor();
    expect(await cellsByColumn(owner, 'Running Projects', running, ['Price (INR)', 'Advance Payment', 'Received', 'Pending Payment'])).toEqual({
      'Price (INR)': '₹1,00,000.00',
      'Advance Payment': '₹20,000.00',
      Received: '₹65,000.00',
      'Pending Payment': '₹35,000.00',
    });
    await snap(owner, 'projects-running-desk');

    await caller.goto(`${screens.server.base}/totalbusniness`);
    const detail = caller.getByRole('row', { name: new RegExp(name) });
    await detail.waitFor();
    expect(await detail.innerText()).toMatch(/₹1,00,000\.00[\s\S]*₹65,000\.00[\s\S]*₹35,000\.00[\s\S]*10%[\s\S]*₹10,000\.00[\s\S]*₹6,500\.00/);
    await snap(caller, 'projects-business-phone');

    await caller.goto(`${screens.server.base}/Runningproject`);
    await caller.getByRole('article', { name }).getByRole('button', { name: 'Payments' }).click();
    const ledger = caller.getByRole('dialog');
    await ledger.getByText('Payment update').waitFor();
    const text = await ledger.innerText();
    expect(text).toContain('Advance');
    expect(text).toContain('₹45,000.00');
    expect(text).toContain('Priya Sharma');
    await snap(caller, 'projects-ledger-phone');

    await owner.goto(`${screens.server.base}/subadmin/business`);
    await owner.getByRole('row', { name: /Rahul Verma/ }).waitFor();
    await snap(owner, 'projects-business-desk');
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });

  it('the company adds a product; the telecaller finds it on the phone and starts a project from it with the name and price filled in', async () => {
    const product = `Landing page ${Date.now() % 100000}`;
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/products`);
    await owner.getByRole('row', { name: /Online store/ }).waitFor();
    await owner.getByRole('button', { name: 'Add product' }).click();
    const dialog = owner.getByRole('dialog');
    await field(dialog as unknown as Page, 'Name').fill(product);
    await field(dialog as unknown as Page, 'Price').fill('7,499.50');
    await dialog.getByLabel('Description').fill('One page, contact form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Product added.').first().waitFor();
    await owner.getByRole('row', { name: new RegExp(product) }).waitFor();
    expect(await owner.getByRole('row', { name: new RegExp(product) }).innerText()).toContain('₹7,499.50');
    await snap(owner, 'products-desk');

    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller.goto(`${screens.server.base}/leadspage/listproduct`);
    const card = caller.getByRole('article', { name: product });
    await card.waitFor();
    expect(await noSidewaysScroll(caller)).toBe(true);
    await snap(caller, 'products-phone');
    await card.getByRole('link', { name: 'Create project' }).click();
    await expect.poll(() => field(caller, 'Project name').inputValue()).toBe(product);
    expect(await field(caller, 'Price').inputValue()).toBe('7499.50');
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });
});
