import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './harness.js';
import { freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';

// axe-core over the pages people use most: no serious or critical violation (contrast, names,
// ARIA); and in the telecaller's area every button and link is at least 44 px a side to the thumb.
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true });

/** Visible buttons and links in the page's main area smaller than 44 px either way. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main a[href], main button')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ el, box }) => `${el.textContent?.trim().slice(0, 30) || el.getAttribute('aria-label')}: ${Math.round(box.width)}x${Math.round(box.height)}`),
  );

describe('accessibility', () => {
  it('the sign-in pages', async () => {
    const page = await freshPage(env.browser, PHONE);
    for (const path of ['/signin', '/subadminsignin', '/adminsignin']) {
      await page.goto(`${env.server.base}${path}`);
      await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });

  it("the telecaller's dashboard, a queue and the lead form on a phone, with thumb-sized targets", async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    expect(await seriousViolations(page), 'dashboard').toEqual([]);

    await page.goto(`${env.server.base}/leadspage/leads`);
    await page.getByRole('article').first().waitFor();
    expect(await seriousViolations(page), 'queue').toEqual([]);
    expect(await smallTargets(page), 'queue').toEqual([]);

    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).click();
    await page.getByRole('timer', { name: 'Call duration' }).waitFor();
    await page
      .getByText(/No history found|Lead History/)
      .first()
      .waitFor();
    expect(await seriousViolations(page), 'lead form').toEqual([]);
    expect(await smallTargets(page), 'lead form').toEqual([]);
    await page.close();
  });

  it("the sub-admin's dashboard and lists on a desktop", async () => {
    const page = await freshPage(env.browser, DESK);
    await signInAsSubadmin(page, env.server.base);
    for (const path of ['/subadmin/dashbord', '/subadmin/telicallerlist/alltelicaller', '/subadmin/Leads/allleads']) {
      await page.goto(`${env.server.base}${path}`);
      await page.locator('main').getByRole('heading').first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});
