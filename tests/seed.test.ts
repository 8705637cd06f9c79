import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { query, signIn } from './helpers/http.js';
import { DEMO, DEMO_CITIES, seedDemo } from '../seed/demo.js';
import { isDatabaseEmpty } from '../server/bootstrap.js';
import { todayIn } from '../shared/dates.js';

describe.each(dialects)('demo data on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('creates one company with every role, and every printed sign-in works', async () => {
    expect(await isDatabaseEmpty(t.deps)).toBe(true);
    const printed = await seedDemo(t.deps);
    expect(await isDatabaseEmpty(t.deps)).toBe(false);
    expect(printed).toContain(DEMO.admin.email);

    const admin = await signIn(t.app, { kind: 'admin', ...DEMO.admin });
    const owner = await signIn(t.app, { kind: 'subadmin', ...DEMO.subadmin });
    for (const who of [DEMO.telecaller, DEMO.head, DEMO.developer]) {
      const s = await signIn(t.app, { kind: 'user', ...who });
      expect((await query(t.app, 'auth.me', undefined, s)).data!.mobile).toBe(who.mobile);
    }
    const users = await query(t.app, 'users.list', { page: 1, pageSize: 20 }, owner);
    expect(users.data.items.map((u: { user_type: string }) => u.user_type).sort()).toEqual(['Developer', 'Telicaller', 'Telicaller', 'Telicaller-hade']);
    expect((await query(t.app, 'notifications.bell', undefined, owner)).data.count).toBe(1);
    expect((await query(t.app, 'notifications.bell', undefined, admin)).data.count).toBe(1);

    // Leads came in through the real upload path and were distributed through the service.
    const history = await query(t.app, 'intake.history', { page: 1, pageSize: 10 }, owner);
    expect(history.data.items.map((b: { inserted: number; status: string }) => [b.inserted, b.status]).sort()).toEqual([
      [15, 'complete'],
      [20, 'complete'],
      [25, 'complete'],
    ]);
    expect(history.data.items.map((b: { fileName: string }) => b.fileName).sort()).toEqual(['indiamart-leads.csv', 'justdial-leads.csv', 'local-leads.csv']);
    // Every demo lead keeps its whole requirement and its city, commas and all.
    const leads = await t.deps.db.selectFrom('leads').select(['requirement', 'area']).execute();
    expect(leads).toHaveLength(60);
    for (const lead of leads) expect(DEMO_CITIES).toContain(lead.area);
    expect(leads.map((l) => l.requirement)).toContain('Bulk order of PVC pipes, 500 units');
    expect(leads.map((l) => l.requirement)).toContain('Office chairs, 40 pieces, ergonomic');
    const pool = await query(t.app, 'distribution.pool', undefined, owner);
    expect(pool.data.total).toBe(60 - 16 - 6 - 14);
    const caller = await signIn(t.app, { kind: 'user', ...DEMO.telecaller });
    expect((await query(t.app, 'dashboard.tiles', undefined, caller)).data.counts.newLeads).toBe(8);

    // A day under way: every queue the telecaller and the head work has leads in it. The two
    // callbacks are set 10 and 150 minutes ahead: late at night one falls on tomorrow.
    const callbacksToday = [10, 150].filter((m) => todayIn('Asia/Kolkata', new Date(Date.now() + m * 60_000)) === todayIn('Asia/Kolkata')).length;
    const page = (queue: string, s: typeof caller) => query(t.app, 'work.queue', { queue, page: 1, pageSize: 20 }, s);
    const totals = async (s: typeof caller, queues: string[]) =>
      Object.fromEntries(await Promise.all(queues.map(async (q) => [q, (await page(q, s)).data.total])));
    expect(await totals(caller, ['new', 'pending', 'callback', 'interested', 'notInterested', 'followUp', 'invalid', 'noSubmit'])).toEqual({
      new: 8,
      pending: 2,
      callback: callbacksToday,
      interested: 2,
      notInterested: 1,
      followUp: 3,
      invalid: 1,
      noSubmit: 1,
    });
    const head = await signIn(t.app, { kind: 'user', ...DEMO.head });
    expect(await totals(head, ['new', 'pending', 'junior'])).toEqual({ new: 6, pending: 4, junior: 1 });
    const junior = (await page('junior', head)).data.items[0];
    expect(junior!.assigned_by_name).toBe('Rahul Verma');
  });
});
