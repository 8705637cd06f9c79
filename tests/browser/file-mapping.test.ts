import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { choose, errorsOf, freshPage, signInAsSubadmin } from './pages.js';

const env = serverAndBrowser({ width: 1280, height: 800 });

// A JustDial download: its own column names, a landline with its STD code, a do-not-call row.
const JUSTDIAL = [
  'Caller Name,Caller Number,Caller Email,Search Category,City,Area,Date,DNC Status',
  'Rahul Verma,+91-98230 11001,rahul@example.in,Solar Panel Dealers,Pune,Kothrud,2026-11-20,No',
  'Asha Stores,020-26123456,,Solar Water Heaters,Pune,Baner,2026-11-20,No',
  'Ravi Patil,09822033001,,Inverter Dealers,Nagpur,,2026-11-21,Yes',
].join('\r\n');

describe('mapping a file in a real browser (1280 px)', () => {
  it('maps a JustDial file with its preview, changes a column, and imports it', async () => {
    const file = path.join(env.server.dir, 'justdial-leads.csv');
    fs.writeFileSync(file, JUSTDIAL);
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/uploaddata`);
    await page.locator('input[type="file"]').first().setInputFiles(file);
    await choose(page, 'Category', 'JustDial');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    await page.getByText('Match the columns of justdial-leads.csv').waitFor();
    await page.getByText('Looks like: JustDial').waitFor();
    await snap(page, 'file-mapping-justdial-1280');
    await page.getByText('2026123456').first().waitFor();
    const preview = page.locator('body');
    const text = await preview.innerText();
    expect(text).toContain('9823011001');
    expect(text).toMatch(/landline/i);
    expect(text).toMatch(/do not call/i);
    expect(text).toContain('Date: 2026-11-20');

    // The date column ignored: the preview follows.
    await choose(page, 'Date', 'Ignore');
    await expect.poll(async () => (await preview.innerText()).includes('Date: 2026-11-20')).toBe(false);
    await snap(page, 'file-mapping-justdial-changed-1280');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Upload result').waitFor();
    const result = await page.locator('body').innerText();
    expect(result).toMatch(/Leads added\s*3\b/i);
    await snap(page, 'file-mapping-justdial-imported-1280');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
