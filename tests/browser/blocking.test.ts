import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// Blocking asks first; whoever is blocked lands on the sign-in page told why, not just signed out.
const screens = phoneAndDesk();
let adminDesk: BrowserContext;
beforeAll(async () => {
  adminDesk = await openBrowser(DESK);
});
afterAll(() => adminDesk?.close());

const statusOf = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) }).innerText();

describe('blocking', () => {
  it('the company blocks a telecaller after a question; the telecaller is sent to sign in, told its company blocked it', async () => {
    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller
      .getByRole('link', { name: /new leads/i })
      .first()
      .waitFor();

    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/telicallerlist/alltelicaller`);
    const block = owner.getByRole('button', { name: 'Block Rahul Verma' });
    await block.click();
    const dialog = owner.getByRole('dialog', { name: 'Block user' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf(owner, 'Rahul Verma')).toContain('Active');

    await block.click();
    await dialog.waitFor();
    await owner.waitForTimeout(300);
    await snap(owner, 'block-user-confirm-desk');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await owner.getByText('User has been blocked successfully.').first().waitFor();
    await expect.poll(() => statusOf(owner, 'Rahul Verma')).toContain('Blocked');

    // The open app finds out at its next call and goes to sign in with the reason.
    await caller
      .getByRole('link', { name: /new leads/i })
      .first()
      .click();
    await caller.waitForURL(/\/signin\?reason=account_blocked$/);
    await caller.getByText('Your account has been blocked by your company. Please contact your company.').waitFor();
    await snap(caller, 'blocked-user-signin-phone');
    // A reason the server never gave is not shown.
    await caller.goto(`${screens.server.base}/signin?reason=%3Cb%3Ehacked`);
    await field(caller, 'User Mobile').waitFor();
    expect(await caller.getByRole('status').count()).toBe(0);

    await owner.getByRole('button', { name: 'Unblock Rahul Verma' }).click();
    await owner.getByText('User has been unblocked successfully.').first().waitFor();
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });

  it('the admin blocks a company after a question; its sub-admin, opening the app again, is told the company is blocked', async () => {
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);

    const admin = await freshPage(adminDesk, DESK);
    await admin.goto(`${screens.server.base}/adminsignin`);
    await field(admin, 'Email').fill(DEMO.admin.email);
    await field(admin, 'Password').fill(DEMO.admin.password);
    await admin.getByRole('button', { name: 'SIGN IN' }).click();
    await admin.waitForURL(/\/admin$/);
    await admin.goto(`${screens.server.base}/admin/subadmin-list`);
    const row = admin.getByRole('row', { name: /Sunrise Telecalling/ });
    await row.getByRole('button', { name: 'Block' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Block subadmin' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Sunrise Telecalling');
    await admin.waitForTimeout(300);
    await snap(admin, 'block-subadmin-confirm-desk');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await admin.getByText('Subadmin blocked successfully.').first().waitFor();

    await owner.reload();
    await owner.waitForURL(/\/subadminsignin\?reason=company_blocked$/);
    await owner.getByText("Your company's account is blocked. Please contact the administrator.").waitFor();
    await snap(owner, 'blocked-company-signin-desk');

    await row.getByRole('button', { name: 'Unblock' }).click();
    await admin.getByText('Subadmin unblocked successfully.').first().waitFor();
    expect(errorsOf(admin)).toEqual([]);
    await admin.close();
    await owner.close();
  });
});
