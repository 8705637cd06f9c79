import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, leadValues, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { mutate, query, signIn } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { nowIso } from '../server/db/dialect.js';
import { quarterOf, todayBounds } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// The counts the leads' triggers keep (migration 0013) against the leads themselves, after every
// kind of write the app makes and some it never makes (straight SQL).
describe.each(dialects)('kept lead counts on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  async function expectCountsTrue() {
    const real = await db()
      .selectFrom('leads')
      .where('visible', '=', 1)
      .select((eb) => [
        'subadmin_id',
        'category',
        eb.fn.countAll<number>().as('visible'),
        eb.fn.sum<number>(eb.case().when('telicaller_id', 'is', null).then(1).else(0).end()).as('pool'),
      ])
      .groupBy(['subadmin_id', 'category'])
      .execute();
    const kept = await db()
      .selectFrom('lead_counts')
      .selectAll()
      .where((eb) => eb.or([eb('visible', '<>', 0), eb('pool', '<>', 0)]))
      .execute();
    const key = (r: { subadmin_id: number; category: string; visible: unknown; pool: unknown }) =>
      `${r.subadmin_id}/${r.category}: ${Number(r.visible)} visible, ${Number(r.pool)} pool`;
    expect(kept.map(key).sort()).toEqual(real.map(key).sort());

    const sent = await db()
      .selectFrom('leads')
      .select(['subadmin_id', 'telicaller_send_date'])
      .where('visible', '=', 1)
      .where('telicaller_id', 'is not', null)
      .where('telicaller_send_date', 'is not', null)
      .execute();
    const byQuarter = new Map<string, number>();
    for (const r of sent) {
      const k = `${r.subadmin_id} ${quarterOf(r.telicaller_send_date!)}`;
      byQuarter.set(k, (byQuarter.get(k) ?? 0) + 1);
    }
    const keptSends = await db().selectFrom('lead_sends').selectAll().where('n', '<>', 0).execute();
    expect(keptSends.map((r) => `${r.subadmin_id} ${r.quarter}: ${Number(r.n)}`).sort()).toEqual([...byQuarter].map(([k, n]) => `${k}: ${n}`).sort());
  }

  it('stay equal to the leads through uploads, distribution, take-back, added leads, submits and straight SQL', async () => {
    const c = await insertCompany(db());
    const other = await insertCompany(db());
    const owner = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    const u = await insertUser(db(), c.id, 'Telicaller');
    const caller = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
    const head = await insertUser(db(), c.id, 'Telicaller-hade');

    const rows = (prefix: string, n: number) =>
      ['Name,Mobile,Requirement,City', ...Array.from({ length: n }, (_, i) => `L${i},${prefix}${String(i).padStart(5, '0')},x,Pune`)].join('\n');
    for (const [category, prefix] of [
      ['JustDial', '91234'],
      ['IndiaMART', '92345'],
    ] as const) {
      const form = multipart([
        ['category', category],
        ['csvFile', { filename: 'a.csv', content: rows(prefix, 120) }],
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webapi/upload-csv',
        headers: { cookie: owner.cookie, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
    }
    await expectCountsTrue();

    expect((await mutate(t.app, 'distribution.distribute', { userIds: [u.id, head.id], count: 70, category: 'JustDial' }, owner)).status).toBe(200);
    expect((await mutate(t.app, 'distribution.distribute', { userIds: [u.id], count: 30, category: null }, owner)).status).toBe(200);
    expect((await mutate(t.app, 'intake.addLead', { name: 'Walk-in', mobile: '9345600001', category: 'Walk-in' }, caller)).status).toBe(200);
    expect((await mutate(t.app, 'intake.addLead', { name: 'Pool', mobile: '9345600002', category: 'Walk-in' }, owner)).status).toBe(200);
    await expectCountsTrue();

    const queue = await query(t.app, 'work.queue', { queue: 'new', page: 1, pageSize: 5 }, caller);
    for (const lead of queue.data.items as Array<{ id: number }>) {
      await mutate(t.app, 'work.open', { leadId: lead.id, queue: 'new' }, caller);
      expect(
        (await mutate(t.app, 'work.submit', { leadId: lead.id, queue: 'new', status: '3', feedback: 'Not Relevant Lead', call_duration: 5 }, caller)).status,
      ).toBe(200);
    }
    expect((await mutate(t.app, 'distribution.takeBack', { userId: head.id, category: 'JustDial' }, owner)).status).toBe(200);
    await expectCountsTrue();

    // Writes the app does not make, which the triggers keep up with all the same.
    await db()
      .updateTable('leads')
      .set({ category: 'Renamed' })
      .where('subadmin_id', '=', c.id)
      .where('category', '=', 'IndiaMART')
      .where('id', '<', 1e9)
      .execute();
    await db().updateTable('leads').set({ visible: 0 }).where('subadmin_id', '=', c.id).where('mobile', 'like', '91234000%').execute();
    await db()
      .updateTable('leads')
      .set({ telicaller_send_date: '2026-01-01T10:47:00.000Z' })
      .where('telicaller_id', '=', u.id)
      .where('status', '=', LEAD_STATUS.new)
      .execute();
    await db().updateTable('leads').set({ subadmin_id: other.id }).where('subadmin_id', '=', c.id).where('mobile', 'like', '92345001%').execute();
    await db().deleteFrom('leads').where('subadmin_id', '=', c.id).where('mobile', 'like', '91234001%').execute();
    await sql`update leads set telicaller_id = null, telicaller_send_date = null where id in (select id from leads where telicaller_id = ${u.id} order by id limit 3)`.execute(
      db(),
    );
    await insertLead(db(), c.id, { name: 'Direct', mobile: '9345600003', category: 'Direct', telicaller_id: u.id, telicaller_send_date: nowIso() });
    await expectCountsTrue();
  });

  it("the dashboard and the pool read them: totals, the pool per category, and today's sends in the company's zone", async () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns']) {
      const c = await insertCompany(db());
      await db().updateTable('subadmins').set({ time_zone: zone }).where('id', '=', c.id).execute();
      const owner = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
      const u = await insertUser(db(), c.id, 'Telicaller');
      const day = todayBounds(zone);
      const justBefore = new Date(Date.parse(day.from) - 60_000).toISOString();
      const atStart = day.from;
      const lastMinute = new Date(Date.parse(day.to) - 60_000).toISOString();
      let n = 0;
      const lead = (over: LeadFixture) => {
        const i = n++;
        return leadValues(c.id, { name: `L${i}`, mobile: `93${String(c.id).padStart(3, '0')}${String(i).padStart(5, '0')}`, category: 'A', ...over });
      };
      await db()
        .insertInto('leads')
        .values([
          lead({}),
          lead({}),
          lead({ category: 'B' }),
          lead({ visible: 0 }),
          lead({ telicaller_id: u.id, telicaller_send_date: justBefore }),
          lead({ telicaller_id: u.id, telicaller_send_date: atStart }),
          lead({ telicaller_id: u.id, telicaller_send_date: lastMinute }),
          lead({ telicaller_id: u.id, telicaller_send_date: atStart, visible: 0 }),
        ])
        .execute();
      const dash = await query(t.app, 'dashboard.subadmin', undefined, owner);
      expect(dash.data.leads, zone).toEqual({ total: 6, unassigned: 3, assignedToday: 2 });
      const pool = await query(t.app, 'distribution.pool', undefined, owner);
      expect(pool.data, zone).toEqual({
        total: 3,
        categories: [
          { category: 'A', count: 2 },
          { category: 'B', count: 1 },
        ],
      });
    }
  });
});
