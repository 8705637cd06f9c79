import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { PNG } from '../helpers/files.js';

const screens = phoneAndDesk();

describe('demos and tutorials', () => {
  it('the company uploads a demo and a tutorial; the telecaller shares the demo on WhatsApp, watches the tutorial and sends the demo from a lead', async () => {
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/Demo/Uploaddemo`);
    await field(owner, 'Name').fill('CRM in five minutes');
    await field(owner, 'Description').fill('How a lead becomes a project.');
    await field(owner, 'Link').fill('javascript:alert(1)');
    await owner.getByRole('button', { name: 'Submit' }).click();
    await owner.getByText('Enter a link that starts with http:// or https://.').waitFor();
    await field(owner, 'Link').fill('https://example.com/crm-demo');
    await owner.getByRole('button', { name: 'Submit' }).click();
    await owner.getByText('All fields are required!').waitFor();
    // A file the server refuses: its reason in the toast too, not a word about the connection.
    await owner.locator('input[type="file"]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Mobile\nA,9876543210\n') });
    await owner.getByRole('button', { name: 'Submit' }).click();
    const toast = owner.locator('.mantine-Notification-root', { hasText: 'Only JPEG, PNG, WebP or GIF images can be uploaded.' });
    await toast.waitFor();
    expect(await toast.innerText()).not.toContain('connection');
    await owner.locator('input[type="file"]').setInputFiles({ name: 'demo.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByRole('button', { name: 'Submit' }).click();
    await owner.getByText('Demo uploaded successfully!').first().waitFor();
    await owner.waitForURL('**/subadmin/Demo/showdemo');
    const row = owner.getByRole('row', { name: /CRM in five minutes/ });
    await row.waitFor();
    await snap(owner, 'media-demos-desk');

    await owner.goto(`${screens.server.base}/subadmin/Demo/tutorialUpload`);
    await field(owner, 'Name').fill('Closing a deal');
    await field(owner, 'Description').fill('Price talk without discounts.');
    await field(owner, 'Link').fill('https://example.com/closing.mp4');
    await owner.locator('input[type="file"]').setInputFiles({ name: 't.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByRole('button', { name: 'Submit' }).click();
    await owner.getByText('Tutorial uploaded successfully!').first().waitFor();
    await owner.getByRole('row', { name: /Closing a deal/ }).waitFor();

    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller.goto(`${screens.server.base}/leadspage/demo`);
    const card = caller.getByRole('article', { name: 'CRM in five minutes' });
    await card.waitFor();
    const share = decodeURIComponent((await card.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!);
    expect(share).toContain('CRM in five minutes\nHow a lead becomes a project.\nhttps://example.com/crm-demo');
    await snap(caller, 'media-demo-phone');
    await caller.goto(`${screens.server.base}/leadspage/tutorial`);
    expect(await caller.getByRole('article', { name: 'Closing a deal' }).getByRole('link', { name: 'Watch Video' }).getAttribute('href')).toBe(
      'https://example.com/closing.mp4',
    );

    await caller.goto(`${screens.server.base}/leadspage/pendingleads`);
    const lead = caller.getByRole('article').first();
    await lead.waitFor();
    await lead.getByRole('link', { name: 'Process Lead' }).click();
    await caller.getByRole('button', { name: 'Send demo' }).click();
    const item = caller.getByRole('menuitem', { name: 'CRM in five minutes' });
    expect(await item.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=CRM%20in%20five%20minutes/);

    // Deleting asks first, and the demo leaves the telecaller's page.
    await owner.goto(`${screens.server.base}/subadmin/Demo/showdemo`);
    await owner
      .getByRole('row', { name: /CRM in five minutes/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await owner.getByText('Are you sure you want to delete this demo?').waitFor();
    await owner.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await owner.getByText('Demo deleted successfully').first().waitFor();
    await caller.goto(`${screens.server.base}/leadspage/demo`);
    await caller.getByText('No demo data available.').waitFor();
    expect(errorsOf(caller)).toEqual([]);
    // The one refusal asked for above, and nothing else.
    expect(errorsOf(owner)).toEqual([expect.stringMatching(/status of 400/)]);
    await caller.close();
    await owner.close();
  });
});
