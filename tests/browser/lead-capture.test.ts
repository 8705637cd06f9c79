import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { callTrpc } from './api.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';

const env = serverAndBrowser();

describe('lead capture in a real browser', () => {
  it('the sub-admin makes an API key, sees it once with a curl call, and a lead sent with it is recorded as a use', async () => {
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.getByRole('button', { name: 'Manage API' }).click();
    await page.getByRole('link', { name: 'Lead Capture' }).click();
    await page.getByRole('heading', { name: 'Lead Capture' }).waitFor();
    await page.getByText('No keys yet.').waitFor();

    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Name is required.').waitFor();
    await field(page, 'Name').fill('Our CRM');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key: Our CRM' });
    await dialog.getByText('Copy the key now').waitFor();
    const secret = await dialog.getByLabel('Key', { exact: true }).innerText();
    expect(secret).toMatch(/^tcb_live_[A-Za-z0-9_-]{43}$/);
    const example = await dialog.getByLabel('Example', { exact: true }).innerText();
    expect(example).toContain(`curl -X POST '${env.server.base}/api/capture/leads'`);
    expect(example).toContain(`Authorization: Bearer ${secret}`);
    await snap(page, 'lead-capture-secret');
    expect(await seriousViolations(page), 'the secret dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const table = page.getByRole('table', { name: 'Lead capture keys' });
    const row = table.getByRole('row', { name: /Our CRM/ });
    await row.getByText(`${secret.slice(0, 15)}…`).waitFor();
    await row.getByText('Never').waitFor();
    await snap(page, 'lead-capture-list');
    expect(await seriousViolations(page), 'the list').toEqual([]);
    expect(await page.content()).not.toContain(secret);

    const sent = await fetch(`${env.server.base}/api/capture/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ravi Kumar', mobile: '9876501234' }),
    });
    expect(sent.status).toBe(201);
    await page.reload();
    await table.getByRole('row', { name: /Our CRM/ }).waitFor();
    expect(
      await table
        .getByRole('row', { name: /Our CRM/ })
        .getByText('Never')
        .count(),
    ).toBe(0);

    await table
      .getByRole('row', { name: /Our CRM/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('dialog', { name: 'Revoke key' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Key revoked.').first().waitFor();
    await table
      .getByRole('row', { name: /Our CRM/ })
      .getByText('Active')
      .waitFor({ state: 'detached' });
    const refused = await fetch(`${env.server.base}/api/capture/leads`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Meena', mobile: '9876501235' }),
    });
    expect(refused.status).toBe(401);
    expect(errorsOf(page)).toEqual([]);
  });

  it('the HTML snippet of a website form, pasted into another page, sends a lead and thanks the visitor', async () => {
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/lead-capture`);
    await page.getByRole('button', { name: 'New website form' }).click();
    await field(page, 'Name').fill('Contact page');
    await field(page, 'Thank-you page').fill('not a web address');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Enter a full web address starting with https:// or http://.').waitFor();
    await field(page, 'Thank-you page').fill('');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Website form: Contact page' });
    const html = await dialog.getByLabel('HTML', { exact: true }).innerText();
    const secret = await dialog.getByLabel('Key', { exact: true }).innerText();
    expect(html).toContain(`<form method="post" action="${env.server.base}/api/capture/form/${secret}">`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Another site's page: the snippet as pasted. The honeypot is out of sight, so a person leaves it empty.
    const site = await freshPage(env.browser);
    await site.setContent(`<!doctype html><html><body><h1>Contact us</h1>${html}</body></html>`);
    expect(await site.getByLabel('Website').isVisible()).toBe(true);
    const hp = await site.getByLabel('Website').boundingBox();
    expect(hp!.x + hp!.width).toBeLessThan(0);
    await site.getByLabel('Name').fill('Asha Verma');
    await site.getByLabel('Mobile').fill('+91 98765 01236');
    await site.getByLabel('Requirement').fill('Office space');
    await site.getByRole('button', { name: 'Send' }).click();
    await site.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await seriousViolations(site), 'the thank-you page').toEqual([]);
    expect(site.url()).toBe(`${env.server.base}/api/capture/thank-you`);
    await snap(site, 'lead-capture-thank-you');

    const login = await fetch(`${env.server.base}/api/webapi/subadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.subadmin.email, password: DEMO.subadmin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const found = await callTrpc(env.server.base, token, 'query', 'leads.uploaded', { search: 'Asha Verma' });
    expect(found.items).toMatchObject([{ name: 'Asha Verma', mobile: '9876501236', requirement: 'Office space', category: 'Website' }]);
    expect(errorsOf(page)).toEqual([]);
  });
});
