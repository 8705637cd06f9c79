import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

const screens = phoneAndDesk();

describe("a telecaller's complaint", () => {
  it('is filed on the phone, answered and resolved by the company, and the telecaller reads the reply', async () => {
    const reason = `Duplicate leads ${Date.now() % 100000}`;
    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller.goto(`${screens.server.base}/complainsuggestion`);
    await caller.getByRole('button', { name: 'Save' }).click();
    await caller.getByText('Reason is required.').waitFor();
    await field(caller, 'Reason').fill(reason);
    await field(caller, 'Description').fill('The same customer came twice in New Leads.');
    // A double tap files it once.
    await caller.getByRole('button', { name: 'Save' }).dblclick();
    await caller.getByText('Complaint submitted successfully').first().waitFor();
    const card = caller.getByRole('article', { name: reason });
    await card.waitFor();
    await caller.reload();
    await card.waitFor();
    expect(await caller.getByRole('article', { name: reason }).count()).toBe(1);
    expect(await card.innerText()).toContain('No reply');

    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/telicallerComplain/pending`);
    const row = owner.getByRole('row', { name: new RegExp(reason) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Rahul Verma');
    await row.getByRole('button', { name: 'Reply' }).click();
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.getByText('Please enter a reply.').waitFor();
    await owner.getByRole('dialog').getByLabel('Reply').fill('Removed the duplicate upload. Thanks!');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.getByText('Reply added successfully!').first().waitFor();
    await snap(owner, 'complaints-company-desk');
    await owner
      .getByRole('row', { name: new RegExp(reason) })
      .getByRole('button', { name: 'Resolve' })
      .click();
    await owner.getByText('Complaint resolved successfully!').first().waitFor();
    await owner.goto(`${screens.server.base}/subadmin/telicallerComplain/close`);
    expect(await owner.getByRole('row', { name: new RegExp(reason) }).innerText()).toContain('Removed the duplicate upload.');

    await caller.reload();
    const answered = caller.getByRole('article', { name: reason });
    await answered.getByText('Removed the duplicate upload. Thanks!').waitFor();
    expect(await answered.innerText()).toMatch(/resolved/i);
    await snap(caller, 'complaints-phone');
    await caller.goto(`${screens.server.base}/usernotification`);
    await caller.getByText(`Reply to your complaint: ${reason}`).first().waitFor();
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });

  it("the company's complaint to the admin, double-clicked, is created once", async () => {
    const title = `Invoice missing ${Date.now() % 100000}`;
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/sendcomplain/pending`);
    await owner.getByRole('button', { name: 'Create Complaint' }).click();
    await field(owner, 'Title').fill(title);
    await field(owner, 'Body').fill('The November invoice never arrived.');
    await owner.getByRole('button', { name: 'Submit' }).dblclick();
    await owner.getByText('Complaint created successfully').first().waitFor();
    await owner.reload();
    await owner
      .getByRole('row', { name: new RegExp(title) })
      .first()
      .waitFor();
    expect(await owner.getByRole('row', { name: new RegExp(title) }).count()).toBe(1);
    expect(errorsOf(owner)).toEqual([]);
    await owner.close();
  });
});
