import type { BrowserContext, Page } from 'playwright-core';
import { DEMO } from '../../seed/demo.js';

/** A fresh tab with no session, collecting console errors and page errors. */
export async function freshPage(browser: BrowserContext, viewport?: { width: number; height: number }): Promise<Page> {
  await browser.clearCookies();
  const page = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

/** Console errors other than the expected 401/403 answers of a sign-in check. */
export const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors.filter((e) => !/status of 40[13]/.test(e));

/** A form field by its label; Mantine marks required ones with " *". */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Picks an option of a Mantine Select by its label and the option's text. */
export async function choose(page: Page, label: string, option: RegExp | string): Promise<void> {
  await field(page, label).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Signs in with the demo company's account on its sign-in page and waits for its dashboard. */
export async function signInAsSubadmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/subadminsignin`);
  await field(page, 'Email').fill(DEMO.subadmin.email);
  await field(page, 'Password').fill(DEMO.subadmin.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL('**/subadmin/dashbord');
}

/** Signs the demo admin or the demo company in on its sign-in page and waits to leave it (wherever it lands). */
export async function signInAsDemo(page: Page, base: string, who: 'admin' | 'subadmin'): Promise<void> {
  const [path, account] = who === 'admin' ? (['/adminsignin', DEMO.admin] as const) : (['/subadminsignin', DEMO.subadmin] as const);
  await page.goto(`${base}${path}`);
  await field(page, 'Email').fill(account.email);
  await field(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('signin'));
}

/** Signs a telecaller, head or developer in on /signin and waits for the user dashboard. */
export async function signInAsUser(page: Page, base: string, user: { mobile: string; password: string }): Promise<void> {
  await page.goto(`${base}/signin`);
  await field(page, 'User Mobile').fill(user.mobile);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL(`${base}/`);
}

/** Taps a one-tap choice (a chip: a radio whose visible part is its label), as a thumb does. */
export async function pick(page: Page, name: string | RegExp): Promise<void> {
  const radio = page.getByRole('radio', typeof name === 'string' ? { name, exact: true } : { name }).first();
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}
