import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, freshPage, pick, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';
import { freePort } from '../helpers/net.js';
import { ExotelStandin } from '../helpers/exotel-standin.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { SecretBox } from '../../server/services/telephony/secret-box.js';
import { isoWeekday } from '../../shared/working-hours.js';
import { todayIn } from '../../shared/dates.js';

// The telecaller's phone with the company's Exotel on: Call goes through the provider, the form follows
// the call, an unanswered call moves on by itself, and the power dialer works a queue.
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const COUNTDOWN = 3;
const SECRET_KEY = randomBytes(32);

let exotel: ExotelStandin;
let server: Running;
let browser: BrowserContext;
/** The company's sign-in and its routing settings with every day a working day (what the dialer tests run in). */
let company: { token: string; settings: Record<string, unknown> & { timeZone: string } };

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

const userId = (mobile: string) => query<{ id: number }>('select id from users where mobile = ?', mobile)[0]!.id;

/** A call of the head's on a lead, still ringing. */
function openCallByHead(leadId: number): void {
  const db = sqlite();
  try {
    const lead = db.prepare('select subadmin_id, mobile from leads where id = ?').get(leadId) as { subadmin_id: number; mobile: string };
    const now = new Date().toISOString();
    db.prepare(
      `insert into calls (subadmin_id, provider, provider_call_id, lead_id, user_id, direction, status, from_number, to_number, placed_at, dialer, updated_at)
        values (?, 'exotel', ?, ?, ?, 'outbound', 'ringing', '+918047112233', ?, ?, 0, ?)`,
    ).run(lead.subadmin_id, randomBytes(16).toString('hex'), leadId, userId(DEMO.head.mobile), lead.mobile, now, now);
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
  company = { token, settings: { ...settings, workDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' } };
  // New leads enough for every test here (opening a lead takes it out of New Leads).
  const caller = await signInUser(base, DEMO.telecaller.mobile, DEMO.telecaller.password);
  for (let i = 1; i <= 16; i++) {
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

/** A tap on a tel: link runs the app's handler but opens no dialler (headless Chromium has none). */
const keepTelInPage = (page: Page) =>
  page.evaluate(`document.addEventListener('click', (e) => { if (e.target.closest && e.target.closest('a[href^="tel:"]')) e.preventDefault(); }, true)`);

/** The console errors of a page, less the refusals the test asked for (the browser logs a 400 or 409 answer). */
const errorsBut = (page: Page, ...statuses: number[]) => errorsOf(page).filter((e) => !statuses.some((s) => e.includes(`status of ${s} `)));

const lastHistory = (leadId: number) =>
  query<{ call_via: string | null; call_id: number | null }>(
    'select call_via, call_id from lead_history where lead_id = ? order by id desc limit 1',
    leadId,
  )[0];

async function submitInterested(page: Page, leadId: number) {
  await pick(page, 'Interested');
  await pick(page, 'Running');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(leadId);
}

/** Opens the first new lead and taps Call: answers the lead and the call the stand-in was asked to place. */
async function callFirstLead(page: Page) {
  const before = exotel.placed().length;
  const lead = await processFirst(page);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const placed = (await placedCalls(before + 1)).at(-1)!;
  return { lead, placed, before };
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
    // A submit after the tap on Call says the call was made from the phone.
    const lead = leadIdIn(page.url());
    await keepTelInPage(page);
    await page.getByRole('link', { name: 'Call', exact: true }).click();
    await submitInterested(page, lead);
    await expect.poll(() => lastHistory(lead), { timeout: 10_000 }).toEqual({ call_via: 'phone', call_id: null });
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
    expect(await seriousViolations(page)).toEqual([]);

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
    const page = await signIn();
    const { lead, placed } = await callFirstLead(page);
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
    expect(await seriousViolations(page)).toEqual([]);
    const secondCall = (await placedCalls(++count)).at(-1)!;
    // The server writes the call once the provider has answered its request.
    await expect.poll(() => query<{ lead_id: number }>('select lead_id from calls where provider_call_id = ?', secondCall.sid)).toEqual([{ lead_id: second }]);
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
    // Meanwhile the head is on a call with the fourth lead: the dialer must not dial it too.
    const fourth = leadIdIn((await page.getByRole('link', { name: 'Next', exact: true }).getAttribute('href'))!);
    openCallByHead(fourth);
    await dialerBar.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).toBe(fourth);
    expect(query('select id from calls where lead_id = ?', third)).toEqual([]);

    // At zero the server refuses the second call on the fourth lead: a short notice, and on to the fifth.
    await page
      .getByText(/^Anita Desai is on a call with this lead now\. On to the next lead\.$/)
      .first()
      .waitFor();
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(fourth);
    expect(query<{ user_id: number }>('select user_id from calls where lead_id = ?', fourth)).toEqual([{ user_id: userId(DEMO.head.mobile) }]);
    expect(exotel.placed().length).toBe(count);

    // Stop: one tap, the countdown gone, and no call placed after it.
    await countdown.waitFor();
    await dialerBar.getByRole('button', { name: 'Stop' }).click();
    await dialerBar.waitFor({ state: 'detached' });
    await page.waitForTimeout((COUNTDOWN + 2) * 1000);
    expect(exotel.placed().length).toBe(count);
    await snap(page, 'telephony-phone-dialer-stopped');
    expect(errorsBut(page, 409)).toEqual([]);
    await page.close();
  });

  it('a call the provider refuses shows its message and Call from my phone; the submit after it says the phone was used', async () => {
    exotel.answerNext('connect', { status: 503, body: { RestException: { Status: 503, Message: 'Service Unavailable' } } });
    const before = exotel.placed().length;
    const page = await signIn();
    const lead = await processFirst(page);
    await keepTelInPage(page);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The call could not be placed' });
    await refusal.getByText(/^Exotel is not working right now/).waitFor();
    expect(exotel.placed().length).toBe(before);
    // The phone's own dialler, big, in its place: never a stuck form.
    const viaPhone = refusal.getByRole('link', { name: 'Call from my phone' });
    expect(await viaPhone.getAttribute('href')).toMatch(/^tel:\d{10}$/);
    await expectThumbSized(viaPhone);
    expect(await page.getByRole('button', { name: 'Call', exact: true }).isEnabled()).toBe(true);
    await snap(page, 'telephony-phone-refused');
    expect(await seriousViolations(page)).toEqual([]);
    await viaPhone.click();
    await page.getByText('Timed by this app since you tapped Call from my phone · not verified').waitFor();
    await submitInterested(page, lead.id);
    await expect.poll(() => lastHistory(lead.id), { timeout: 10_000 }).toEqual({ call_via: 'phone', call_id: null });
    expect(query<{ status: string }>('select status from calls where lead_id = ?', lead.id)).toEqual([{ status: 'failed' }]);
    expect(errorsBut(page, 400)).toEqual([]);
    await page.close();
  });

  it('offline: a submit with the provider’s call waits in the outbox and goes with its call; Call offers the phone’s dialler', async () => {
    const page = await signIn();
    const { lead, placed, before } = await callFirstLead(page);
    await exotel.callback(placed.sid, { answered: 65 });
    await stateIs(page, 'Call ended · 1 min 5 s');
    await browser.setOffline(true);
    try {
      await submitInterested(page, lead.id);
      await page.getByText('Saved on this phone. Sends when online.').first().waitFor();
      expect(lastHistory(lead.id)).toBeUndefined();
      // The next lead, worked from its card: Call cannot reach the server, the phone's own dialler can.
      await page.getByRole('button', { name: 'Call', exact: true }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'The call could not be placed' });
      await refusal.getByText('No connection to the server. Call from your phone.').waitFor();
      expect(await refusal.getByRole('link', { name: 'Call from my phone' }).getAttribute('href')).toMatch(/^tel:\d{10}$/);
      expect(exotel.placed().length).toBe(before + 1);
      await snap(page, 'telephony-phone-offline');
    } finally {
      await browser.setOffline(false);
    }
    // Back online the outbox sends it, with the call: the provider's talk time is the history's.
    const [call] = query<{ id: number }>('select id from calls where provider_call_id = ?', placed.sid);
    await expect.poll(() => lastHistory(lead.id), { timeout: 40_000 }).toEqual({ call_via: 'provider', call_id: call!.id });
    expect(query('select call_duration from lead_history where lead_id = ? and call_id = ?', lead.id, call!.id)).toEqual([{ call_duration: 65 }]);
    expect(errorsOf(page).filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.close();
  });

  it('the dialer places no call on a break or in the background, and goes on when the break ends and the app is back', async () => {
    let count = exotel.placed().length;
    const token = await signInUser(server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    await callTrpc(server.base, token, 'mutation', 'routing.setMyBreak', { onBreak: true });
    const page = await signIn();
    await page.goto(`${server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'Start calling' }).click();
    await page.waitForURL(/\/leadspage\/lead\/\d+\?queue=new$/);
    const dialerBar = page.getByRole('region', { name: 'Power dialer' });
    await dialerBar.getByText('Paused: you are on a break').waitFor();
    await page.waitForTimeout(1500);
    expect(exotel.placed().length).toBe(count);
    await snap(page, 'telephony-phone-dialer-break');
    expect(await seriousViolations(page)).toEqual([]);

    // One tap ends the break; the lead Start calling opened is called then.
    await dialerBar.getByRole('button', { name: 'End my break' }).click();
    const call = (await placedCalls(++count)).at(-1)!;
    await stateIs(page, 'Ringing your phone…');
    const first = leadIdIn(page.url());
    await exotel.callback(call.sid, 'failed');
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(first);

    // In the background the countdown stops; back in front it starts again from the full countdown.
    const countdown = page.getByRole('timer', { name: 'Next call in seconds' });
    await countdown.waitFor();
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate(
        `Object.defineProperty(document, 'visibilityState', { value: '${state}', configurable: true }); document.dispatchEvent(new Event('visibilitychange'))`,
      );
    await setVisibility('hidden');
    await dialerBar.getByText('Paused while the app is in the background').waitFor();
    expect(await countdown.count()).toBe(0);
    await page.waitForTimeout((COUNTDOWN + 1) * 1000);
    expect(exotel.placed().length).toBe(count);
    await setVisibility('visible');
    await countdown.waitFor();
    expect(Number(await countdown.innerText())).toBeGreaterThanOrEqual(COUNTDOWN - 1);
    await placedCalls(count + 1);
    await dialerBar.getByRole('button', { name: 'Stop' }).click();
    await dialerBar.waitFor({ state: 'detached' });
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a reload keeps the dialer on its queue (the countdown runs again, no call at once); on a day off it says so', async () => {
    let count = exotel.placed().length;
    const page = await signIn();
    await page.goto(`${server.base}/leadspage/leads`);
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'Start calling' }).click();
    await page.waitForURL(/\/leadspage\/lead\/\d+\?queue=new$/);
    const first = leadIdIn(page.url());
    const call = (await placedCalls(++count)).at(-1)!;
    await exotel.callback(call.sid, 'no-answer');
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(first);
    const countdown = page.getByRole('timer', { name: 'Next call in seconds' });
    await countdown.waitFor();

    // The reload comes back to the same lead with the dialer on, counting down again from the full countdown.
    const second = leadIdIn(page.url());
    await page.reload();
    await countdown.waitFor();
    expect(leadIdIn(page.url())).toBe(second);
    expect(Number(await countdown.innerText())).toBeGreaterThanOrEqual(COUNTDOWN - 1);
    expect(exotel.placed().length).toBe(count);
    const secondCall = (await placedCalls(++count)).at(-1)!;
    await expect
      .poll(() => query<{ lead_id: number; dialer: number }>('select lead_id, dialer from calls where provider_call_id = ?', secondCall.sid))
      .toEqual([{ lead_id: second, dialer: 1 }]);
    await exotel.callback(secondCall.sid, 'busy');
    await expect.poll(() => leadIdIn(page.url()), { timeout: 10_000 }).not.toBe(second);

    // Today is made a day off: the dialer waits and says why, not the hours it would work on other days.
    const zone = company.settings.timeZone;
    const today = isoWeekday(todayIn(zone));
    const { timeZone: _zone, ...rest } = company.settings;
    await callTrpc(server.base, company.token, 'mutation', 'routing.saveSettings', { ...rest, workDays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today) });
    try {
      await page.reload();
      const dialerBar = page.getByRole('region', { name: 'Power dialer' });
      await dialerBar.getByText('Paused: today is not a working day').waitFor();
      await page.waitForTimeout((COUNTDOWN + 1) * 1000);
      expect(exotel.placed().length).toBe(count);
      await snap(page, 'telephony-phone-dialer-day-off');
      await dialerBar.getByRole('button', { name: 'Stop' }).click();
      await dialerBar.waitFor({ state: 'detached' });
      // Stopped is stopped: a reload does not bring it back.
      await page.reload();
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      expect(await dialerBar.count()).toBe(0);
    } finally {
      await callTrpc(server.base, company.token, 'mutation', 'routing.saveSettings', rest);
    }
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('the telecaller not picking up their phone is said so, and Call again places a new call', async () => {
    const page = await signIn();
    const { lead, placed: missed, before } = await callFirstLead(page);
    await exotel.callback(missed.sid, 'agent-missed');
    await stateIs(page, 'You did not pick up your phone');
    // Nothing is recorded on the lead: the lead was never dialled.
    expect(lastHistory(lead.id)).toBeUndefined();
    expect(leadIdIn(page.url())).toBe(lead.id);
    const again = page.getByRole('button', { name: 'Call again' });
    await expectThumbSized(again);
    await again.click();
    const second = (await placedCalls(before + 2)).at(-1)!;
    expect(second.form.To).toBe(missed.form.To);
    await stateIs(page, 'Ringing your phone…');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px the form with an ended call keeps its layout', async () => {
    const page = await signIn(DESK);
    const { placed } = await callFirstLead(page);
    await exotel.callback(placed.sid, { answered: 42 });
    await stateIs(page, 'Call ended · 42 s');
    expect(await noSidewaysScroll(page)).toBe(true);
    await snap(page, 'telephony-desk-ended');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
