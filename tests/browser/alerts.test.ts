import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, snap, startServer, type Running } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { openEventStream } from '../helpers/event-stream.js';
import { SPIES, hidePage, streamOpen } from './alert-spies.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { timeIn, todayIn } from '../../shared/dates.js';

// Alerts on the telecaller's phone (docs/alerts.md): the Home card asking for notifications, a toast
// while the app is on screen, a system notification through the service worker while it is hidden.
const PHONE = { width: 390, height: 844 };

let server: Running;
let browser: BrowserContext;
let token: string;

beforeAll(async () => {
  // The due-callback job every second instead of every minute: the test waits for it, not for a clock.
  server = await startServer({ CALLBACK_ALERT_CHECK_SECONDS: '1' });
  browser = await openBrowser(PHONE, { isMobile: true, hasTouch: true });
  token = await signInUser(server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Makes one of the telecaller's new leads a callback that came due a moment ago; answers its id and name. */
async function callbackDueNow(skip: number): Promise<{ id: number; name: string }> {
  const queue = await callTrpc(server.base, token, 'query', 'work.queue', { queue: 'new', pageSize: 10 });
  const lead = queue.items[skip]!;
  const sqlite = new (sqliteDriver().Database)(path.join(server.dir, 'app.db'));
  try {
    const zone = (sqlite.prepare('select time_zone from subadmins').get() as { time_zone: string }).time_zone;
    const at = new Date(Date.now() - 30_000);
    sqlite.prepare("update leads set status = '4', callback_date = ?, callback_time = ? where id = ?").run(todayIn(zone, at), timeIn(zone, at), lead.id);
  } finally {
    sqlite.close();
  }
  return { id: lead.id, name: lead.name };
}

async function signedInPhone(): Promise<Page> {
  const page = await freshPage(browser, PHONE);
  await page.addInitScript(SPIES);
  await signInAsUser(page, server.base, DEMO.telecaller);
  return page;
}

describe('lead alerts on a phone', () => {
  it('asks for notifications from a card on Home, not at sign-in, and hides the card once allowed', async () => {
    const page = await signedInPhone();
    const card = page.getByTestId('alert-permission');
    await card.getByText('Get an alert when a lead arrives').waitFor();
    await snap(page, 'alerts-permission-card-phone');
    await browser.grantPermissions(['notifications'], { origin: server.base });
    await card.getByRole('button', { name: 'Allow' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    // Reloaded with permission given: no card.
    await page.reload();
    await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    expect(await page.getByTestId('alert-permission').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('shows a toast within 2 s of an alert for the signed-in telecaller, with Open taking them to the lead', async () => {
    const page = await signedInPhone();
    await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    await streamOpen(page);
    // The test's own stream, for the instant the server raised the alert at.
    const stream = await openEventStream(`${server.base}/api/events`, `${SESSION_COOKIE}=${token}`);
    try {
      expect(stream.status).toBe(200);
      const lead = await callbackDueNow(0);
      const raised = JSON.parse((await stream.next((e) => e.event === 'alert' && e.data.includes(`"leadId":${lead.id}`), 10_000)).data) as { at: string };
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: `Call back ${lead.name} now.` });
      await toast.waitFor({ timeout: 5_000 });
      await snap(page, 'alerts-toast-phone');
      const shownAt = await page.evaluate(
        (name) => (window as unknown as { __toasts: { text: string; at: number }[] }).__toasts.find((t) => t.text.includes(name))?.at,
        lead.name,
      );
      expect(shownAt! - Date.parse(raised.at)).toBeLessThan(2_000);
      expect(await toast.getByText('Callback due').count()).toBe(1);
      await toast.getByRole('button', { name: 'Open' }).click();
      await page.waitForURL(`${server.base}/leadspage/lead/${lead.id}?queue=callback`);
      // Shown on screen: no system notification.
      expect(await page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown)).toEqual([]);
    } finally {
      stream.close();
    }
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a lead routed to the telecaller: a New lead toast within 2 s, and the bell lists it until opened', async () => {
    const page = await signedInPhone();
    await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    await streamOpen(page);
    // The company routes its sub-admin's Add Lead, all day every day, and everyone but Rahul is on a break.
    const sqlite = new (sqliteDriver().Database)(path.join(server.dir, 'app.db'));
    try {
      const rahul = sqlite.prepare('select id, subadmin_id from users where mobile = ?').get(DEMO.telecaller.mobile) as { id: number; subadmin_id: number };
      sqlite
        .prepare(
          "insert into routing_settings (subadmin_id, route_add_lead, work_days, work_start, work_end, updated_at) values (?, 1, '1,2,3,4,5,6,7', '00:00', '23:59', ?)",
        )
        .run(rahul.subadmin_id, new Date().toISOString());
      sqlite.prepare('update users set on_break = 1 where subadmin_id = ? and id <> ?').run(rahul.subadmin_id, rahul.id);
    } finally {
      sqlite.close();
    }
    const stream = await openEventStream(`${server.base}/api/events`, `${SESSION_COOKIE}=${token}`);
    try {
      const owner = await fetch(`${server.base}/api/webapi/subadmin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO.subadmin),
      });
      const ownerToken = ((await owner.json()) as { token: string }).token;
      const mobile = `9${String(Date.now()).slice(-9)}`;
      await callTrpc(server.base, ownerToken, 'mutation', 'intake.addLead', {
        name: 'Kiran Routed',
        mobile,
        category: 'JustDial',
        requirement: 'Solar panels',
      });
      const raised = JSON.parse((await stream.next((e) => e.event === 'alert' && e.data.includes('Kiran Routed'), 10_000)).data) as {
        at: string;
        leadId: number;
      };
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Kiran Routed is waiting for your call.' });
      await toast.waitFor({ timeout: 5_000 });
      expect(await toast.getByText('New lead').count()).toBe(1);
      // The whole of Open is inside the toast, on a phone's width.
      const [box, open] = await Promise.all([toast.boundingBox(), toast.getByRole('button', { name: 'Open' }).boundingBox()]);
      expect(open!.x + open!.width).toBeLessThanOrEqual(box!.x + box!.width);
      await snap(page, 'alerts-new-lead-toast-phone');
      const shownAt = await page.evaluate(
        () => (window as unknown as { __toasts: { text: string; at: number }[] }).__toasts.find((t) => t.text.includes('Kiran Routed'))?.at,
      );
      expect(shownAt! - Date.parse(raised.at)).toBeLessThan(2_000);

      const bell = page.getByRole('button', { name: /New leads: 1$/ });
      await bell.waitFor();
      await bell.click();
      const menu = page.locator('.mantine-Popover-dropdown');
      await menu.getByText('Kiran Routed').waitFor();
      // The dropdown stays on the phone's screen, and the page its width: a phone lays a page out wider
      // when something is drawn past its edge, and the dropdown, placed again, then flickered.
      await page.waitForTimeout(500);
      const drawn = await menu.boundingBox();
      expect(drawn!.x).toBeGreaterThanOrEqual(0);
      expect(drawn!.x + drawn!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
      await snap(page, 'alerts-bell-new-lead-phone');
      await menu.getByText('Kiran Routed').click();
      await page.waitForURL(`${server.base}/leadspage/lead/${raised.leadId}?queue=new`);
      // Opened, the bell no longer counts it as new.
      expect(await page.getByRole('button', { name: /New leads/ }).count()).toBe(0);
    } finally {
      stream.close();
    }
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a callback coming due while the app is in the background raises a system notification that rings and stays', async () => {
    await browser.grantPermissions(['notifications'], { origin: server.base });
    const page = await signedInPhone();
    await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await streamOpen(page);
    // The app goes to the background.
    await hidePage(page);
    const lead = await callbackDueNow(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown.length), { timeout: 10_000 }).toBe(1);
    const [shown] = await page.evaluate(() => (window as unknown as { __shown: { title: string; options: Record<string, unknown> }[] }).__shown);
    expect(shown).toEqual({
      outcome: expect.any(String),
      title: 'Callback due',
      options: expect.objectContaining({
        body: `Call back ${lead.name} now.`,
        tag: `lead-${lead.id}`,
        requireInteraction: true,
        renotify: true,
        silent: false,
        vibrate: expect.any(Array),
        data: expect.objectContaining({ url: `/leadspage/lead/${lead.id}?queue=callback`, kind: 'callback_due', leadId: lead.id }),
      }),
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: { outcome: string }[] }).__shown[0]!.outcome)).toBe('shown');
    const held = await page.evaluate(
      async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).map((n) => n.title),
      `lead-${lead.id}`,
    );
    // The worker holds it (it stays until handled).
    expect(held).toEqual(['Callback due']);
    // No alert toast while hidden (the reminders' own toast, "Call back … at …", is theirs).
    expect(
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: `Call back ${lead.name} now.` })
        .count(),
    ).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a Web Push message: toasted by the page on screen, a system notification with the app closed', async () => {
    await browser.grantPermissions(['notifications'], { origin: server.base });
    const page = await signedInPhone();
    await page.getByText('Welcome, Rahul Verma · Telecaller').waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    // The push service's part, played by the browser itself (DevTools delivers the message to the worker).
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL === `${server.base}/` && !x.isDeleted);
        if (r) resolve(r.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const push = (alert: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: `${server.base}/`, registrationId: id, data: JSON.stringify(alert) });
    const at = new Date().toISOString();

    // On screen: the worker hands it to the page, which toasts it; no system notification.
    await push({ kind: 'repeat_enquiry', leadId: 424242, leadName: 'Meera Pushed', at, url: '/leadspage/lead/424242?queue=new', lang: 'en' });
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Meera Pushed enquired again.' }).waitFor();
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.tag))).not.toContain('lead-424242');

    // The app closed (a page of another site stays, to talk to the browser): the worker shows it, in the user's language.
    await page.goto('about:blank');
    await push({ kind: 'lead_routed', leadId: 434343, leadName: 'Vikram Pushed', at, url: '/leadspage/lead/434343?queue=new', lang: 'hi' });
    const again = await browser.newPage();
    await again.goto(`${server.base}/signin`);
    await expect
      .poll(() =>
        again.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'lead-434343' })).map((n) => [n.title, n.body, n.requireInteraction]),
        ),
      )
      .toEqual([['नई लीड', 'Vikram Pushed आपकी कॉल का इंतज़ार कर रहे हैं।', true]]);
    await again.close();
    await page.close();
  });
});
