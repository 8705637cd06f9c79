import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage } from './pages.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';

// A server listening on every address (as in a container): the demo's published passwords are refused.
const env = serverAndBrowser(undefined, {}, { HOST: '0.0.0.0' });

describe('demo accounts on a server open to the network, in a real browser', () => {
  it('phone: a demo telecaller is refused on /signin with how a real password is set', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await page.goto(`${env.server.base}/signin`);
    await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
    await field(page, 'Password').fill(DEMO.telecaller.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.getByText(/^This demo account still has its published password, and this server is open to the network \(HOST=0\.0\.0\.0\)/).waitFor();
    await page.getByText(/the company's owner must restart the server with HOST=127\.0\.0\.1/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'demo-network-signin-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('desktop: the demo company is refused on /subadminsignin with how to change its password', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await page.goto(`${env.server.base}/subadminsignin`);
    await field(page, 'Email').fill(DEMO.subadmin.email);
    await field(page, 'Password').fill(DEMO.subadmin.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.getByText(/sign in at http:\/\/localhost:\d+\/subadminsignin and change it on Profile Update/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subadminsignin');
    await snap(page, 'demo-network-signin-desktop');
    expect(errorsOf(page).filter((e) => !/status of 403/.test(e))).toEqual([]);
    await page.close();
  });
});
