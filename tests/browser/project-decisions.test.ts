import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { addDays, todayIn } from '../../shared/dates.js';

const screens = phoneAndDesk();

/** A project made through the app's own call, from the telecaller's signed-in page. */
async function createProject(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(
    async (input) => {
      const res = await fetch('/trpc/projects.create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
      return res.status;
    },
    {
      project_name: name,
      clint_name: 'Ravi Mehta',
      number: '9876543210',
      price: '40000',
      advance: '0',
      commission_percentage: 10,
      endtime: addDays(todayIn('Asia/Kolkata'), 20),
    },
  );
  expect(status).toBe(200);
}

describe('the company decides a project; the telecaller hears of it', () => {
  it('rejecting asks first and takes a reason; the telecaller sees the project wait, then the notice and the reason', async () => {
    const name = `Billing app ${Date.now() % 100000}`;
    const reason = 'The client already buys this from our partner.';
    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await createProject(caller, name);
    await caller.goto(`${screens.server.base}/waitingproject`);
    const waiting = caller.getByRole('article', { name });
    await waiting.getByText('Waiting for approval').waitFor();
    await snap(caller, 'projects-waiting-phone');

    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/SubProject/approveproject`);
    await owner
      .getByRole('row', { name: /Rahul Verma/ })
      .getByRole('button', { name: 'View Projects' })
      .click();
    const row = owner.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();

    // Cancel keeps the project waiting.
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Reject project' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.waitForTimeout(300);
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Reason').fill(reason);
    await snap(owner, 'projects-reject-dialog-desk');
    await dialog.getByRole('button', { name: 'Reject project' }).click();
    await owner.getByText('Project rejected.').first().waitFor();
    await expect.poll(() => owner.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);

    // The company's Rejected list shows the reason too.
    await owner.goto(`${screens.server.base}/subadmin/SubProject/rejectproject`);
    expect(await owner.getByRole('row', { name: new RegExp(name) }).innerText()).toContain(reason);

    await caller.goto(`${screens.server.base}/Rejectproject`);
    const rejected = caller.getByRole('article', { name });
    await rejected.getByText(`Reason: ${reason}`).waitFor();
    await caller.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await caller.getByText(`Project rejected: ${name}`).waitFor();
    await caller.waitForTimeout(400);
    await snap(caller, 'projects-rejected-bell-phone');
    await caller.goto(`${screens.server.base}/waitingproject`);
    await caller.getByRole('article').first().waitFor();
    expect(await caller.getByRole('article', { name }).count()).toBe(0);

    // In Hindi, the notice and the reason's label are Hindi; the project's name and the reason stay as typed.
    await caller.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await caller.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
    await caller.keyboard.press('Escape');
    await caller.goto(`${screens.server.base}/usernotification`);
    await caller.getByText(`प्रोजेक्ट अस्वीकार: ${name}`).waitFor();
    await caller.getByText(`कारण: ${reason}`).first().waitFor();
    await caller.goto(`${screens.server.base}/Rejectproject`);
    await caller.getByRole('article', { name }).getByText(`कारण: ${reason}`).waitFor();
    await snap(caller, 'projects-rejected-hindi-phone');
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });
});
