import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
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
