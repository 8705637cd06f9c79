import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { seriousViolations } from './axe.js';
import { ExotelStandin } from '../helpers/exotel-standin.js';

/* The Telephony page against the Exotel stand-in (EXOTEL_API_URL), which checks the key and token as Exotel does. */

const GOOD = { sid: 'acme1', key: 'exo-key-1', token: 'good-token-123' };
let exotel: ExotelStandin;
const serverEnv: Record<string, string> = { PUBLIC_URL: 'https://crm.example.test' };
beforeAll(async () => {
  exotel = await ExotelStandin.start({ accountSid: GOOD.sid, apiKey: GOOD.key, apiToken: GOOD.token });
  serverEnv.EXOTEL_API_URL = exotel.url;
});
afterAll(() => exotel?.close());
const lastCheck = () => exotel.requests.at(-1);

const env = serverAndBrowser(undefined, {}, serverEnv);

/** Errors other than the answers the test asked for (a refused save is a 400). */
const unexpected = (page: Parameters<typeof errorsOf>[0]) => errorsOf(page).filter((e) => !/status of 400/.test(e));

describe('the Telephony page in a real browser', () => {
  it('phone: a refused check shows the provider’s message and keeps nothing; accepted, it saves, shows the addresses and keeps the secret hidden', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/telephony`);
    await page.getByRole('heading', { name: 'Telephony', exact: true }).waitFor();
    await expect.poll(() => page.getByText('This server has no public address').count()).toBe(0);

    await field(page, 'Account SID').fill(GOOD.sid);
    await field(page, 'API key').fill(GOOD.key);
    await field(page, 'API token').fill('wrong-token');
    await field(page, 'Company numbers').fill('080 4711 2233');
    await page.getByRole('switch', { name: 'Place calls through the provider' }).check({ force: true });
    await page.getByRole('button', { name: 'Check and save' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Exotel did not accept the API key and token.');
    expect(lastCheck()).toMatchObject({ auth: { user: GOOD.key, password: 'wrong-token' }, status: 401 });
    expect(await page.getByText('Addresses for the provider').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'telephony-refused-phone');

    await field(page, 'API token').fill(GOOD.token);
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('Telephony settings saved.').waitFor();
    await page.getByText('Addresses for the provider').waitFor();
    const status = await page.getByLabel('Status address', { exact: true }).innerText();
    expect(status).toMatch(/^https:\/\/crm\.example\.test\/api\/telephony\/exotel\/[A-Za-z0-9_-]{43}\/status$/);
    await page.getByRole('button', { name: 'Copy the status address' }).waitFor();
    expect(await field(page, 'API token').inputValue()).toBe('');
    expect(await field(page, 'API token').getAttribute('placeholder')).toBe('saved — leave blank to keep');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'telephony-saved-phone');

    // Read again: the values but the token; saving with it blank keeps it (the provider is asked with the stored one).
    await page.reload();
    await page.getByText('Addresses for the provider').waitFor();
    expect(await field(page, 'Account SID').inputValue()).toBe(GOOD.sid);
    expect(await field(page, 'Company numbers').inputValue()).toBe('8047112233');
    expect(await page.content()).not.toContain(GOOD.token);
    await field(page, 'Countdown before the next call \\(seconds\\)').fill('8');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('Telephony settings saved.').waitFor();
    expect(lastCheck()).toMatchObject({ auth: { user: GOOD.key, password: GOOD.token }, status: 200 });
    expect(await page.getByLabel('Status address', { exact: true }).innerText()).toBe(status);

    // A telecaller's phone to ring: a bad number is refused, a good one shown as kept.
    const row = page.getByRole('row').filter({ hasText: 'Rahul Verma' });
    await row.getByRole('button', { name: 'Change the phone to ring for Rahul Verma' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Phone to ring( \*)?$/).fill('12-34');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a 10-digit Indian number').waitFor();
    await dialog.getByLabel(/^Phone to ring( \*)?$/).fill('+91 80 4711 9900');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phone to ring saved.').waitFor();
    await row.getByText('8047119900').waitFor();
    await snap(page, 'telephony-phones-phone');
    expect(unexpected(page)).toEqual([]);
    await page.close();
  });

  it('desktop: the page sits in the sidebar beside Calling Rules', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signInAsSubadmin(page, env.server.base);
    await page.getByRole('link', { name: 'Telephony' }).click();
    await page.waitForURL('**/subadmin/telephony');
    await page.getByRole('table', { name: 'Phones to ring' }).waitFor();
    await page.getByText('Rahul Verma').first().waitFor();
    await page.getByText('Addresses for the provider').waitFor();
    // Off the menu entry just clicked (a hovered entry is drawn in the hover colour).
    await page.mouse.move(1200, 700);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'telephony-desktop');
    expect(unexpected(page)).toEqual([]);
    await page.close();
  });
});

describe('the Telephony page on a server without PUBLIC_URL', () => {
  const bare = serverAndBrowser();

  it('phone: says calls cannot be turned on until the server has its public address', async () => {
    const page = await freshPage(bare.browser, { width: 390, height: 844 });
    await signInAsSubadmin(page, bare.server.base);
    await page.goto(`${bare.server.base}/subadmin/telephony`);
    await page.getByText('This server has no public address (PUBLIC_URL)').waitFor();
    expect(await page.getByRole('switch', { name: 'Place calls through the provider' }).isDisabled()).toBe(true);
    await page.getByText('Needs PUBLIC_URL on the server (see above).').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'telephony-no-public-url-phone');
    expect(unexpected(page)).toEqual([]);
    await page.close();
  });
});
