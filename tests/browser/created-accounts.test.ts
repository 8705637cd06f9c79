import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsDemo, signInAsSubadmin } from './pages.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { seriousViolations } from './axe.js';
import { addDays, todayIn } from '../../shared/dates.js';

const env = phoneAndDesk();
const SIZES = [
  ['phone', PHONE, () => env.phone],
  ['desktop', DESK, () => env.desk],
] as const;

/** The summary's rows as label → value. */
async function details(page: Page): Promise<Record<string, string>> {
  const table = page.getByRole('table', { name: 'Sign-in details' });
  await table.waitFor();
  const rows = await table.getByRole('row').all();
  return Object.fromEntries(await Promise.all(rows.map(async (r) => [await r.locator('th').innerText(), await r.locator('td').innerText()])));
}

async function copied(browser: BrowserContext, page: Page): Promise<string> {
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.base });
  await page.getByRole('button', { name: 'Copy sign-in details' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const box = await page.getByRole('button', { name: 'Create another' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

describe('creating an account ends on what to hand over', () => {
  for (const [name, viewport, browserOf] of SIZES) {
    it(`${name}: the admin creates a company and gets its sign-in address, email and the password just typed, then creates another`, async () => {
      const browser = browserOf();
      const page = await freshPage(browser, viewport);
      await signInAsDemo(page, env.server.base, 'admin');
      await page.goto(`${env.server.base}/admin/subadmin-list/form`);
      const email = `owner-${name}@harbour.test`;
      await field(page, 'Name').fill('Farah Khan');
      await field(page, 'Email').fill(email.toUpperCase());
      await field(page, 'Password').fill(`harbour-${name}-pass`);
      await field(page, 'Telecaller limit').fill('5');
      await field(page, 'Company name').fill(`Harbour Calls ${name}`);
      await field(page, 'Mobile').fill(name === 'phone' ? '9845012001' : '9845012002');
      await field(page, 'Expiry date').fill(addDays(todayIn('Asia/Kolkata'), 90));
      await field(page, 'GST number').fill('29ABCDE1234F1Z5');
      await field(page, 'Company bio').fill('Outbound sales');
      await field(page, 'Address').fill('Kochi');
      await page.getByRole('button', { name: 'Create Subadmin' }).click();

      await page.getByRole('heading', { name: 'Company created' }).waitFor();
      expect(await details(page)).toEqual({
        Name: 'Farah Khan',
        Role: 'Subadmin (company owner)',
        Company: `Harbour Calls ${name}`,
        'Sign in at': `${env.server.base}/subadminsignin`,
        Email: email,
        Password: `harbour-${name}-pass`,
      });
      expect(await page.getByRole('button', { name: 'Create Subadmin' }).count()).toBe(0);
      expect(await copied(browser, page)).toBe(`Sign in at: ${env.server.base}/subadminsignin\nEmail: ${email}\nPassword: harbour-${name}-pass`);
      await fitsWidth(page, viewport.width);
      await snap(page, `created-company-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The details hand over: the owner signs in with them.
      const signIn = await fetch(`${env.server.base}/api/webapi/subadmin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `harbour-${name}-pass` }),
      });
      expect(signIn.status).toBe(200);

      await page.getByRole('button', { name: 'Create another' }).click();
      await page.getByRole('button', { name: 'Create Subadmin' }).waitFor();
      expect(await field(page, 'Name').inputValue()).toBe('');
      expect(await page.getByText(`harbour-${name}-pass`).count()).toBe(0);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });

    it(`${name}: the company creates a telecaller head and gets the sign-in address, mobile and password just typed`, async () => {
      const browser = browserOf();
      const page = await freshPage(browser, viewport);
      await signInAsSubadmin(page, env.server.base);
      await page.goto(`${env.server.base}/subadmin/telicallerlist/formtelicaller`);
      const mobile = name === 'phone' ? '9876500071' : '9876500072';
      await field(page, 'Name').fill('Irfan Shaikh');
      await field(page, 'Email').fill(`irfan-${name}@sunrise.demo`);
      await field(page, 'Mobile').fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      await field(page, 'Password').fill(`irfan-${name}-pass`);
      await field(page, 'User type').first().click();
      await page.getByRole('option', { name: 'Telecaller head', exact: true }).click();
      await page.getByRole('button', { name: 'Create', exact: true }).click();

      await page.getByRole('heading', { name: 'User created' }).waitFor();
      expect(await details(page)).toEqual({
        Name: 'Irfan Shaikh',
        Role: 'Telecaller head',
        Email: `irfan-${name}@sunrise.demo`,
        'Sign in at': `${env.server.base}/signin`,
        Mobile: mobile,
        Password: `irfan-${name}-pass`,
      });
      expect(await copied(browser, page)).toBe(`Sign in at: ${env.server.base}/signin\nMobile: ${mobile}\nPassword: irfan-${name}-pass`);
      await fitsWidth(page, viewport.width);
      await snap(page, `created-user-${name}`);
      expect(await seriousViolations(page)).toEqual([]);

      const signIn = await fetch(`${env.server.base}/api/webapi/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, password: `irfan-${name}-pass` }),
      });
      expect(signIn.status).toBe(200);

      await page.getByRole('button', { name: 'Create another' }).click();
      await page.getByRole('button', { name: 'Create', exact: true }).waitFor();
      expect(await field(page, 'Name').inputValue()).toBe('');
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }
});
