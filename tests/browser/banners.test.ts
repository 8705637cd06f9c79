import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
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

describe('banners', () => {
  it('the company uploads a banner, the telecaller sees it above the tiles, and a deleted one is gone', async () => {
    const caller = await freshPage(phone, PHONE);
    await signInAsUser(caller, server.base, DEMO.telecaller);
    await caller.getByText('No banners available').waitFor();

    const owner = await freshPage(desk, DESK);
    await signInAsSubadmin(owner, server.base);
    await owner.goto(`${server.base}/subadmin/banners`);
    await owner.getByRole('button', { name: 'Upload' }).click();
    await owner.getByText('Please select an image to upload').waitFor();
    await owner.locator('input[type="file"]').setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByRole('button', { name: 'Upload' }).click();
    await owner.getByText('Banner uploaded successfully').first().waitFor();
    await owner.getByRole('img', { name: /^Banner \d+$/ }).first().waitFor();
    // A script named .png is refused by its content.
    await owner.locator('input[type="file"]').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
    await owner.getByRole('button', { name: 'Upload' }).click();
    await owner.getByText('Only JPEG, PNG, WebP or GIF images can be uploaded.').first().waitFor();
    expect(await owner.getByRole('img', { name: /^Banner \d+$/ }).count()).toBe(1);
    await snap(owner, 'banners-desk');

    await caller.reload();
    const slide = caller.getByRole('region', { name: 'Banners' }).locator('img').first();
    await slide.waitFor();
    expect(await slide.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const box = (await caller.getByRole('region', { name: 'Banners' }).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await snap(caller, 'banners-dashboard-phone');

    await owner.getByRole('button', { name: 'Delete' }).first().click();
    await owner.getByText('Are you sure you want to delete this banner?').waitFor();
    await owner.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await owner.getByText('Banner deleted successfully').first().waitFor();
    await owner.getByText('No banners available').waitFor();
    await caller.reload();
    await caller.getByText('No banners available').waitFor();
    expect(errorsOf(caller)).toEqual([]);
    expect(errorsOf(owner).filter((e) => !/status of 400/.test(e))).toEqual([]);
    await caller.close();
    await owner.close();
  });
});
