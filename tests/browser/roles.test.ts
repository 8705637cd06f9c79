import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage as openTab, signInAsSubadmin } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { addDays, todayIn } from '../../shared/dates.js';

const env = serverAndBrowser();

describe('in a real browser', () => {
  it('sends a signed-out visitor of a protected area to its sign-in page', async () => {
    const page = await openTab(env.browser);
    await page.goto(`${env.server.base}/admin/subadmin-list`);
    await page.waitForURL('**/adminsignin**');
    await page.goto(`${env.server.base}/subadmin/dashbord`);
    await page.waitForURL('**/subadminsignin**');
    await page.goto(`${env.server.base}/`);
    await page.waitForURL('**/signin**');
    await page.close();
  });

  it('admin: signs in, creates a company, and finds it in All Subadmins', async () => {
    const page = await openTab(env.browser);
    await page.goto(`${env.server.base}/adminsignin`);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.getByText('Email is required.').waitFor();
    await field(page, 'Email').fill(DEMO.admin.email);
    await field(page, 'Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByText('Active subadmins').first().waitFor();
    await snap(page, 'admin-dashboard');

    await page.goto(`${env.server.base}/admin/subadmin-list/form`);
    await field(page, 'Name').fill('Meera Iyer');
    await field(page, 'Email').fill('meera@bluewave.test');
    await field(page, 'Password').fill('bluewave123');
    await field(page, 'Telecaller limit').fill('5');
    await field(page, 'Company name').fill('Bluewave Calls LLP');
    await field(page, 'Mobile').fill('+91 98450 12345');
    await field(page, 'Expiry date').fill(addDays(todayIn('Asia/Kolkata'), 90));
    await field(page, 'GST number').fill('29abcde1234f1z5');
    await field(page, 'Company bio').fill('Inbound support desk');
    await field(page, 'Address').fill('Koramangala, Bengaluru');
    await page.getByRole('button', { name: 'Create Subadmin' }).click();
    await page.getByText('Subadmin created successfully!').waitFor();

    await page.goto(`${env.server.base}/admin/subadmin-list`);
    const row = page.getByRole('row', { name: /Bluewave Calls LLP/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('9845012345');
    expect(await row.textContent()).toContain('29ABCDE1234F1Z5');
    await snap(page, 'admin-subadmin-list');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('sub-admin: signs in, creates a telecaller who can then sign in', async () => {
    const page = await openTab(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await snap(page, 'subadmin-dashboard');

    await page.goto(`${env.server.base}/subadmin/telicallerlist/formtelicaller`);
    await field(page, 'Name').fill('Kiran Patil');
    await field(page, 'Email').fill('kiran@sunrise.demo');
    await field(page, 'Mobile').fill('98765 00099');
    await field(page, 'Password').fill('kiran12345');
    await field(page, 'User type').first().click();
    await page.getByRole('option', { name: 'Telecaller', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('User created successfully!').waitFor();

    await page.goto(`${env.server.base}/subadmin/telicallerlist/alltelicaller`);
    await page.getByRole('row', { name: /Kiran Patil/ }).waitFor();
    await snap(page, 'subadmin-telecallers');
    expect(errorsOf(page)).toEqual([]);
    await page.close();

    const res = await fetch(`${env.server.base}/api/webapi/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '9876500099', password: 'kiran12345' }),
    });
    expect(res.status).toBe(200);
  });

  it('telecaller on a phone: signs in, sees the tiles, reads the company notification', async () => {
    const page = await openTab(env.browser, { width: 390, height: 844 });
    await page.goto(`${env.server.base}/signin`);
    await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
    await field(page, 'Password').fill('wrong-password');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.getByText('Invalid credentials.').waitFor();
    await field(page, 'Password').fill(DEMO.telecaller.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(`${env.server.base}/`);
    // The tile; the menu's "New Leads" sits in the closed drawer on a phone.
    await page.getByText('New leads', { exact: true }).first().waitFor();
    await snap(page, 'telecaller-dashboard-phone');
    // Create project, Tutorial and Demo open their pages and show no figure (they count nothing).
    for (const [name, path] of [
      ['Create project', '/leadspage/createproject'],
      ['Tutorial', '/leadspage/tutorial'],
      ['Demo', '/leadspage/demo'],
    ] as const) {
      const tile = page.getByRole('link', { name, exact: true });
      expect(await tile.getAttribute('href')).toBe(path);
      expect(await tile.innerText()).not.toMatch(/\d/);
    }
    // The company's notice, and five about the demo projects' decisions (three approved, one rejected, a payment update approved).
    await page.getByRole('button', { name: /Notifications, 6 unread/ }).waitFor();

    await page.goto(`${env.server.base}/usernotification`);
    await page.getByText('Team meeting at 10:00').first().waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    // No unread notices left; the demo day's callback due soon still shows in the bell.
    await page.getByRole('button', { name: /^Notifications(, \d+ callbacks?)?$/ }).waitFor();
    await snap(page, 'telecaller-notifications-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
