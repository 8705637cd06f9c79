import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { choose, errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { DEMO } from '../../seed/demo.js';

const env = serverAndBrowser();

const CSV = [
  'Name,Mobile,Requirement,City',
  'Asha Kulkarni,+91 98220 11111,"Website, with payments",Pune',
  'Ravi Shah,09822011112,Mobile app,Mumbai',
  'Imran Khan,98220-11113,"Logo\nand branding",Nashik',
  'Neha Joshi,98220 11114,SEO,Pune',
  'No Number,,Anything,Pune',
  // The same row as Ravi Shah's, the mobile written another way: a duplicate (another row of his would be a repeat enquiry).
  'Ravi Shah,9822011112,Mobile app,Mumbai',
].join('\r\n');

/** Signs the demo telecaller in on a phone and reads the New leads tile. */
async function telecallerNewLeads(): Promise<number> {
  const phone = await freshPage(env.browser, { width: 390, height: 844 });
  await phone.goto(`${env.server.base}/signin`);
  await field(phone, 'User Mobile').fill(DEMO.telecaller.mobile);
  await field(phone, 'Password').fill(DEMO.telecaller.password);
  await phone.getByRole('button', { name: 'SIGN IN' }).click();
  await phone.waitForURL(`${env.server.base}/`);
  const tile = phone
    .locator('a, div')
    .filter({ hasText: /^New leads\s*\d+$/ })
    .first();
  await tile.waitFor();
  const count = Number(/(\d+)$/.exec((await tile.innerText()).trim())![1]);
  await snap(phone, 'telecaller-new-leads-phone');
  await phone.close();
  return count;
}

describe('leads in a real browser', () => {
  it('sub-admin uploads a CSV, distributes three leads, and the telecaller sees them as new', async () => {
    const file = path.join(env.server.dir, 'leads.csv');
    fs.writeFileSync(file, CSV);
    const newLeadsBefore = await telecallerNewLeads();

    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);

    await page.goto(`${env.server.base}/subadmin/uploaddata`);
    await page.locator('input[type="file"]').first().setInputFiles(file);
    await choose(page, 'Category', 'Manual');
    await field(page, 'Category name').fill('Browser Test');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // The mapping step: the columns already matched; Import.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('File uploaded successfully!').first().waitFor();
    await page.getByText('Upload result').waitFor();
    const result = await page.locator('body').innerText();
    expect(result).toMatch(/Leads added\s*4\b/i);
    expect(result).toMatch(/Duplicates skipped\s*1\b/i);
    expect(result).toMatch(/Invalid rows\s*1\b/i);
    await snap(page, 'subadmin-upload-result');

    await page.goto(`${env.server.base}/subadmin/Leads/distibutelead`);
    await choose(page, 'Telecaller', /Rahul Verma/);
    await choose(page, 'Category', /Browser Test/);
    // A number that is not a whole one is refused as typed, not turned into 25.
    await field(page, 'Number of leads').fill('2.5');
    await page.getByRole('button', { name: 'Distribute', exact: true }).click();
    await page.getByText('The number of leads must be a whole number.').waitFor();
    expect(await field(page, 'Number of leads').inputValue()).toBe('2.5');
    await field(page, 'Number of leads').fill('3');
    await page.getByRole('button', { name: 'Distribute', exact: true }).click();
    await page.getByText('Leads distributed successfully!').first().waitFor();
    await snap(page, 'subadmin-distributed');
    expect(errorsOf(page)).toEqual([]);
    await page.close();

    expect(await telecallerNewLeads()).toBe(newLeadsBefore + 3);
  });

  it("sub-admin uploads IndiaMART's semicolon export: the columns kept as extra details are named and every refused row downloads", async () => {
    const file = path.join(env.server.dir, 'indiamart-export.csv');
    fs.writeFileSync(
      file,
      [
        'QUERY_TIME;SENDER_NAME;SENDER_MOBILE;SENDER_EMAIL;QUERY_PRODUCT_NAME;SENDER_CITY;SENDER_STATE',
        '2026-11-20 10:00;Kavita Rao;+91-9822033331;k@x.in;Solar panels;Nagpur;Maharashtra',
        '2026-11-20 11:00;No Mobile;;n@x.in;Inverter;Pune;Maharashtra',
        '2026-11-20 12:00;Bad Mobile;12345;b@x.in;Battery;Pune;Maharashtra',
      ].join('\r\n'),
    );
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/uploaddata`);
    await page.locator('input[type="file"]').first().setInputFiles(file);
    await choose(page, 'Category', 'IndiaMART');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Upload result').waitFor();
    const result = await page.locator('body').innerText();
    expect(result).toMatch(/Leads added\s*1\b/i);
    expect(result).toMatch(/Invalid rows\s*2\b/i);
    // The email is read; the enquiry time is kept on the lead as an extra detail.
    await page.getByText('1 column kept as extra details').waitFor();
    await page.getByText('QUERY_TIME', { exact: true }).waitFor();
    const link = page.getByRole('link', { name: 'Download all 2 refused rows (CSV)' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/webapi\/upload-batches\/\d+\/refused\.csv$/);
    const body = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
    expect(
      body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Line,Reason,QUERY_TIME,SENDER_NAME,SENDER_MOBILE,SENDER_EMAIL,QUERY_PRODUCT_NAME,SENDER_CITY,SENDER_STATE',
      '3,No mobile number,2026-11-20 11:00,No Mobile,,n@x.in,Inverter,Pune,Maharashtra',
      '4,"Invalid mobile number ""12345""",2026-11-20 12:00,Bad Mobile,12345,b@x.in,Battery,Pune,Maharashtra',
    ]);
    await snap(page, 'subadmin-upload-indiamart-result');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
