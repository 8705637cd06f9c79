import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { errorsOf, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { PNG } from '../helpers/files.js';

const screens = phoneAndDesk();

describe('banners', () => {
  it('the company uploads a banner, the telecaller sees it above the tiles, and a deleted one is gone', async () => {
    const caller = await freshPage(screens.phone, PHONE);
    await signInAsUser(caller, screens.server.base, DEMO.telecaller);
    await caller.getByText('No banners available').waitFor();

    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/banners`);
    await owner.getByRole('button', { name: 'Upload' }).click();
    await owner.getByText('Please select an image to upload').waitFor();
    await owner.locator('input[type="file"]').setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByRole('button', { name: 'Upload' }).click();
    await owner.getByText('Banner uploaded successfully').first().waitFor();
    await owner
      .getByRole('img', { name: /^Banner \d+$/ })
      .first()
      .waitFor();
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
