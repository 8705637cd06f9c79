import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { choose, errorsOf, freshPage, signInAsSubadmin } from './pages.js';
import { seriousViolations } from './axe.js';

/* The company shapes its leads (docs/lead-fields.md): the Lead fields and Outcomes pages on a desktop. */

const env = serverAndBrowser();
const LABEL = /^Label( \*)?$/;

describe('the Lead fields and Outcomes pages in a real browser', () => {
  it('desktop: defines a choice field and a required money field on Interested, reorders, retires one, edits an outcome', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 900 });
    await signInAsSubadmin(page, env.server.base);
    await page.getByRole('link', { name: 'Lead fields' }).click();
    await page.waitForURL('**/subadmin/lead-fields');
    await page.getByText('No fields yet: add the first one.').waitFor();

    // a single choice field in the lead details
    await page.getByRole('button', { name: 'Add field' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(LABEL).fill('Roof type');
    await choose(page, 'Type', 'Single choice');
    await dialog.getByRole('textbox', { name: 'Choice 1', exact: true }).fill('RCC');
    await dialog.getByRole('button', { name: 'Add choice' }).click();
    await dialog.getByRole('textbox', { name: 'Choice 2', exact: true }).fill('Tin sheet');
    await dialog.getByLabel('Show on queue cards').check();
    await snap(page, 'lead-fields-choice-form-desktop');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Roof type added.').waitFor();
    const table = page.getByRole('table', { name: 'Lead fields' });
    await table.getByText('roof_type').waitFor();

    // a required money field on Interested's section; a first try without outcomes is refused in place
    await page.getByRole('button', { name: 'Add field' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(LABEL).fill('Deal value');
    await choose(page, 'Type', 'Money (₹)');
    await dialog.getByLabel('Chosen outcomes').check();
    await dialog.getByLabel('Required when the lead form is submitted').check();
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByText('Pick at least one outcome, or show it in the lead details.').waitFor();
    await dialog.getByPlaceholder('Pick outcomes').click();
    await page.getByRole('option', { name: 'Interested', exact: true }).click();
    await dialog.getByLabel(LABEL).click(); // closes the dropdown
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Deal value added.').waitFor();
    const deal = table.getByRole('row').filter({ hasText: 'Deal value' });
    await deal.getByText('Interested').waitFor();
    await deal.getByText('Required').waitFor();

    // reorder: Deal value first
    await page.getByRole('button', { name: 'Move Deal value up' }).click();
    await expect.poll(async () => (await table.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\n')[0])).toEqual(['Deal value', 'Roof type']);

    // retire Roof type: it stays listed, marked, with Restore
    await table.getByRole('row').filter({ hasText: 'Roof type' }).getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
    await page.getByText('Roof type retired.').waitFor();
    const roof = table.getByRole('row').filter({ hasText: 'Roof type' });
    await roof.getByText('Retired').waitFor();
    await roof.getByRole('button', { name: 'Restore' }).waitFor();
    await page.mouse.move(1200, 880);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'lead-fields-desktop');

    // an outcome: Not interested's "Price Issue" renamed and asking for a note
    await page.getByRole('link', { name: 'Outcomes' }).click();
    await page.waitForURL('**/subadmin/outcomes');
    const ni = page.getByRole('table', { name: 'Not interested choices' });
    await ni.getByText('Price Issue').waitFor();
    await ni.getByRole('button', { name: 'Edit Price Issue' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(LABEL).fill('Too expensive');
    await dialog.getByLabel('The note must be written').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Too expensive saved.').waitFor();
    const row = ni.getByRole('row').filter({ hasText: 'Too expensive' });
    await row.getByText('Note').waitFor();
    await page.mouse.move(1200, 880);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'outcomes-desktop');
    expect(errorsOf(page).filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.close();
  });

  it('phone: the Lead fields page fits 390 px', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/lead-fields`);
    await page.getByRole('table', { name: 'Lead fields' }).getByText('Deal value').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'lead-fields-phone');
    await page.goto(`${env.server.base}/subadmin/outcomes`);
    await page.getByText('Too expensive').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'outcomes-phone');
    await page.close();
  });
});
