import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';

// The dashboard's counts and a queue's first page are asked for by web/public/early.js before the app's
// code has arrived; the app must take those answers, not ask a second time, and show them.
const PHONE = { width: 390, height: 844 };
const env = serverAndBrowser(PHONE, { isMobile: true, hasTouch: true });

/** The tRPC calls a page makes while it opens, by procedure. */
function countCalls(page: Page): Map<string, number> {
  const calls = new Map<string, number>();
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/^\/trpc\/(.+)$/);
    if (m) calls.set(m[1]!, (calls.get(m[1]!) ?? 0) + 1);
  });
  return calls;
}

describe('early answers', () => {
  it("asks once for the dashboard's counts and a queue's first page, and shows them", async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);

    const dashboard = countCalls(page);
    await page.goto(`${env.server.base}/`);
    await page.getByRole('link', { name: /^New leads/ }).waitFor();
    expect(dashboard.get('dashboard.tiles')).toBe(1);
    expect(dashboard.get('notifications.bell')).toBe(1);

    const queue = await page.context().newPage();
    const queueCalls = countCalls(queue);
    await queue.goto(`${env.server.base}/leadspage/leads`);
    await queue
      .getByRole('button', { name: 'Process Lead' })
      .or(queue.getByRole('link', { name: 'Process Lead' }))
      .first()
      .waitFor();
    expect(queueCalls.get('work.queue')).toBe(1);
    expect(queueCalls.get('notifications.bell')).toBe(1);
    await queue.close();

    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
