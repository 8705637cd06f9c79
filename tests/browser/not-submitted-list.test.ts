import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
import { errorsOf, freshPage, signInAsSubadmin } from './pages.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';

// The sub-admin's Not Submitted list: from the menu, telecallers with a count, then one telecaller's leads.
const s = phoneAndDesk();

describe('Not Submitted Leads for the sub-admin', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desk', DESK],
  ] as const) {
    it(`is in the Leads menu and lists the telecaller's opened, unsubmitted leads with when sent and opened (${label})`, async () => {
      const page = await freshPage(label === 'phone' ? s.phone : s.desk, size);
      await signInAsSubadmin(page, s.server.base);
      await page.goto(`${s.server.base}/subadmin/Leads/notsubmittedleads`);
      await page.getByRole('heading', { level: 2, name: 'Not Submitted Leads' }).waitFor();
      // Its menu entry, in the Leads group beside the other lists (open on its own page).
      if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Not Submitted Leads' }).waitFor();
      if (label === 'phone') await page.keyboard.press('Escape');
      // The demo telecaller has one lead opened and not submitted.
      await page.getByRole('button', { name: 'View leads of Rahul Verma' }).click();
      await page.waitForURL(/telecaller=\d+/);
      const table = page.getByRole('table', { name: 'Leads' });
      await table.getByRole('columnheader', { name: 'Sent' }).waitFor();
      await table.getByRole('columnheader', { name: 'Opened' }).waitFor();
      expect(await table.getByRole('row').count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(page, `not-submitted-leads-${label}`);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }
});
