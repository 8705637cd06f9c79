import { describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// The installable app: a manifest a phone can install from, a service worker that keeps the app's
// own files (so it opens without a connection) and never an API answer, and "Install app" in the menu.
const PHONE = { width: 390, height: 844 };

const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true });

describe('the installable app', () => {
  it('has a manifest with its icons, registers its service worker, and opens offline for the last signed-in telecaller', async () => {
    const page = await freshPage(env.browser, PHONE);
    await page.goto(`${env.server.base}/signin`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href!, env.server.base))).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Telecall Back Office', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, env.server.base));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }

    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(`${env.server.base}/sw.js`);
    // The worker has its files before it is active; from the next load on it serves them.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Signed in, the telecaller's answers pass through the worker and are never kept by it.
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.goto(`${env.server.base}/leadspage/leads`);
    await page.getByRole('article').first().waitFor();
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.filter((u) => /^\/(trpc|api|uploads)\//.test(u))).toEqual([]);

    await env.browser.setOffline(true);
    try {
      // Offline, the app opens for the telecaller last signed in on this phone (its own area, not the sign-in page).
      await page.goto(`${env.server.base}/signin`);
      await page.waitForURL(`${env.server.base}/`);
      await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    } finally {
      await env.browser.setOffline(false);
    }
    expect(errorsOf(page).filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.close();
  });

  it('offers "Install app" in the menu: the browser\'s own dialog where it has one, the steps where not', async () => {
    const page = await freshPage(env.browser, PHONE);
    // A browser without an install dialog (Safari, Firefox): the offer never reaches the app.
    await page.addInitScript(() => window.addEventListener('beforeinstallprompt', (e) => e.stopImmediatePropagation(), true));
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: /Install app/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Install the app' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Add to Home Screen');
    await page.waitForTimeout(400); // the dialog's fade-in
    await snap(page, 'install-app-steps-phone');
    await page.close();

    // Chrome on Android offers its dialog: the entry shows it, once; a second tap shows the steps.
    const chrome = await freshPage(env.browser, PHONE);
    await chrome.addInitScript(() => window.addEventListener('beforeinstallprompt', (e) => e.isTrusted && e.stopImmediatePropagation(), true));
    await signInAsUser(chrome, env.server.base, DEMO.telecaller);
    await chrome.evaluate(() => {
      const w = window as unknown as { prompted: number };
      w.prompted = 0;
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => void w.prompted++ });
      window.dispatchEvent(offer);
    });
    await chrome.getByRole('button', { name: 'Open menu' }).click();
    await chrome.getByRole('button', { name: 'Install app', exact: true }).click();
    await expect.poll(() => chrome.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    await chrome.getByRole('button', { name: 'Open menu' }).click();
    await chrome.getByRole('button', { name: /Install app/ }).click();
    await chrome.getByRole('dialog', { name: 'Install the app' }).waitFor();
    expect(await chrome.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    await chrome.close();
  });
});
