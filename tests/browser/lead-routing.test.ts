import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openBrowser, serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';
import { todayIn } from '../../shared/dates.js';
import { isoWeekday, isWorkingTime } from '../../shared/working-hours.js';

const env = serverAndBrowser();

/**
 * Turns a switch or checkbox on or off by clicking the input itself: Mantine hides the input under
 * its drawn track, and a toast sliding in on a phone may cover where a pointer click would land.
 */
async function setSwitch(control: Locator, on: boolean) {
  if ((await control.isChecked()) !== on) await control.dispatchEvent('click');
  await expect.poll(() => control.isChecked()).toBe(on);
}

describe('lead routing in a real browser', () => {
  it('desktop: the sub-admin saves the settings, adds a rule, sees who is available and sets a cap', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signInAsSubadmin(page, env.server.base);
    await page.getByRole('link', { name: 'Lead Routing' }).click();
    await page.waitForURL('**/subadmin/lead-routing');
    await page.getByRole('heading', { name: 'Lead Routing' }).waitFor();
    expect(await page.title()).toContain('Lead Routing');
    await page.getByText(/leads? waiting for routing/).waitFor();
    await page
      .getByText(/India Standard Time \(Asia\/Kolkata\)/)
      .first()
      .waitFor();

    // Settings: a source on, a bad window refused, then saved and kept.
    const indiamart = page.getByRole('switch', { name: 'IndiaMART pull' });
    expect(await indiamart.isChecked()).toBe(false);
    await setSwitch(indiamart, true);
    await setSwitch(page.getByRole('switch', { name: 'CSV uploads' }), true);
    await field(page, 'From').fill('19:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The working day must end after it starts.').waitFor();
    await field(page, 'From').fill('10:00');
    await setSwitch(page.getByRole('radio', { name: 'Recycle untouched leads' }), true);
    await field(page, 'After \\(working hours\\)').fill('3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Routing settings saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Lead Routing' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'IndiaMART pull' }).isChecked()).toBe(true);
    expect(await field(page, 'From').inputValue()).toBe('10:00');
    expect(await field(page, 'After \\(working hours\\)').inputValue()).toBe('3');

    // The upload page's "Route these leads now" starts as the CSV uploads setting.
    await page.goto(`${env.server.base}/subadmin/uploaddata`);
    const routeNow = page.getByRole('checkbox', { name: 'Route these leads now' });
    await expect.poll(() => routeNow.isChecked()).toBe(true);
    await snap(page, 'lead-routing-upload-desktop');
    await page.goto(`${env.server.base}/subadmin/lead-routing`);
    await page.getByRole('heading', { name: 'Lead Routing' }).waitFor();

    // A rule, with its people picked from the company's telecallers and heads.
    await page.getByRole('button', { name: 'Add rule' }).click();
    const modal = page.getByRole('dialog', { name: 'Add rule' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Save rule' }).click();
    await modal.getByText('Enter the value to match.').waitFor();
    await modal.getByText('Pick at least one person for this rule.').waitFor();
    await field(page, 'Value').fill('Pune');
    await modal.getByRole('combobox', { name: 'Send to' }).click();
    await page.getByRole('option', { name: /Rahul Verma/ }).click();
    // Closes the list of people, as a click beside it does.
    await field(page, 'Value').click();
    await snap(page, 'lead-routing-rule-modal-desktop');
    await modal.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('Rule added.').waitFor();
    const rules = page.getByRole('table', { name: 'Routing rules' });
    await rules.getByText('Rahul Verma').waitFor();
    expect(await rules.innerText()).toContain('Category is Pune');

    // Availability: everyone with a badge; a cap set here shows at once.
    const people = page.getByRole('table', { name: 'Availability' });
    const rahul = people.getByRole('row', { name: /Rahul Verma/ });
    await rahul.waitFor();
    await rahul.getByRole('button', { name: 'Set cap' }).click();
    await field(page, 'Leads a day at most').fill('25');
    await page.getByRole('button', { name: 'Save cap' }).click();
    await page.getByText('Daily cap saved.').waitFor();
    await expect.poll(() => rahul.innerText()).toContain('25');
    expect(await people.getByRole('row', { name: /Anita Desai/ }).innerText()).toMatch(/heads not included/i);
    await snap(page, 'lead-routing-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the page fits its width; the tables scroll inside their frames.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Lead Routing' }).waitFor();
    await page.getByRole('table', { name: 'Availability' }).getByText('Rahul Verma').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'lead-routing-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('phone: a telecaller switches their break on from Home; the sub-admin sees it and ends it', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    const caller = await freshPage(phone, { width: 390, height: 844 });
    await signInAsUser(caller, env.server.base, DEMO.telecaller);
    const onBreak = caller.getByRole('switch', { name: 'On a break' });
    await onBreak.waitFor();
    // Usable once the server said whether they are on a break.
    await expect.poll(() => onBreak.isEnabled()).toBe(true);
    expect(await onBreak.isChecked()).toBe(false);
    // Home says what routing does for Rahul, from the settings saved above (10:00 to 18:30, Monday to Saturday, a rule naming him).
    const hours = { days: [1, 2, 3, 4, 5, 6], start: '10:00', end: '18:30', timeZone: 'Asia/Kolkata' };
    const routingWords = !hours.days.includes(isoWeekday(todayIn(hours.timeZone)))
      ? 'Today is not a working day: routing gives you new leads on working days, 10:00 AM to 06:30 PM.'
      : !isWorkingTime(hours, new Date())
        ? 'Outside working hours: routing gives you new leads from 10:00 AM to 06:30 PM.'
        : 'Lead routing gives you new leads as they arrive: those whose category is "Pune", and those no rule matches.';
    await caller.getByText(routingWords).waitFor();
    // A real tap on the switch's track, where a thumb lands.
    await caller.locator('.mantine-Switch-track').click();
    await expect.poll(() => onBreak.isChecked()).toBe(true);
    await caller.getByText(/On a break since .+: you receive no new leads/).waitFor();
    expect(await caller.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = await onBreak.locator('xpath=ancestor::label[1]').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await snap(caller, 'lead-routing-break-phone');
    expect(await seriousViolations(caller)).toEqual([]);
    await caller.reload();
    await expect.poll(() => caller.getByRole('switch', { name: 'On a break' }).isChecked()).toBe(true);
    expect(errorsOf(caller)).toEqual([]);

    const owner = await freshPage(env.browser, { width: 1280, height: 800 });
    await signInAsSubadmin(owner, env.server.base);
    await owner.goto(`${env.server.base}/subadmin/lead-routing`);
    const rahul = owner.getByRole('table', { name: 'Availability' }).getByRole('row', { name: /Rahul Verma/ });
    await rahul.getByText(/On a break since/).waitFor();
    await snap(owner, 'lead-routing-on-break-desktop');
    await rahul.getByRole('button', { name: 'End break' }).click();
    await owner.getByText('Break ended.').waitFor();
    await expect.poll(() => rahul.innerText()).not.toMatch(/on a break/i);
    expect(errorsOf(owner)).toEqual([]);

    await caller.reload();
    await expect.poll(() => caller.getByRole('switch', { name: 'On a break' }).isChecked()).toBe(false);
    await owner.close();
    await caller.close();
    await phone.close();
  });
});
