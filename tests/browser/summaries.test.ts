import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, field, freshPage, signInAsSubadmin } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { durationTicks, formatHms, formatShortHms } from '../../shared/durations.js';
import { addDays, todayIn } from '../../shared/dates.js';

const env = serverAndBrowser();

/** A tRPC call from inside the page, with its session cookie, as the app makes it. */
async function call(page: Page, kind: 'query' | 'mutation', path: string, input: unknown) {
  return page.evaluate(
    async ({ kind, path, input }) => {
      const res =
        kind === 'query'
          ? await fetch(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
          : await fetch(`/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
      const body = await res.json();
      if (body.error) throw new Error(`${path}: ${body.error.message}`);
      return body.result.data;
    },
    { kind, path, input },
  );
}

const todayCard = (page: Page) => page.locator('.mantine-Card-root').filter({ hasText: /^Today/ });

/** The Today card's figures: the demo day has already made some calls when the test begins. */
async function todayFigures(page: Page) {
  const m = (await todayCard(page).innerText()).match(/^Today\s+(\d+)\s+calls\s+Talk time (\d+) h (\d+) m (\d+) s$/);
  expect(m, 'the Today card reads "Today N calls Talk time H h M m S s"').not.toBeNull();
  const [, calls, h, min, sec] = m!.map(Number) as [number, number, number, number, number];
  return { calls, seconds: h * 3600 + min * 60 + sec };
}
const hms = (s: number) => `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} m ${s % 60} s`;
const compactHms = (s: number) => `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m ${s % 60}s`;
let expectedAfter: { calls: number; seconds: number } | undefined;

describe('call summaries in a real browser', () => {
  it('Talk Time on a phone shows the real count of the calls just made and the time on the connected one only', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await page.goto(`${env.server.base}/signin`);
    await field(page, 'User Mobile').fill(DEMO.telecaller.mobile);
    await field(page, 'Password').fill(DEMO.telecaller.password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(`${env.server.base}/`);

    await page.goto(`${env.server.base}/leadspage/loginhours`);
    await page.getByRole('heading', { name: 'Talk Time' }).waitFor();
    await todayCard(page).waitFor();
    const before = await todayFigures(page);
    await page.goto(`${env.server.base}/leadspage/calllogs`);
    await page.getByText(`${before.calls} calls, today`, { exact: false }).waitFor();
    const notInterestedBefore = await page.getByText('Not interested', { exact: true }).count();
    const busyBefore = await page.getByText('Not connected · Busy').count();
    await page.goto(`${env.server.base}/leadspage/loginhours`);
    await todayCard(page).waitFor();

    // Two calls through the lead form's own procedures: one connected (1 min 40 s), one unanswered (25 s).
    const queue = await call(page, 'query', 'work.queue', { queue: 'new', page: 1, pageSize: 5 });
    const [first, second] = queue.items.map((l: { id: number }) => l.id);
    await call(page, 'mutation', 'work.open', { leadId: first });
    await call(page, 'mutation', 'work.submit', { leadId: first, status: '3', feedback: 'Price Issue', call_duration: 100 });
    await call(page, 'mutation', 'work.open', { leadId: second });
    await call(page, 'mutation', 'work.notConnected', { leadId: second, outcome: 'busy', call_duration: 25 });

    await page.reload();
    await todayCard(page).waitFor();
    // Talk time is the connected call's 100 s; the unanswered call's 25 s are not talk.
    const after = { calls: before.calls + 2, seconds: before.seconds + 100 };
    expect(await todayCard(page).innerText()).toMatch(new RegExp(`^Today\\s+${after.calls}\\s+calls\\s+Talk time ${hms(after.seconds)}$`));
    // The company's call summary times every call, answered or not: read today's total for the next test.
    const totals = await call(page, 'query', 'summaries.loginHours', undefined);
    expect(totals.windows.today).toMatchObject({ count: after.calls, talkTime: after.seconds });
    expectedAfter = { calls: after.calls, seconds: totals.windows.today.duration };
    await page.getByRole('img', { name: `Calls per day: ${after.calls} in 30 days` }).waitFor();
    // Today's bar, the last one, is drawn (the other days have none).
    await page.locator('.recharts-bar-rectangle').last().waitFor();
    await snap(page, 'login-hours-phone');

    // The dashboard's tile shows the same time, and the call log lists both calls.
    await page.goto(`${env.server.base}/`);
    await page.getByRole('link', { name: new RegExp(`^Talk time\\s*${formatHms(after.seconds)}`) }).waitFor();
    await page.goto(`${env.server.base}/leadspage/calllogs`);
    await page.getByText(`${after.calls} calls, today`, { exact: false }).waitFor();
    expect(await page.getByText('Not connected · Busy').count()).toBe(busyBefore + 1);
    expect(await page.getByText('Not interested', { exact: true }).count()).toBe(notInterestedBefore + 1);
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("the sub-admin's call summary shows the telecaller's calls per category", async () => {
    const page = await freshPage(env.browser);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/Leads/callsummary`);
    const card = page.locator('.mantine-Card-root').filter({ hasText: 'Rahul Verma' });
    await card.waitFor();
    expect(expectedAfter, 'the Talk Time test ran first').toBeDefined();
    expect(await card.innerText()).toContain(`${expectedAfter!.calls} calls · ${compactHms(expectedAfter!.seconds)}`);
    expect(await card.getByRole('row', { name: /Not connected/ }).innerText()).toMatch(/Not connected\s+1\s+0h 0m 25s/);
    await snap(page, 'call-summary-desktop');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
  it("the productivity chart's talk-time axis reads whole, evenly spaced durations on a phone and at a desk", async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await freshPage(env.browser, size);
      await signInAsSubadmin(page, env.server.base);
      const to = todayIn('Asia/Kolkata');
      const from = addDays(to, -30);
      const data = (await call(page, 'query', 'summaries.productivity', { from, to })) as { rows: Array<{ calls: number; talkTime: number }> };
      const longest = Math.max(0, ...data.rows.filter((r) => r.calls > 0).map((r) => r.talkTime));
      expect(longest, 'the demo and the calls above give some talk time').toBeGreaterThan(0);
      await page.goto(`${env.server.base}/subadmin/Leads/productivity?from=${from}&to=${to}`);
      const chart = page.locator('.mantine-Paper-root').filter({ hasText: /^Talk time per telecaller/ });
      await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first().waitFor();
      const ticks = await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
      expect(ticks, `at ${size.width} px`).toEqual(durationTicks(longest).map(formatShortHms));
      expect(ticks.every((t) => /^(\d+h)?( ?\d+m)?( ?\d+s)?$/.test(t))).toBe(true);
      await chart.scrollIntoViewIfNeeded();
      await snap(page, `productivity-talk-time-${size.width}`);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    }
  });
});
