import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { callTrpc, signInUser } from './api.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { addDays, timeIn, todayIn } from '../../shared/dates.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';

let due: { name: string; time: string };
let missedName: string;

/** The demo company's zone, unless "in 10 minutes" would be tomorrow there (then one far from midnight). */
function zoneForToday(): string {
  const soon = new Date(Date.now() + 12 * 60_000);
  return todayIn('Asia/Kolkata', soon) === todayIn('Asia/Kolkata') ? 'Asia/Kolkata' : 'Europe/London';
}

// The test sets the company's zone in the server's database file behind its back: the server keeps no
// read of it (docs/architecture.md#kept-reads), as a second server sharing the database would be set.
const env = serverAndBrowser(undefined, {}, { KEPT_READS_SECONDS: '0' });

beforeAll(async () => {
  const zone = zoneForToday();
  // The server's own SQLite file (the harness starts it on one); the driver built for this Node.
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    sqlite.prepare('update subadmins set time_zone = ?').run(zone);

    const token = await signInUser(env.server.base, DEMO.telecaller.mobile, DEMO.telecaller.password);
    const queue = await callTrpc(env.server.base, token, 'query', 'work.queue', { queue: 'new', pageSize: 2 });
    const [first, second] = queue.items;
    // A callback due in 10 minutes, scheduled through the lead form as a telecaller does it.
    const at = new Date(Date.now() + 10 * 60_000);
    const callback = { callback_date: todayIn(zone, at), callback_time: timeIn(zone, at) };
    await callTrpc(env.server.base, token, 'mutation', 'work.open', { leadId: first!.id });
    await callTrpc(env.server.base, token, 'mutation', 'work.submit', {
      leadId: first!.id,
      status: LEAD_STATUS.followUp,
      feedback: 'Follow-up Option',
      callback: true,
      ...callback,
    });
    due = { name: first!.name, time: callback.callback_time };
    // And one from yesterday never called back: the form refuses a past time, so it is written directly.
    sqlite.prepare("update leads set status = '4', callback_date = ?, callback_time = '10:00' where id = ?").run(addDays(todayIn(zone), -1), second!.id);
    missedName = second!.name;
  } finally {
    sqlite.close();
  }
});

const clock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

describe('callback reminders on a phone', () => {
  it('a callback due in 10 minutes raises one toast and sits in the bell with the missed one', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signInAsUser(page, env.server.base, DEMO.telecaller);

    const text = `Call back ${due.name} at ${clock(due.time)}`;
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Callback due' });
    await toast.filter({ hasText: text }).waitFor();
    // One toast for this callback (the demo day has its own callback due soon, with its own toast).
    expect(await toast.filter({ hasText: text }).count()).toBe(1);
    await snap(page, 'reminder-toast-phone');
    // Toasts hide after 3 s; the bell keeps the callback.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 6000 }).toBe(0);

    // The bell counts the seeded unread notices (the company's, and five about the demo projects' decisions), both callbacks and the demo day's callback due soon.
    const bell = page.getByRole('button', { name: /^Notifications, 6 unread, 3 callbacks$/ });
    await bell.waitFor();
    await bell.click();
    const menu = page.locator('.mantine-Popover-dropdown');
    await menu.getByText('2 due, 1 missed').waitFor();
    const rows = await menu.locator('[class*="row"]').allInnerTexts();
    // Due ones first, then the missed one.
    expect(rows.slice(0, 2).filter((r) => new RegExp(`^${text}\\s*Due$`, 'i').test(r))).toHaveLength(1);
    expect(rows[2]).toMatch(new RegExp(`^Call back ${missedName} on \\d{2} \\w{3} \\d{4}, 10:00 AM\\s*Missed$`, 'i'));
    // the notices are still there, below
    await menu.getByText('Notifications', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, 'reminder-bell-phone');

    // Once shown, a reload does not raise the toast again.
    await page.reload();
    await page.getByRole('button', { name: /3 callbacks$/ }).waitFor();
    await page.waitForTimeout(1500);
    expect(await toast.count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('desktop: the bell lists the callbacks above the notices', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.getByRole('button', { name: /^Notifications, 6 unread, 3 callbacks$/ }).click();
    await page.locator('.mantine-Popover-dropdown').getByText('2 due, 1 missed').waitFor();
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 6000 }).toBe(0);
    await snap(page, 'reminder-bell-desktop');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
