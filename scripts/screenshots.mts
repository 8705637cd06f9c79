// Screenshots of the screens people use most (the lead form, a queue, the productivity report, the
// admin's sub-admin list) at phone and desk widths, on a fresh server with the demo data: run it
// before and after a change that should not change how anything looks, and compare the pictures.
//   npm run screenshots -- <folder>      (default: test-results/screens)
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, startServer } from '../tests/browser/harness.js';
import { field, signInAsSubadmin, signInAsUser } from '../tests/browser/pages.js';
import { DEMO } from '../seed/demo.js';

const out = path.resolve(process.argv[2] ?? 'test-results/screens');
fs.mkdirSync(out, { recursive: true });
const WIDTHS = { phone: { width: 390, height: 844 }, desk: { width: 1280, height: 800 } };

const server = await startServer();
try {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    const browser = await openBrowser(viewport, size === 'phone' ? { isMobile: true, hasTouch: true } : {});
    const shot = async (page: Page, name: string) => {
      // Fonts and the last answers in before the picture.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `${name}-${size}.png`), fullPage: true });
    };
    try {
      const telecaller = await browser.newPage();
      await signInAsUser(telecaller, server.base, DEMO.telecaller);
      await telecaller.goto(`${server.base}/leadspage/pendingleads`);
      const card = telecaller.getByRole('article').first();
      await card.waitFor();
      await shot(telecaller, 'queue-pending');
      await card
        .getByRole('link')
        .filter({ hasText: /Process Lead|Call Back/ })
        .first()
        .click();
      await telecaller.getByRole('button', { name: 'Submit' }).waitFor();
      await shot(telecaller, 'lead-form');
      await telecaller.close();
      await browser.clearCookies();

      const owner = await browser.newPage();
      await signInAsSubadmin(owner, server.base);
      await owner.goto(`${server.base}/subadmin/Leads/productivity`);
      await owner.getByRole('table').first().waitFor();
      await shot(owner, 'productivity');
      await owner.close();
      await browser.clearCookies();

      const admin = await browser.newPage();
      await admin.goto(`${server.base}/adminsignin`);
      await field(admin, 'Email').fill(DEMO.admin.email);
      await field(admin, 'Password').fill(DEMO.admin.password);
      await admin.getByRole('button', { name: 'SIGN IN' }).click();
      await admin.waitForURL(/\/admin$/);
      await admin.goto(`${server.base}/admin/subadmin-list`);
      await admin.getByRole('row', { name: /Sunrise Telecalling/ }).waitFor();
      await shot(admin, 'subadmin-list');
    } finally {
      await browser.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await server.stop();
}
