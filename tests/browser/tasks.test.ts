import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from './harness.js';
import { seriousViolations } from './axe.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { choose, errorsOf, field, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { addDays, todayIn } from '../../shared/dates.js';
import { PNG, MP4 } from '../helpers/files.js';

const screens = phoneAndDesk();

describe('developer tasks', () => {
  it('the company gives a task with an image and a video; the developer accepts and completes it on the phone; the company approves it', async () => {
    const name = `Fix the login page ${Date.now() % 100000}`;
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/task/newtask`);
    await field(owner, 'Task name').fill(name);
    await field(owner, 'Description').fill('Buttons overlap on small phones.');
    const today = todayIn('Asia/Kolkata');
    await field(owner, 'Start date').fill(today);
    await field(owner, 'End date').fill(addDays(today, 3));
    await owner.getByRole('button', { name: 'Add task' }).click();
    await owner.getByText('Please select a developer.').waitFor();
    await choose(owner, 'Developer', 'Vikram Rao');
    const files = owner.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await files.nth(1).setInputFiles({ name: 'bug.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await owner.getByRole('button', { name: 'Add task' }).click();
    await owner.getByText('Task added successfully!').first().waitFor();
    await owner.waitForURL('**/subadmin/task/runningtask');

    const dev = await freshPage(screens.phone, PHONE);
    await signInAsUser(dev, screens.server.base, DEMO.developer);
    await dev.goto(`${screens.server.base}/newtask`);
    const card = dev.getByRole('article', { name });
    await card.waitFor();
    await card.getByRole('button', { name: 'Video' }).click();
    expect(await dev.getByRole('dialog').locator('video').getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f-]{36}\.mp4$/);
    await dev.keyboard.press('Escape');
    await snap(dev, 'tasks-new-phone');
    await card.getByRole('button', { name: 'Accept' }).click();
    await dev.getByText('Task Accepted successfully!').first().waitFor();
    await dev.goto(`${screens.server.base}/runingtask`);
    await dev.getByRole('article', { name }).getByRole('button', { name: 'Completed' }).click();
    await dev.getByText('Task completed successfully!').first().waitFor();

    await owner.goto(`${screens.server.base}/subadmin/task/compleattask`);
    const row = owner.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await owner.getByText('Task approved.').first().waitFor();
    await expect.poll(() => owner.getByRole('row', { name: new RegExp(name) }).innerText()).toContain('Approved');
    await snap(owner, 'tasks-completed-desk');
    expect(errorsOf(dev)).toEqual([]);
    expect(errorsOf(owner)).toEqual([]);
    await dev.close();
    await owner.close();
  });
  it('a task clamped to three lines in the lists opens in full with its image and video, by a tap on a phone and by the keyboard at a desk', async () => {
    const name = `Rework the checkout ${Date.now() % 100000}`;
    const lines = [
      'The checkout page needs a second look before the sale on Friday.',
      'Move the coupon field under the total and keep the pay button in view on small phones.',
      'Show the delivery date beside each item, and the address form in one column.',
      'Last step: test it on the two phones in the office and send screenshots.',
    ];
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/task/newtask`);
    await field(owner, 'Task name').fill(name);
    await field(owner, 'Description').fill(lines.join('\n'));
    const today = todayIn('Asia/Kolkata');
    await field(owner, 'Start date').fill(today);
    await field(owner, 'End date').fill(addDays(today, 3));
    await choose(owner, 'Developer', 'Vikram Rao');
    const files = owner.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'checkout.png', mimeType: 'image/png', buffer: PNG });
    await files.nth(1).setInputFiles({ name: 'checkout.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await owner.getByRole('button', { name: 'Add task' }).click();
    await owner.getByText('Task added successfully!').first().waitFor();
    await owner.close();

    /** The card's description as shown: whether it is cut to three lines, and its dialog's text, image and video once opened. */
    const readTask = async (page: Page, open: (button: Locator) => Promise<void>) => {
      const card = page.getByRole('article', { name });
      await card.waitFor();
      // The task's button is named by what it shows, its name first.
      const button = card.getByRole('button', { name: new RegExp(`^${name}`) });
      const clamped = await card.getByText(lines[0]!, { exact: false }).evaluate((e) => e.scrollHeight > e.clientHeight + 1);
      await open(button);
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      const shown = {
        clamped,
        text: await dialog.innerText(),
        image: await dialog.getByRole('img', { name: `The image of ${name}` }).getAttribute('src'),
        video: await dialog.locator('video').getAttribute('src'),
      };
      return { shown, dialog, button };
    };
    const expectWhole = (shown: { clamped: boolean; text: string; image: string | null; video: string | null }) => {
      expect(shown.clamped, 'the list shows three lines of the description').toBe(true);
      for (const line of lines) expect(shown.text).toContain(line);
      expect(shown.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect(shown.video).toMatch(/^\/uploads\/[0-9a-f-]{36}\.mp4$/);
    };

    // On the phone: a tap on the task opens it, Escape closes it.
    const dev = await freshPage(screens.phone, PHONE);
    await signInAsUser(dev, screens.server.base, DEMO.developer);
    await dev.goto(`${screens.server.base}/newtask`);
    await dev.getByRole('article', { name }).waitFor();
    expect(await seriousViolations(dev)).toEqual([]);
    const onPhone = await readTask(dev, (b) => b.click());
    expectWhole(onPhone.shown);
    expect(await seriousViolations(dev)).toEqual([]);
    expect(await dev.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await dev.waitForTimeout(300);
    await snap(dev, 'tasks-detail-phone');
    await dev.keyboard.press('Escape');
    await onPhone.dialog.waitFor({ state: 'hidden' });
    await dev.getByRole('article', { name }).getByRole('button', { name: 'Accept' }).click();
    await dev.getByText('Task Accepted successfully!').first().waitFor();

    // At a desk: from the keyboard, in the running list and, once completed, in the completed list.
    const desk = await freshPage(screens.desk, DESK);
    await signInAsUser(desk, screens.server.base, DEMO.developer);
    await desk.goto(`${screens.server.base}/runingtask`);
    const running = await readTask(desk, async (b) => {
      await b.focus();
      await desk.keyboard.press('Enter');
    });
    expectWhole(running.shown);
    await desk.waitForTimeout(300);
    await snap(desk, 'tasks-detail-desk');
    await desk.keyboard.press('Escape');
    await running.dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => running.button.evaluate((b) => b === document.activeElement)).toBe(true);
    await desk.getByRole('article', { name }).getByRole('button', { name: 'Completed' }).click();
    await desk.getByText('Task completed successfully!').first().waitFor();
    await desk.goto(`${screens.server.base}/compleattask`);
    const completed = await readTask(desk, async (b) => {
      await b.focus();
      await desk.keyboard.press('Space');
    });
    expectWhole(completed.shown);
    expect(errorsOf(dev)).toEqual([]);
    expect(errorsOf(desk)).toEqual([]);
    await dev.close();
    await desk.close();
  });

  it('the company gives a task with neither an image nor a video', async () => {
    const name = `Call the printer ${Date.now() % 100000}`;
    const owner = await freshPage(screens.desk, DESK);
    await signInAsSubadmin(owner, screens.server.base);
    await owner.goto(`${screens.server.base}/subadmin/task/newtask`);
    await field(owner, 'Task name').fill(name);
    await field(owner, 'Description').fill('Ask for the new price list.');
    const today = todayIn('Asia/Kolkata');
    await field(owner, 'Start date').fill(today);
    await field(owner, 'End date').fill(addDays(today, 1));
    await choose(owner, 'Developer', 'Vikram Rao');
    await owner.getByRole('button', { name: 'Add task' }).click();
    await owner.getByText('Task added successfully!').first().waitFor();
    await owner.waitForURL('**/subadmin/task/runningtask');
    await owner.getByRole('row', { name: new RegExp(name) }).waitFor();
    expect(errorsOf(owner)).toEqual([]);
    await owner.close();
  });
});
