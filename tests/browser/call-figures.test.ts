import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsSubadmin, signInAsUser } from './pages.js';
import { DEMO } from '../../seed/demo.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { secretBox } from '../../server/services/telephony/secret-box.js';

// Calls as facts on the pages people read: the company's dashboard, productivity and call log at
// 1280 px, the telecaller's call log and talk time on a 390 px phone.
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SECRET_KEY = randomBytes(32).toString('base64');

const env = serverAndBrowser(DESK, {}, { SECRET_KEY });
let leadName = '';
let leadId = 0;

beforeAll(async () => {
  const sqlite = new (sqliteDriver().Database)(path.join(env.server.dir, 'app.db'));
  try {
    const now = Date.now();
    const iso = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    const company = (sqlite.prepare('select id from subadmins where email = ?').get(DEMO.subadmin.email) as { id: number }).id;
    const caller = (sqlite.prepare('select id from users where mobile = ?').get(DEMO.telecaller.mobile) as { id: number }).id;
    const lead = sqlite.prepare('select id, name from leads where subadmin_id = ? and telicaller_id = ? order by id limit 1').get(company, caller) as {
      id: number;
      name: string;
    };
    leadName = lead.name;
    leadId = lead.id;
    const box = await secretBox({ secretKey: { base64: SECRET_KEY, file: '' } });
    // The provider was set up (checked) just now, after the demo day's calls (which had none behind them then).
    sqlite
      .prepare(
        "insert into telephony_settings (subadmin_id, provider, enabled, credentials, caller_ids, hook_token, checked_at, updated_at) values (?, 'exotel', 1, ?, '[\"+918047112233\"]', ?, ?, ?)",
      )
      .run(
        company,
        box.seal(JSON.stringify({ accountSid: 'a', apiKey: 'k', apiToken: 't', cluster: 'mumbai' })),
        randomBytes(24).toString('base64url'),
        iso(0),
        iso(0),
      );
    const call = sqlite
      .prepare(
        "insert into calls (subadmin_id, provider, provider_call_id, lead_id, user_id, direction, status, from_number, to_number, placed_at, answered_at, ended_at, talk_seconds, cost, cost_currency, updated_at) values (?, 'exotel', 'sid-browser', ?, ?, 'outbound', 'completed', '+918047112233', '9876500001', ?, ?, ?, 95, '1.20', 'INR', ?) returning id",
      )
      .get(company, lead.id, caller, iso(0), iso(0), iso(-1), iso(-1)) as { id: number };
    const history = sqlite.prepare(
      "insert into lead_history (subadmin_id, lead_id, user_id, status, feedback, call_duration, demo, callback, kind, call_id, call_via, created_at) values (?, ?, ?, ?, ?, ?, 0, 0, 'outcome', ?, ?, ?)",
    );
    // A provider call (95 s, verified), one dialled from the phone (40 s), one submitted with no call at all (30 s).
    history.run(company, lead.id, caller, '2', 'Running', 95, call.id, 'provider', iso(-1));
    history.run(company, lead.id, caller, '3', 'Price Issue', 40, null, 'phone', iso(-2));
    history.run(company, lead.id, caller, '3', 'Price Issue', 30, null, null, iso(-3));
    // The lead called the company number back and was put through to Rahul.
    sqlite
      .prepare("insert into lead_events (subadmin_id, lead_id, kind, user_id, source, created_at) values (?, ?, 'call_in', ?, 'phone', ?)")
      .run(company, lead.id, caller, iso(-4));
  } finally {
    sqlite.close();
  }
});

describe('figures from call facts in a real browser', () => {
  it('the company sees today’s calls, the verified column and each call’s mark', async () => {
    const page = await freshPage(env.browser, DESK);
    await signInAsSubadmin(page, env.server.base);
    await page.goto(`${env.server.base}/subadmin/dashbord`);
    await page.getByRole('heading', { name: 'Calls today' }).waitFor();
    const placed = page.locator('.mantine-Card-root').filter({ hasText: /^Calls placed/ });
    expect(await placed.innerText()).toMatch(/^Calls placed\s+1\b/);
    expect(
      await page
        .locator('.mantine-Card-root')
        .filter({ hasText: /^Talk time/ })
        .innerText(),
    ).toContain('1m 35s');
    await snap(page, 'calls-today-dashboard-desk');

    await page.goto(`${env.server.base}/subadmin/Leads/productivity`);
    const table = page.getByRole('table', { name: 'Productivity per telecaller' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Rahul Verma' });
    await row.getByText('1 no call').waitFor();
    await row
      .getByLabel(/^Verified: /)
      .first()
      .waitFor();
    await page.getByText('Outcomes with no call', { exact: true }).waitFor();
    await snap(page, 'productivity-verified-desk');

    await page.goto(`${env.server.base}/subadmin/Leads/callloghistory`);
    await page.getByText(/1 outcome with no call/).waitFor();
    const calls = page.getByRole('table', { name: 'Call log' });
    await calls.getByLabel(/^No call: /).waitFor();
    await calls.getByLabel(/^Verified: /).waitFor();
    await calls.getByLabel(/^App timer: /).waitFor();
    // what Exotel charged for the provider's call
    await calls.getByText('₹1.20', { exact: true }).waitFor();
    // The mark says what it means on hover.
    await calls.getByLabel(/^Verified: /).hover();
    await page
      .getByRole('tooltip')
      .getByText(/Reported by your telephony provider/)
      .waitFor();
    await snap(page, 'call-log-marks-desk');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('the telecaller’s call log and talk time on a phone mark the provider’s calls', async () => {
    const page = await freshPage(env.browser, PHONE);
    await signInAsUser(page, env.server.base, DEMO.telecaller);
    await page.goto(`${env.server.base}/leadspage/calllogs`);
    const card = page.locator('.mantine-Card-root').filter({ hasText: leadName });
    await card.first().waitFor();
    await page
      .getByLabel(/^Verified: /)
      .first()
      .waitFor();
    await page
      .getByLabel(/^No call: /)
      .first()
      .waitFor();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'call-log-marks-phone');

    // The lead's history: the call in, and each call's mark.
    await page.goto(`${env.server.base}/leadspage/lead/${leadId}`);
    const history = page.getByRole('region', { name: 'Lead History' });
    await history.getByText('Called the company number: put through to Rahul Verma').waitFor();
    await history.getByLabel(/^Verified: /).waitFor();
    await history.getByLabel(/^App timer: /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await history.scrollIntoViewIfNeeded();
    await snap(page, 'lead-history-call-in-phone');

    await page.goto(`${env.server.base}/leadspage/loginhours`);
    // Today's card: its talk time, and the provider's part of it under the mark.
    const today = page.locator('.mantine-Card-root').filter({ hasText: /^Today/ });
    await today.getByLabel(/^Verified: /).waitFor();
    expect(await today.innerText()).toMatch(/Verified\s+1m 35s$/);
    await snap(page, 'talk-time-verified-phone');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
