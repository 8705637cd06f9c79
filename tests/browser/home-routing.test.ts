import { describe, expect, it } from 'vitest';
import { snap } from './harness.js';
import { errorsOf, freshPage, signInAsUser } from './pages.js';
import { callTrpc } from './api.js';
import { DESK, PHONE, phoneAndDesk } from './phoneAndDesk.js';
import { DEMO } from '../../seed/demo.js';
import { DEFAULT_ROUTING_SETTINGS } from '../../shared/routing.js';

const env = phoneAndDesk();

async function ownerToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.subadmin),
  });
  return ((await res.json()) as { token: string }).token;
}

const ALL_DAY = { workDays: [1, 2, 3, 4, 5, 6, 7], workStart: '00:00', workEnd: '23:59' };

describe("a head's Home says what lead routing does for them", () => {
  it('off, heads left out, then included: the words follow the Lead Routing settings, at 390 and 1280 px', async () => {
    const base = env.server.base;
    const owner = await ownerToken(base);
    const save = (over: Partial<typeof DEFAULT_ROUTING_SETTINGS>) =>
      callTrpc(base, owner, 'mutation', 'routing.saveSettings', { ...DEFAULT_ROUTING_SETTINGS, ...ALL_DAY, ...over });

    for (const [name, viewport, browser] of [
      ['phone', PHONE, env.phone],
      ['desktop', DESK, env.desk],
    ] as const) {
      await save({ routeIndiamart: false });
      const page = await freshPage(browser, viewport);
      await signInAsUser(page, base, DEMO.head);
      const card = page.getByRole('switch', { name: 'On a break' }).locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
      await card.getByText('Lead routing is off: your company gives you leads by hand.').waitFor();
      expect(await page.getByText('You receive new leads').count()).toBe(0);

      await save({ routeIndiamart: true, includeHeads: false });
      await page.reload();
      await card.getByText('Lead routing does not include heads: your company gives you leads by hand.').waitFor();
      await snap(page, `home-routing-heads-left-out-${name}`);

      await save({ routeIndiamart: true, includeHeads: true });
      await page.reload();
      await card.getByText('Lead routing gives you new leads as they arrive.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    }
  });
});
