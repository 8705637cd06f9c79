import { describe, expect, it } from 'vitest';
import { openBrowser, serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

const env = serverAndBrowser();

describe('calling rules in a real browser', () => {
  it('phone: previews the WhatsApp message as it is typed, refuses a bad rule, saves and keeps the rules', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/calling-rules`);
    await page.getByRole('heading', { name: 'Calling Rules' }).waitFor();
    const preview = page.getByLabel('WhatsApp message preview');
    expect(await preview.innerText()).toBe(
      'Hello Asha Kulkarni, this is Sunrise Telecalling Pvt Ltd. We received your enquiry and would like to help you with it.',
    );
    expect(await field(page, 'Retry after \\(minutes\\)').inputValue()).toBe('120');
    await page.getByText('The lead leaves the queues for 2 hours, then comes back.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'calling-rules-phone');

    await field(page, 'Message').fill('Namaste {name}, {company} here.');
    expect(await preview.innerText()).toBe('Namaste Asha Kulkarni, Sunrise Telecalling Pvt Ltd here.');
    await field(page, 'Retry after \\(minutes\\)').fill('90');
    await page.getByText('The lead leaves the queues for 1 hour 30 minutes, then comes back.').waitFor();
    await field(page, 'Attempts before invalid').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Allow at least 1 attempt.').waitFor();
    // What was typed stays: not turned into 3 by dropping the sign.
    await field(page, 'Attempts before invalid').fill('-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Allow at least 1 attempt.').waitFor();
    expect(await field(page, 'Attempts before invalid').inputValue()).toBe('-3');
    await field(page, 'Attempts before invalid').fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Calling rules saved.').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Calling Rules' }).waitFor();
    await expect.poll(() => field(page, 'Message').inputValue()).toBe('Namaste {name}, {company} here.');
    expect(await field(page, 'Retry after \\(minutes\\)').inputValue()).toBe('90');
    expect(await field(page, 'Attempts before invalid').inputValue()).toBe('3');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('desktop: the page sits in the sidebar', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signInAsSubadmin(page, env.server.base);
    await page.getByRole('link', { name: 'Calling Rules' }).click();
    await page.waitForURL('**/subadmin/calling-rules');
    await page.getByLabel('WhatsApp message preview').waitFor();
    await snap(page, 'calling-rules-desktop');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
  it("the company turns off its telecallers' exports: the telecaller's New leads has no Export CSV button", async () => {
    // The telecaller's phone: a browser of its own (one browser keeps one session).
    const phone = await openBrowser({ width: 390, height: 844 });
    const caller = await freshPage(phone, { width: 390, height: 844 });
    await signInAsUser(caller, env.server.base, DEMO.telecaller);
    const newLeads = async () => {
      await caller.goto(`${env.server.base}/leadspage/leads`);
      await caller.getByRole('heading', { name: 'New Leads' }).waitFor();
      await caller.locator('article').first().waitFor();
    };
    const setExports = async (on: boolean) => {
      const owner = await freshPage(env.browser, { width: 1280, height: 800 });
      await signInAsSubadmin(owner, env.server.base);
      await owner.goto(`${env.server.base}/subadmin/calling-rules`);
      const allowed = owner.getByRole('checkbox', { name: /Telecallers and heads may export their leads/ });
      await allowed.waitFor();
      expect(await allowed.isChecked()).toBe(!on);
      await allowed.setChecked(on);
      await owner.getByRole('button', { name: 'Save' }).click();
      await owner.getByText('Calling rules saved.').waitFor();
      if (!on) await snap(owner, 'calling-rules-exports-off-desktop');
      expect(errorsOf(owner)).toEqual([]);
      await owner.close();
    };

    await newLeads();
    await caller.getByText('Export CSV').first().waitFor();
    await setExports(false);
    await newLeads();
    expect(await caller.getByText('Export CSV').count()).toBe(0);
    const refused = await caller.evaluate(async () => {
      const res = await fetch('/api/webapi/work/new-leads.csv');
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toEqual({ status: 403, body: { status: false, success: false, message: expect.stringMatching(/turned off exporting leads/) } });
    await snap(caller, 'new-leads-no-export-phone');
    await phone.close();
    // Back as it was, for the other tests.
    await setExports(true);
  });
});
