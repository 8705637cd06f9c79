import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

let server: Running;
let phone: BrowserContext;
let desk: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  phone = await openBrowser(PHONE);
  desk = await openBrowser(DESK);
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await server?.stop();
});

describe("a telecaller's complaint", () => {
  it('is filed on the phone, answered and resolved by the company, and the telecaller reads the reply', async () => {
    const reason = `Duplicate leads ${Date.now() % 100000}`;
    const caller = await freshPage(phone, PHONE);
    await signInAsUser(caller, server.base, DEMO.telecaller);
    await caller.goto(`${server.base}/complainsuggestion`);
    await caller.getByRole('button', { name: 'Save' }).click();
    await caller.getByText('Reason is required.').waitFor();
    await field(caller, 'Reason').fill(reason);
    await field(caller, 'Description').fill('The same customer came twice in New Leads.');
    await caller.getByRole('button', { name: 'Save' }).click();
    await caller.getByText('Complaint submitted successfully').first().waitFor();
    const card = caller.getByRole('article', { name: reason });
    await card.waitFor();
    expect(await card.innerText()).toContain('No reply');

    const owner = await freshPage(desk, DESK);
    await signInAsSubadmin(owner, server.base);
    await owner.goto(`${server.base}/subadmin/telicallerComplain/pending`);
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
    await owner.getByRole('row', { name: new RegExp(reason) }).getByRole('button', { name: 'Resolve' }).click();
    await owner.getByText('Complaint resolved successfully!').first().waitFor();
    await owner.goto(`${server.base}/subadmin/telicallerComplain/close`);
    expect(await owner.getByRole('row', { name: new RegExp(reason) }).innerText()).toContain('Removed the duplicate upload.');

    await caller.reload();
    const answered = caller.getByRole('article', { name: reason });
    await answered.getByText('Removed the duplicate upload. Thanks!').waitFor();
    expect(await answered.innerText()).toMatch(/resolved/i);
    await snap(caller, 'complaints-phone');
    await caller.goto(`${server.base}/usernotification`);
    await caller.getByText(`Reply to your complaint: ${reason}`).first().waitFor();
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await caller.close();
    await owner.close();
  });
});
