import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { choose, errorsOf, freshPage, pick, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';

// A telecaller on a phone whose connection drops: a submission is kept on the phone, shown as
// waiting, and sent when the connection is back, once, also when the server stored it but its
// answer never arrived.
const PHONE = { width: 390, height: 844 };

const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true });

/** The lead's history rows, read from the server's database file. */
function historyOf(leadId: number): Array<{ status: string; created_at: string }> {
  const db = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'), { readonly: true });
  try {
    return db.prepare('select status, created_at from lead_history where lead_id = ? order by id').all(leadId) as Array<{ status: string; created_at: string }>;
  } finally {
    db.close();
  }
}

/** Reads or writes the server's database file directly, as another device of the company would change it. */
function writeDb<T>(work: (db: InstanceType<ReturnType<typeof sqliteDriver>['Database']>) => T): T {
  const db = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Opens the first new lead and waits until the form can be sent (the open has answered). */
async function openFirstNewLead(page: Page) {
  await page.goto(`${env.server.base}/leadspage/leads`);
  const card = page.getByRole('article').first();
  await card.waitFor();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link', { name: 'Process Lead' }).click();
  await page.waitForURL(/\/leadspage\/lead\/\d+\?queue=new$/);
  await page.getByRole('heading', { level: 2, name }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
  return { name, id: Number(/\/leadspage\/lead\/(\d+)/.exec(page.url())![1]) };
}

async function submitNotInterested(page: Page) {
  await pick(page, 'Not interested');
  await pick(page, 'Not Relevant Lead');
  await page.getByRole('button', { name: 'Submit' }).click();
  // A desktop pointer left where Submit was may rest on the toast that opens there, and a hovered toast
  // does not close (Mantine pauses it); a thumb lifted from the screen hovers nothing.
  await page.mouse.move(0, 0);
}

/** Sends the demo telecaller `n` more of the company's unassigned leads today, as a distribution does: the demo has few new ones. */
function giveNewLeads(n: number) {
  const now = new Date().toISOString();
  const moved = writeDb((db) =>
    db
      .prepare(`update leads set telicaller_id = u.id, telicaller_send_date = ?, status = '0', updated_at = ?
        from (select id, subadmin_id from users where mobile = ?) as u
        where leads.id in (select id from leads where telicaller_id is null and visible = 1 and subadmin_id = u.subadmin_id order by id limit ?)`)
      .run(now, now, DEMO.telecaller.mobile, n),
  );
  expect(moved.changes).toBe(n);
}

/** The demo telecaller signed in on a fresh phone, with new leads to work, on the first one's form. */
async function workingNewLeads() {
  const page = await freshPage(env.browser, PHONE);
  await signInAsUser(page, env.server.base, DEMO.telecaller);
  giveNewLeads(2);
  return { page, lead: await openFirstNewLead(page) };
}

const leadIdOf = (url: string) => Number(/\/leadspage\/lead\/(\d+)/.exec(url)?.[1] ?? Number.NaN);

const outbox = (page: Page) => page.getByRole('button', { name: /waiting to send|not accepted/ });

describe('the outbox on a 390 px phone', () => {
  it('keeps a submission made offline, shows it waiting, and sends it once when the connection is back', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    const lead = await openFirstNewLead(page);

    await env.browser.setOffline(true);
    try {
      await submitNotInterested(page);
      await page.getByText('Saved on this phone. Sends when online.').first().waitFor();
      await expect.poll(() => outbox(page).getAttribute('aria-label')).toBe('1 waiting to send');
      expect(historyOf(lead.id)).toEqual([]);
      // The next lead opened from its queue card, offline: it can be worked (WhatsApp needs the server's message).
      await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
      expect(await page.locator('a', { hasText: 'WhatsApp' }).getAttribute('href')).toBeNull();
      await page.getByText('Saved on this phone. Sends when online.').first().waitFor({ state: 'detached', timeout: 10_000 });
      await outbox(page).click();
      await page.getByText(lead.name).first().waitFor();
      await page.getByText('Waiting to send').waitFor();
      await page.waitForTimeout(400); // the popover's fade-in
      await snap(page, 'outbox-waiting-phone');
      await page.keyboard.press('Escape');
    } finally {
      await env.browser.setOffline(false);
    }

    // Back online: it goes by itself, and the badge with it.
    await outbox(page).waitFor({ state: 'detached', timeout: 15_000 });
    const rows = historyOf(lead.id);
    expect(rows.map((r) => r.status)).toEqual(['3']);
    expect(errorsOf(page).filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await page.close();
  });

  it('sends again a submission whose answer was lost, and the server keeps it once', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    const lead = await openFirstNewLead(page);

    // The submit reaches the server and is stored; its answer is cut off on the way back.
    await page.route(
      '**/trpc/work.submit',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await submitNotInterested(page);
    await page.getByText('Saved on this phone. Sends when online.').first().waitFor();
    expect(historyOf(lead.id).map((r) => r.status)).toEqual(['3']);
    await expect.poll(() => outbox(page).getAttribute('aria-label')).toBe('1 waiting to send');

    await outbox(page).click();
    await page.getByRole('button', { name: 'Send now' }).click();
    await outbox(page).waitFor({ state: 'detached', timeout: 15_000 });
    expect(historyOf(lead.id).map((r) => r.status)).toEqual(['3']);
    await page.close();
  });

  it('opens offline as the installed app does: the queue as last fetched, a lead worked from its card, sent once back online', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.goto(`${env.server.base}/leadspage/leads`);
    const first = page.getByRole('article').first();
    await first.waitFor();
    const name = (await first.getAttribute('aria-label'))!;
    const nextName = (await page.getByRole('article').nth(1).getAttribute('aria-label'))!;
    // The service worker has the app's files once it is ready.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await env.browser.setOffline(true);
    let leadId = 0;
    try {
      await page.reload();
      await page.getByText('No connection').waitFor();
      const card = page.getByRole('article', { name, exact: true });
      await card.getByRole('link', { name: 'Process Lead' }).click();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      leadId = leadIdOf(page.url());
      await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
      await snap(page, 'outbox-offline-lead-phone');
      await submitNotInterested(page);
      await page.getByText('Saved on this phone. Sends when online.').first().waitFor();
      // Work the queue offline too: the next lead of the page the phone holds opens, ready to be worked.
      await page.getByRole('heading', { level: 2, name: nextName }).waitFor();
      expect(page.url()).toMatch(/\/leadspage\/lead\/\d+\?queue=new$/);
      expect(leadIdOf(page.url())).not.toBe(leadId);
      await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
      await snap(page, 'outbox-offline-next-lead-phone');
      // Back on the list, the worked lead is not offered again.
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/leadspage\/leads$/);
      await page.getByText('No connection').waitFor();
      expect(await page.getByRole('article', { name, exact: true }).count()).toBe(0);
      await snap(page, 'outbox-offline-queue-phone');
      expect(historyOf(leadId)).toEqual([]);
    } finally {
      await env.browser.setOffline(false);
    }
    await outbox(page).waitFor({ state: 'detached', timeout: 15_000 });
    expect(historyOf(leadId).map((r) => r.status)).toEqual(['3']);
    await page.close();
  });

  it('a lead the company took back while the phone was offline: the outbox says so, and the company has the outcome', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    const lead = await openFirstNewLead(page);

    await env.browser.setOffline(true);
    try {
      await pick(page, 'Interested');
      await pick(page, 'Running');
      await page.getByLabel('Remarks').fill('Wants 500 units, call after 5');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Saved on this phone. Sends when online.').first().waitFor();
      // Meanwhile the company takes the lead back (as Distribution's Take back does).
      writeDb((db) =>
        db.prepare('update leads set telicaller_id = null, telicaller_send_date = null, taken_back_from = telicaller_id where id = ?').run(lead.id),
      );
    } finally {
      await env.browser.setOffline(false);
    }

    await expect.poll(() => outbox(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe('1 not accepted');
    await outbox(page).click();
    await page.getByText('Not accepted: Your company took this lead back. Your outcome was passed on to the company.').waitFor();
    await page.waitForTimeout(400); // the popover's fade-in
    await snap(page, 'outbox-taken-back-phone');
    const notices = writeDb((db) =>
      db.prepare("select title, message from notifications where audience = 'subadmins' and user_id is not null").all(),
    ) as Array<{ title: string; message: string }>;
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Outcome for a lead taken back: Interested');
    expect(notices[0]!.message).toContain('Remarks: Wants 500 units, call after 5');
    await page.getByRole('button', { name: 'Remove' }).click();
    await outbox(page).waitFor({ state: 'detached' });
    expect(historyOf(lead.id)).toEqual([]);
    await page.close();
  });

  it('Submit opens the next lead at once and the outcome follows from the outbox, without a badge while it is on its way', async () => {
    const { page, lead } = await workingNewLeads();

    // The server takes its time with this submit: the telecaller does not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/trpc/work.submit',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await submitNotInterested(page);
    await expect.poll(() => leadIdOf(page.url()), { timeout: 5_000 }).not.toBe(lead.id);
    await page.getByRole('timer', { name: 'Call duration' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    // Still on its way, and not counted as waiting: no badge, nothing stored yet.
    expect(await outbox(page).count()).toBe(0);
    expect(historyOf(lead.id)).toEqual([]);

    release();
    await expect.poll(() => historyOf(lead.id).map((r) => r.status), { timeout: 15_000 }).toEqual(['3']);
    await page.waitForTimeout(500);
    expect(await outbox(page).count()).toBe(0);
    expect(historyOf(lead.id).map((r) => r.status)).toEqual(['3']);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('a submit the server refuses after the telecaller went on: said at once with the lead, whose form then shows it to be fixed', async () => {
    const { page, lead } = await workingNewLeads();
    await pick(page, 'Interested');
    await pick(page, 'Running');
    await choose(page, 'Telecaller head', 'Anita Desai');
    // Meanwhile the company blocks the head: the server refuses the handoff.
    const blockHead = (blocked: number) => writeDb((db) => db.prepare('update users set is_blocked = ? where mobile = ?').run(blocked, DEMO.head.mobile));
    blockHead(1);
    try {
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => leadIdOf(page.url()), { timeout: 5_000 }).not.toBe(lead.id);
      const notice = page.getByRole('alert').filter({ hasText: `Not saved: ${lead.name}` });
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.innerText()).toContain('Choose a telecaller head.');
      await expect.poll(() => outbox(page).getAttribute('aria-label')).toBe('1 not accepted');
      await snap(page, 'outbox-refused-notice-phone');
      await notice.getByRole('button', { name: 'Open the lead' }).click();
      await page.getByRole('heading', { level: 2, name: lead.name }).waitFor();
      expect(page.url()).toMatch(/\/leadspage\/lead\/\d+\?queue=new$/);
      await page.getByText('Your last submit of this lead was not accepted: Choose a telecaller head.').waitFor();
      // What was sent is back on the form, the refused field marked.
      await expect.poll(() => page.getByRole('radio', { name: 'Interested', exact: true }).isChecked()).toBe(true);
      await page.getByText('Choose a telecaller head.', { exact: true }).last().waitFor();
      await snap(page, 'outbox-refused-lead-phone');
      expect(historyOf(lead.id)).toEqual([]);
    } finally {
      blockHead(0);
    }
    // Fixed (the head is back) and sent again: saved, and the refusal is gone.
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await choose(page, 'Telecaller head', 'Anita Desai');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => historyOf(lead.id).map((r) => r.status), { timeout: 15_000 }).toEqual(['2']);
    await outbox(page).waitFor({ state: 'detached', timeout: 15_000 });
    await page.close();
  });
});
