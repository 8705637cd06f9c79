import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { seriousViolations } from './axe.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { addDays, todayIn } from '../../shared/dates.js';

// The test sets the company's zone in the server's database file behind its back: the server keeps no
// read of it (docs/architecture.md#kept-reads), as a second server sharing the database would be set.
const env = serverAndBrowser(undefined, {}, { KEPT_READS_SECONDS: '0' });
const MIN = 60_000;
let zone: string;

/** A fixed-offset zone where it is now about noon: hours either way stay on today's date there. */
function noonZone(now = new Date()): string {
  const ahead = 12 - now.getUTCHours();
  if (ahead === 0) return 'Etc/GMT';
  return `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

beforeAll(async () => {
  zone = noonZone();
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    const company = sqlite.prepare('select id from subadmins where email = ?').get(DEMO.subadmin.email) as { id: number };
    const caller = sqlite.prepare('select id from users where mobile = ?').get(DEMO.telecaller.mobile) as { id: number };
    const head = sqlite.prepare('select id from users where mobile = ?').get(DEMO.head.mobile) as { id: number };
    sqlite.prepare('update subadmins set time_zone = ? where id = ?').run(zone, company.id);
    // Every day, all day: the waits below are exactly what they read.
    sqlite
      .prepare("insert into routing_settings (subadmin_id, work_days, work_start, work_end, updated_at) values (?, '1,2,3,4,5,6,7', '00:00', '23:59', ?)")
      .run(company.id, iso(now));
    // The demo's own leads arrived long ago; twelve of them are made this week's arrivals.
    sqlite.prepare("update leads set created_at = '2020-01-01T00:00:00.000Z', first_call_at = null where subadmin_id = ?").run(company.id);
    const ids = (sqlite.prepare('select id from leads where subadmin_id = ? order by id limit 12').all(company.id) as { id: number }[]).map((r) => r.id);
    const set = sqlite.prepare('update leads set created_at = ?, first_call_at = ?, telicaller_id = ?, status = ?, route_waiting = ? where id = ?');
    // Today: the telecaller's three called after 2, 4 and 10 minutes; one of its leads and one for routing still waiting.
    const today = [
      { at: -180, wait: 2, who: caller.id },
      { at: -150, wait: 4, who: caller.id },
      { at: -120, wait: 10, who: caller.id },
      { at: -175, wait: null, who: caller.id },
      { at: -95, wait: null, who: null, routing: 1 },
    ];
    // The days before: the head's, one a day.
    const before = [3, 6, 1, 12, 5, 8, 2].map((wait, i) => ({ at: -(i + 1) * 1440 - 30, wait, who: head.id }));
    [...today, ...before].forEach((l, i) => {
      const created = now + l.at * MIN;
      set.run(iso(created), l.wait === null ? null : iso(created + l.wait * MIN), l.who, l.wait === null ? '0' : '3', 'routing' in l ? l.routing : 0, ids[i]);
    });
  } finally {
    sqlite.close();
  }
});

describe('speed to lead in a real browser', () => {
  it("the sub-admin's page at 1280 px: the company's figures, per telecaller, per day, the leads waiting now", async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 900 });
    await signInAsSubadmin(page, env.server.base);
    const tile = page.locator('.mantine-Card-root').filter({ hasText: 'Speed to lead today' });
    await tile.waitFor();
    expect(await tile.innerText()).toMatch(/Speed to lead today \(median wait\)\s+4 min[\s›]+40% called within 5 min · 5 arrived, 3 called/);
    await snap(page, 'speed-dashboard-tile');
    await tile.click();
    await page.waitForURL('**/subadmin/speed-to-lead');
    await page.getByRole('heading', { name: 'Speed to lead' }).waitFor();

    const card = (label: string) => page.locator('.mantine-Card-root').filter({ hasText: label }).first();
    await card('Median wait').waitFor();
    expect(await card('Arrived').innerText()).toMatch(/^Arrived\s+5\s+2 not called yet$/);
    expect(await card('Median wait').innerText()).toMatch(/^Median wait\s+4 min\s/);
    expect(await card('90th percentile').innerText()).toMatch(/^90th percentile\s+8 min 48 s\s/);
    expect(await card('Called within 5 min').innerText()).toMatch(/^Called within 5 min\s+40%\s+2 of 5 leads$/);

    const table = page.getByRole('table', { name: 'Speed to lead per telecaller' });
    const callerRow = table.locator('tbody tr').first();
    expect((await callerRow.innerText()).replace(/\s+/g, ' ')).toMatch(/Telecaller 4 3 4 min 8 min 48 s 50% \(2 of 4\)$/);
    await page.getByText('Pool (nobody holds them): 1 arrived, 0 called, median —.').waitFor();

    const waiting = page.getByRole('table', { name: 'Leads waiting for a first call' });
    await waiting.locator('tbody tr').first().waitFor();
    const rows = (await waiting.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/2 h 5[45] min/);
    expect(rows[1]).toMatch(/1 h 3[45] min Waiting for routing$/);
    await snap(page, 'speed-to-lead-today');

    // The last seven days: the chart has a point per day.
    const today = todayIn(zone);
    await page.goto(`${env.server.base}/subadmin/speed-to-lead?from=${addDays(today, -6)}&to=${today}`);
    await page.getByText('Median wait per day').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-line-dot, .recharts-line-dots circle').count()).toBeGreaterThanOrEqual(7);
    expect(await card('Arrived').innerText()).toMatch(/^Arrived\s+11\s/);
    await snap(page, 'speed-to-lead-week');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
  });

  it("the telecaller's own figure on Home at 390 px", async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    const mine = page.getByRole('region', { name: 'Your speed to lead today' });
    await mine.getByText('Median wait').waitFor();
    expect((await mine.innerText()).replace(/\s+/g, ' ')).toBe(
      'Your speed to lead today Median wait 4 min Called within 5 min 50% 2 of 4 leads 4 new leads today, 3 called · Time to your first call on each new lead, counted in working hours only.',
    );
    const box = await mine.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await snap(page, 'speed-home-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
  });
});
