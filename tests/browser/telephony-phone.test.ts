import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, freshPage, pick, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { DEMO } from '../../seed/demo.js';
import { freePort } from '../helpers/net.js';
import { ExotelStandin } from '../helpers/exotel-standin.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { SecretBox } from '../../server/services/telephony/secret-box.js';

// The telecaller's phone with the company's Exotel on: Call goes through the provider, the form follows
// the call, an unanswered call moves on by itself, and the power dialer works a queue.
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const COUNTDOWN = 3;
const SECRET_KEY = randomBytes(32);

let exotel: ExotelStandin;
let server: Running;
let browser: BrowserContext;

const sqlite = () => new (sqliteDriver().Database)(path.join(server.dir, 'app.db'));

function query<T>(sql: string, ...args: unknown[]): T[] {
  const db = sqlite();
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** The company's Exotel, stored as the settings page stores it (credentials sealed with the server's key). */
function storeExotel(): void {
  const db = sqlite();
  try {
    const company = (db.prepare('select id from subadmins order by id limit 1').get() as { id: number }).id;
    const now = new Date().toISOString();
    db.prepare(
      `insert into telephony_settings (subadmin_id, provider, enabled, credentials, caller_ids, record_calls, heads_hear_team, callers_hear_own,
        dialer_countdown_seconds, hook_token, checked_at, updated_at) values (?, 'exotel', 1, ?, ?, 1, 1, 1, ?, ?, ?, ?)`,
    ).run(
      company,
      new SecretBox(SECRET_KEY).seal(JSON.stringify(exotel.settings())),
      JSON.stringify(['+918047112233']),
      COUNTDOWN,
      randomBytes(24).toString('base64url'),
      now,
      now,
    );
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  exotel = await ExotelStandin.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startServer({ PORT: String(port), PUBLIC_URL: base, EXOTEL_API_URL: exotel.url, SECRET_KEY: SECRET_KEY.toString('base64') });
  browser = await openBrowser(PHONE);
  // The dialer places calls only in working hours: the whole week, so the test runs any day at any time.
  const login = await fetch(`${base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.subadmin),
  });
  const { token } = (await login.json()) as { token: string };
  const settings = await callTrpc(base, token, 'query', 'routing.settings');
  const { timeZone: _zone, ...rest } = settings;
  await callTrpc(base, token, 'mutation', 'routing.saveSettings', { ...rest, workDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' });
  // New leads enough for every test here (opening a lead takes it out of New Leads).
  const caller = await signInUser(base, DEMO.telecaller.mobile, DEMO.telecaller.password);
  for (let i = 1; i <= 12; i++) {
    await callTrpc(base, caller, 'mutation', 'intake.addLead', {
      name: `Dialer Lead ${i}`,
      mobile: `90000990${String(i).padStart(2, '0')}`,
      category: 'Solar',
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await exotel?.close();
});

const leadIdIn = (url: string) => Number(/\/leadspage\/lead\/(\d+)/.exec(url)![1]);
const cards = (page: Page) => page.getByRole('article');
const callState = (page: Page) => page.getByRole('status').filter({ hasText: /Ringing|Connected|Call ended|Not answered|did not pick up/ });
/** The form's call state, once it reads `text` (the form asks the server every 1.5 s). */
const stateIs = (page: Page, text: string) => expect.poll(() => callState(page).innerText(), { timeout: 10_000 }).toBe(text);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signIn(viewport = PHONE): Promise<Page> {
  const page = await freshPage(browser, viewport);
  await signInAsUser(page, server.base, DEMO.telecaller);
  return page;
}

/** Opens the first lead of New Leads with Process Lead; answers its id and name. */
async function processFirst(page: Page) {
  await page.goto(`${server.base}/leadspage/leads`);
  const card = cards(page).first();
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link', { name: 'Process Lead' }).click();
  await page.waitForURL(/\/leadspage\/lead\/\d+\?queue=new$/);
  await page.getByRole('heading', { level: 2, name }).waitFor();
  // The open has answered (the WhatsApp message comes with it): the lead's actions are on.
  await expect.poll(() => page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'), { timeout: 10_000 }).toMatch(/^https:\/\/wa\.me\//);
  return { id: leadIdIn(page.url()), name };
}

/** The calls the stand-in was asked to place, once there are `n`. */
async function placedCalls(n: number) {
  await expect.poll(() => exotel.placed().length, { timeout: 10_000 }).toBe(n);
  return exotel.placed();
}

async function expectThumbSized(l: Locator) {
  const box = (await l.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
}

describe('the telecaller’s phone at 390 px', () => {
  it('without a provider, Call is the phone’s own dialler (tel:) and there is no power dialer', async () => {
    const page = await signIn();
    await page.goto(`${server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'Start calling' }).count()).toBe(0);
    await processFirst(page);
    expect(await page.getByRole('link', { name: 'Call', exact: true }).getAttribute('href')).toMatch(/^tel:\d{10}$/);
    expect(await page.getByRole('button', { name: 'Call', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Call from my phone' }).count()).toBe(0);
    expect(await page.getByRole('timer', { name: 'Call duration' }).innerText()).toMatch(/^00:00:0\d$/);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
    storeExotel();
  });

  it('Call through the provider shows ringing, connected, then the real talk time; the submit stores the provider’s duration', async () => {
    const page = await signIn();
    const lead = await processFirst(page);
    const call = page.getByRole('button', { name: 'Call', exact: true });
    const viaPhone = page.getByRole('link', { name: 'Call from my phone' });
    expect(await viaPhone.getAttribute('href')).toMatch(/^tel:\d{10}$/);
    await expectThumbSized(call);
    await expectThumbSized(viaPhone);

    await call.click();
    await stateIs(page, 'Ringing your phone…');
    const [placed] = await placedCalls(1);
    // Exotel rings the telecaller (From) first, then the lead (To), from the company number.
    expect(placed!.form.From).toBe(`+91${DEMO.telecaller.mobile}`);
    const [row] = query<{ mobile: string }>('select mobile from leads where id = ?', lead.id);
    expect(placed!.form.To).toBe(`+91${row!.mobile}`);
    expect(placed!.form.CallerId).toBe('+918047112233');
    // While the call is on, Call cannot place a second one.
    expect(await call.isDisabled()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'telephony-phone-ringing');

    expect((await exotel.callback(placed!.sid, 'answered-event')).status).toBe(200);
    await stateIs(page, 'Connected');
    expect((await exotel.callback(placed!.sid, { answered: 102 })).status).toBe(200);
    await stateIs(page, 'Call ended · 1 min 42 s');
    // The app's own timer is not what the outcome is sent with.
    expect(await page.getByRole('timer', { name: 'Call duration' }).count()).toBe(0);
    await snap(page, 'telephony-phone-ended');

    await pick(page, 'Interested');
    await pick(page, 'Running');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(lead.id);
    await expect
      .poll(
        () =>
          query<{ call_duration: number; call_via: string; call_id: number }>(
            'select call_duration, call_via, call_id from lead_history where lead_id = ? order by id desc limit 1',
            lead.id,
          )[0],
        { timeout: 10_000 },
      )
      .toMatchObject({ call_duration: 102, call_via: 'provider' });
    const [history] = query<{ call_id: number }>('select call_id from lead_history where lead_id = ? order by id desc limit 1', lead.id);
    const [stored] = query<{ provider_call_id: string; talk_seconds: number }>(
      'select provider_call_id, talk_seconds from calls where id = ?',
      history!.call_id,
    );
    expect(stored).toEqual({ provider_call_id: placed!.sid, talk_seconds: 102 });
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a call the lead does not answer moves on to the next lead by itself, the attempt recorded', async () => {
    const before = exotel.placed().length;
    const page = await signIn();
    const lead = await processFirst(page);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const placed = (await placedCalls(before + 1)).at(-1)!;
    await stateIs(page, 'Ringing your phone…');
    await exotel.callback(placed.sid, 'no-answer');
    // No tap: the phone says what became of the call and opens the next lead.
    await page
      .getByText(/^Not answered \(No answer\) · attempt 1 of 5 · back in the queue at \d{1,2}:\d{2}/)
      .first()
      .waitFor();
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(lead.id);
    await snap(page, 'telephony-phone-no-answer-moved-on');
    expect(query<{ attempts: number }>('select attempts from leads where id = ?', lead.id)[0]).toEqual({ attempts: 1 });
    const attempts = query<{ kind: string; outcome: string; call_via: string }>(
      "select kind, outcome, call_via from lead_history where lead_id = ? and kind = 'attempt'",
      lead.id,
    );
    expect(attempts).toEqual([{ kind: 'attempt', outcome: 'no_answer', call_via: 'provider' }]);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('the power dialer works through three leads: countdown, Skip, Stop; no call after Stop', async () => {
    let count = exotel.placed().length;
    const page = await signIn();
    await page.goto(`${server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    const start = page.getByRole('button', { name: 'Start calling' });
    await expectThumbSized(start);
    await snap(page, 'telephony-phone-queue-start-calling');
    await start.click();

    // The first lead opens and its call is placed at once (the tap on Start calling was for it).
    await page.waitForURL(/\/leadspage\/lead\/\d+\?queue=new$/);
    const first = leadIdIn(page.url());
    const firstCall = (await placedCalls(++count)).at(-1)!;
    await stateIs(page, 'Ringing your phone…');
    const dialerBar = page.getByRole('region', { name: 'Power dialer' });
    await dialerBar.getByText('The next lead is called after this one’s outcome').waitFor();
    expect(query<{ dialer: number }>('select dialer from calls where provider_call_id = ?', firstCall.sid)).toEqual([{ dialer: 1 }]);
    await exotel.callback(firstCall.sid, 'busy');

    // Busy: on to the second lead by itself, which counts down and then is called.
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(first);
    const second = leadIdIn(page.url());
    const countdown = page.getByRole('timer', { name: 'Next call in seconds' });
    await countdown.waitFor();
    expect(Number(await countdown.innerText())).toBeGreaterThan(0);
    await expectThumbSized(dialerBar.getByRole('button', { name: 'Skip' }));
    await expectThumbSized(dialerBar.getByRole('button', { name: 'Stop' }));
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'telephony-phone-dialer-countdown');
    const secondCall = (await placedCalls(++count)).at(-1)!;
    expect(query<{ lead_id: number }>('select lead_id from calls where provider_call_id = ?', secondCall.sid)).toEqual([{ lead_id: second }]);
    await stateIs(page, 'Ringing your phone…');
    await exotel.callback(secondCall.sid, { answered: 30 });
    await stateIs(page, 'Call ended · 30 s');
    await pick(page, 'Not interested');
    await pick(page, 'Price Issue');
    await page.getByRole('button', { name: 'Submit' }).click();

    // The third lead: Skip before its call, on to the fourth without calling the third.
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(second);
    const third = leadIdIn(page.url());
    await countdown.waitFor();
    await dialerBar.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(third);
    expect(query('select id from calls where lead_id = ?', third)).toEqual([]);

    // Stop: one tap, the countdown gone, and no call placed after it.
    await countdown.waitFor();
    await dialerBar.getByRole('button', { name: 'Stop' }).click();
    await dialerBar.waitFor({ state: 'detached' });
    await page.waitForTimeout((COUNTDOWN + 2) * 1000);
    expect(exotel.placed().length).toBe(count);
    await snap(page, 'telephony-phone-dialer-stopped');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px the form with an ended call keeps its layout', async () => {
    const before = exotel.placed().length;
    const page = await signIn(DESK);
    await processFirst(page);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const placed = (await placedCalls(before + 1)).at(-1)!;
    await exotel.callback(placed.sid, { answered: 42 });
    await stateIs(page, 'Call ended · 42 s');
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'telephony-desk-ended');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
