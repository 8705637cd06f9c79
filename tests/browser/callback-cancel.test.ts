import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { addDays, todayIn } from '../../shared/dates.js';

// A callback the telecaller missed, opened from Today's Callbacks and cancelled: it keeps its place.
const PHONE = { width: 390, height: 844 };

let missed: { id: number; name: string };

const env = serverAndBrowser(PHONE);

beforeAll(async () => {
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    const zone = (sqlite.prepare('select time_zone from subadmins limit 1').get() as { time_zone: string }).time_zone;
    const token = await signInUser(env.server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    const queue = await callTrpc(env.server.base, token, 'query', 'work.queue', { queue: 'new', pageSize: 1 });
    missed = queue.items[0]!;
    // Due yesterday at 10:00 and never called back (the form refuses a past time, so it is written directly).
    sqlite.prepare("update leads set status = '4', callback_date = ?, callback_time = '10:00' where id = ?").run(addDays(todayIn(zone), -1), missed.id);
  } finally {
    sqlite.close();
  }
});

describe('a missed callback on a 390 px phone', () => {
  it("opened with Call Back and cancelled, it is still in Today's Callbacks and in the bell", async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.goto(`${env.server.base}/leadspage/callback`);
    const card = page.getByRole('article', { name: missed.name, exact: true });
    await card.waitFor();
    await card.getByRole('link', { name: 'Call Back' }).click();
    await page.waitForURL(new RegExp(`/leadspage/lead/${missed.id}\\?queue=callback$`));
    await page.getByRole('heading', { level: 2, name: missed.name }).waitFor();
    // The open's answer has arrived (its WhatsApp link comes with it) before the telecaller cancels.
    await expect.poll(() => page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await snap(page, 'callback-opened-phone');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${env.server.base}/leadspage/callback`);
    await card.waitFor();
    // And after a reload, from the server.
    await page.reload();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/missed/i);
    await snap(page, 'callback-after-cancel-phone');

    await page.getByRole('button', { name: /^Notifications, .*callbacks?$/ }).click();
    await page
      .locator('.mantine-Popover-dropdown')
      .getByText(new RegExp(`^Call back ${missed.name} on `))
      .waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
