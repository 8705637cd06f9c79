import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, serverAndBrowser } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';
import { callTrpc, signInUser } from './api.js';

// A telecaller switches the telecaller area to Hindi in the account menu: the working day (dashboard,
// a queue, the lead form with its messages) reads in Hindi at once, on every phone the telecaller
// signs in on; another user's stays English; English again gives back the original app's texts.
const PHONE = { width: 390, height: 844 };
const TOUCH = { isMobile: true, hasTouch: true };

const env = serverAndBrowser(PHONE, TOUCH);

const accountMenu = (page: Page) => page.locator('header').getByRole('button', { name: /Account menu|अकाउंट मेनू/ });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function chooseLanguage(page: Page, name: 'English' | 'हिन्दी') {
  await accountMenu(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await page.keyboard.press('Escape');
}

/** Nothing in the page's main area wider than the screen, nor a button whose text is cut. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`);
    const clipped = [...document.querySelectorAll('main button, main a[href]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => [...el.querySelectorAll('.mantine-Button-label, .mantine-Button-inner')].filter((l) => l.scrollWidth > l.clientWidth + 1))
      .map((el) => `clipped ${(el.textContent ?? '').trim()}`);
    return [...wide.slice(0, 5), ...clipped];
  });

describe('the telecaller area in Hindi on a 390 px phone', () => {
  it('switches at once, keeps the choice for the user on every phone, and gives the original app’s English back', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    // The sign-in and callback toasts go after 3 s: the screenshots show the page.
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });

    // The switch: a labelled group of radio items in the account menu, thumb-sized, the current one checked.
    await accountMenu(page).click();
    const group = page.getByRole('group', { name: 'Language' });
    const english = group.getByRole('menuitemradio', { name: 'English' });
    const hindi = group.getByRole('menuitemradio', { name: 'हिन्दी' });
    expect(await english.getAttribute('aria-checked')).toBe('true');
    expect(await hindi.getAttribute('aria-checked')).toBe('false');
    for (const item of [english, hindi]) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.waitForTimeout(300);
    expect(await seriousViolations(page), 'account menu').toEqual([]);
    // By keyboard: the arrows reach it, Enter chooses it; the menu stays open, now in Hindi.
    await english.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'भाषा' }).getByRole('menuitemradio', { name: 'हिन्दी', checked: true }).waitFor();
    await page.getByRole('menuitem', { name: 'लॉग आउट' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/hindi-menu.png' });
    await page.keyboard.press('Escape');

    // Dashboard: at once, without a reload.
    await page.getByRole('link', { name: /^नई लीड/ }).waitFor();
    await page.getByRole('link', { name: /^पेंडिंग लीड/ }).waitFor();
    await page.getByRole('link', { name: /^आज के कॉलबैक/ }).waitFor();
    await page.getByText(/^नमस्ते, Rahul Verma · टेलीकॉलर$/).waitFor();
    expect(await page.locator('main h2').first().innerText()).toBe('होम');
    await expect.poll(() => htmlLang(page)).toBe('hi');
    await page.waitForTimeout(400);
    expect(await overflowing(page), 'dashboard').toEqual([]);
    await page.screenshot({ path: '/tmp/hindi-dashboard.png', fullPage: true });

    // A queue.
    await page.goto(`${env.server.base}/leadspage/leads`);
    await expect.poll(() => page.locator('main h2').first().innerText()).toBe('नई लीड');
    await page.getByRole('searchbox', { name: 'नाम या मोबाइल नंबर के शुरू के हिस्से से लीड खोजें' }).waitFor();
    const card = page.getByRole('article').first();
    await card.getByRole('link', { name: 'लीड प्रोसेस करें' }).waitFor();
    await page.getByText(/^\d+ लीड$/).waitFor();
    expect(await overflowing(page), 'queue').toEqual([]);
    await page.screenshot({ path: '/tmp/hindi-queue.png', fullPage: true });

    // The lead form: its labels, options in Hindi, and the form's message when the status is missing.
    await card.getByRole('link', { name: 'लीड प्रोसेस करें' }).click();
    await page.getByRole('timer', { name: 'कॉल की अवधि' }).waitFor();
    await page.getByText('कॉल नहीं लगी?').waitFor();
    await page.getByRole('button', { name: 'व्यस्त' }).waitFor();
    await page.getByRole('heading', { name: 'लीड का इतिहास' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'सबमिट करें' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'सबमिट करें' }).click();
    await page.getByText('कृपया स्टेटस चुनें', { exact: true }).waitFor();
    await page.getByRole('radio', { name: 'इच्छुक नहीं', exact: true }).waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    expect(await overflowing(page), 'lead form').toEqual([]);
    await page.screenshot({ path: '/tmp/hindi-lead-form.png', fullPage: true });

    // A reload keeps Hindi. The service worker has the app's files once it is ready, and the page
    // loaded after that is the one it controls (the offline open below needs it).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.getByRole('button', { name: 'सबमिट करें' }).waitFor();
    expect(await htmlLang(page)).toBe('hi');

    // So does the app opened without a connection (its stored files and the account's offline copy).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    await env.browser.setOffline(true);
    try {
      await page.goto(`${env.server.base}/`);
      await page.getByText('नमस्ते, Rahul Verma · टेलीकॉलर').waitFor();
      await expect.poll(() => htmlLang(page)).toBe('hi');
    } finally {
      await env.browser.setOffline(false);
    }

    // Another phone signing in as the same telecaller: Hindi, kept on the server.
    const other: BrowserContext = await openBrowser(PHONE, TOUCH);
    try {
      const second = await freshPage(other, PHONE);
      await signInAsUser(second, env.server.base, DEMO.telecaller);
      await second.getByRole('link', { name: /^नई लीड/ }).waitFor();
      expect(await htmlLang(second)).toBe('hi');
      expect(errorsOf(second)).toEqual([]);

      // Another user (the head) still reads English; signing out left the page in English.
      await chooseSignOut(second);
      await expect.poll(() => htmlLang(second)).toBe('en');
      await signInAsUser(second, env.server.base, DEMO.head);
      await second.getByRole('link', { name: /^Junior leads/ }).waitFor();
      expect(await htmlLang(second)).toBe('en');
    } finally {
      await other.close();
    }

    // Create Project and a project list: their labels and messages in Hindi too.
    await page.goto(`${env.server.base}/leadspage/createproject`);
    await page.getByRole('textbox', { name: 'क्लाइंट का नाम' }).waitFor();
    await page.getByRole('button', { name: 'प्रोजेक्ट बनाएँ' }).click();
    await page.getByText('प्रोजेक्ट का नाम ज़रूरी है।', { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    expect(await overflowing(page), 'create project').toEqual([]);
    await page.screenshot({ path: '/tmp/hi2-createproject.png', fullPage: true });
    await page.goto(`${env.server.base}/Runningproject`);
    await page.getByText('मंज़ूर हुए प्रोजेक्ट जिन पर आप काम कर रहे हैं।').waitFor();
    await page.getByText('अब तक की कमाई').first().waitFor();
    await page.waitForTimeout(400);
    expect(await overflowing(page), 'running projects').toEqual([]);
    await page.screenshot({ path: '/tmp/hi2-runningprojects.png', fullPage: true });

    // English again: the original app's texts.
    await page.goto(`${env.server.base}/`);
    await page.getByRole('link', { name: /^नई लीड/ }).waitFor();
    await chooseLanguage(page, 'English');
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    await page.getByRole('link', { name: /^Call back today/ }).waitFor();
    await expect.poll(() => htmlLang(page)).toBe('en');
    await page.goto(`${env.server.base}/leadspage/leads`);
    await page.getByRole('article').first().getByRole('link', { name: 'Process Lead' }).waitFor();
    await page.getByPlaceholder('Name or mobile, from its start').waitFor();
    await page.goto(`${env.server.base}/leadspage/createproject`);
    await page.getByRole('textbox', { name: 'Client name' }).waitFor();
    await page.getByRole('button', { name: 'Create project' }).waitFor();
    expect(errorsOf(page).filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.close();
  });
});

/** Dates, times, durations and month names written the English way (a lead's own words, "in December", are not dates the app wrote). */
const ENGLISH_WHEN =
  /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b|\b\d{1,2}:\d{2}\s?(AM|PM)\b|\b\d+\s?(h|m|s|min|hours?|minutes?|seconds?)\b|Standard Time/;

describe('what a Hindi reader sees of dates, times, durations and notices', () => {
  it('has no English date, time, duration or month on the pages of the working day, and the reply to a complaint is titled in Hindi', async () => {
    const base = env.server.base;
    const caller = await signInUser(base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    await callTrpc(base, caller, 'mutation', 'auth.setLanguage', { language: 'hi' });
    const filed = await callTrpc(base, caller, 'mutation', 'complaints.fileAsUser', { reason: 'Duplicate leads', description: 'The same mobile came twice.' });
    const login = await fetch(`${base}/api/webapi/subadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.subadmin),
    });
    const owner = ((await login.json()) as { token: string }).token;
    await callTrpc(base, owner, 'mutation', 'complaints.replyToUser', { id: filed.id, reply: 'Removed the duplicates.' });

    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, base, DEMO.telecaller);
    await expect.poll(() => htmlLang(page)).toBe('hi');
    const english: Record<string, string> = {};
    const look = async (path: string, ready: () => Promise<unknown>) => {
      await page.goto(`${base}${path}`);
      await ready();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/hindi-when${path.replaceAll('/', '-')}.png`, fullPage: true });
      const text = await page.locator('main').innerText();
      const found = ENGLISH_WHEN.exec(text);
      if (found) english[path] = text.slice(Math.max(0, found.index - 40), found.index + 40);
    };
    await look('/', () => page.getByText('टॉक टाइम').first().waitFor());
    await look('/leadspage/loginhours', () => page.getByText('रोज़ की कॉल').first().waitFor());
    await look('/leadspage/calllogs', () => page.locator('main h2').first().waitFor());
    await look('/leadspage/callback', () => page.locator('main h2').first().waitFor());
    await look('/leadspage/followupleads', () => page.getByRole('article').first().waitFor());
    await page.getByRole('article').first().getByRole('link', { name: 'लीड प्रोसेस करें' }).click();
    await page.getByRole('heading', { name: 'लीड का इतिहास' }).waitFor();
    await page.waitForTimeout(300);
    const details = await page.locator('main').innerText();
    const inDetails = ENGLISH_WHEN.exec(details);
    if (inDetails) english['lead details'] = details.slice(Math.max(0, inDetails.index - 40), inDetails.index + 40);
    await look('/usernotification', () => page.getByText('आपकी शिकायत का जवाब: Duplicate leads').first().waitFor());
    expect(english).toEqual({});
    expect(await page.getByText('Reply to your complaint').count()).toBe(0);
    await page.getByText('Removed the duplicates.').first().waitFor();
    await page.screenshot({ path: '/tmp/hindi-notifications.png', fullPage: true });

    // The bell says it in Hindi too.
    await page
      .locator('header')
      .getByRole('button', { name: /सूचना|Notifications/ })
      .first()
      .click();
    await page.getByText('आपकी शिकायत का जवाब: Duplicate leads').last().waitFor();
    await page.keyboard.press('Escape');
    await callTrpc(base, caller, 'mutation', 'auth.setLanguage', { language: 'en' });
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});

async function chooseSignOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'लॉग आउट' }).click();
  await page.waitForURL('**/signin');
}
