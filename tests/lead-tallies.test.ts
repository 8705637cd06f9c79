import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { quarterOf, todayBounds, todayIn, addDays } from '../shared/dates.js';
import { FEEDBACK_OPTIONS, type SubmitStatus } from '../shared/schemas/lead-work.js';
import { followUpWithoutCallback } from './helpers/lead-fields.js';
import { queueLeads } from '../server/services/lead-work/queues.repository.js';
import { TALLIED_QUEUES, dropEmptyTallies, queueCounts } from '../server/services/lead-work/tallies.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

// The tallies the leads' triggers keep (migration 0017) against the leads themselves, and every queue
// count read from them against the same queue counted lead by lead, after every kind of write the
// app makes and some it never makes (straight SQL).
describe.each(dialects)('kept lead tallies on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  async function expectTalliesTrue() {
    const leads = await db()
      .selectFrom('leads')
      .where('visible', '=', 1)
      .where('telicaller_id', 'is not', null)
      .select(['subadmin_id', 'telicaller_id', 'status', 'lead_quality', 'telicaller_send_date', 'callback_date'])
      .execute();
    const real = new Map<string, number>();
    for (const l of leads) {
      const dayKey =
        l.status === LEAD_STATUS.new
          ? l.telicaller_send_date
            ? quarterOf(l.telicaller_send_date)
            : ''
          : l.status === LEAD_STATUS.followUp
            ? (l.callback_date ?? '')
            : '';
      const k = `${l.subadmin_id}/${l.telicaller_id}/${l.status}/${l.lead_quality === null ? 1 : 0}/${dayKey}`;
      real.set(k, (real.get(k) ?? 0) + 1);
    }
    const kept = await db().selectFrom('lead_tallies').selectAll().where('n', '<>', 0).execute();
    expect(kept.map((r) => `${r.subadmin_id}/${r.telicaller_id}/${r.status}/${Number(r.unrated)}/${r.day_key}: ${Number(r.n)}`).sort()).toEqual(
      [...real].map(([k, n]) => `${k}: ${n}`).sort(),
    );
  }

  /** Every queue's count from the tallies equals the queue counted lead by lead, for each user and zone. */
  async function expectQueueCountsTrue(users: Array<{ id: number; subadminId: number }>, zone: string, now = new Date()) {
    const day = todayBounds(zone, now);
    for (const u of users) {
      const scope = { subadminId: u.subadminId, userId: u.id, day, now: now.toISOString() };
      const kept = await queueCounts(db(), scope);
      const counted: Record<string, number> = {};
      for (const q of TALLIED_QUEUES) {
        const row = await queueLeads(db(), q, scope)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        counted[q] = Number(row.n);
      }
      expect(kept, `user ${u.id} in ${zone}`).toEqual(counted);
    }
  }

  const form = (leadId: number, status: SubmitStatus, over: Record<string, unknown> = {}) => ({
    leadId,
    status,
    feedback: FEEDBACK_OPTIONS[status][0],
    ...over,
  });

  it("stay equal to the leads, and every queue count to the queue, through the day's work and straight SQL", async () => {
    const zone = 'Asia/Kolkata';
    const c = await insertCompany(db());
    const other = await insertCompany(db());
    const owner = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    const u = await insertUser(db(), c.id, 'Telicaller');
    const caller = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
    const headUser = await insertUser(db(), c.id, 'Telicaller-hade');
    const head = await signIn(t.app, { kind: 'user', mobile: headUser.mobile, password: PASSWORD });
    const users = [
      { id: u.id, subadminId: c.id },
      { id: headUser.id, subadminId: c.id },
    ];

    const rows = ['Name,Mobile,Requirement,City', ...Array.from({ length: 80 }, (_, i) => `L${i},94567${String(i).padStart(5, '0')},x,Pune`)].join('\n');
    const upload = multipart([
      ['category', 'JustDial'],
      ['csvFile', { filename: 'a.csv', content: rows }],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webapi/upload-csv',
          headers: { cookie: owner.cookie, 'content-type': upload.contentType },
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(200);
    expect((await mutate(t.app, 'distribution.distribute', { userIds: [u.id, headUser.id], count: 60, category: 'JustDial' }, owner)).status).toBe(200);
    expect((await mutate(t.app, 'intake.addLead', { name: 'Walk-in', mobile: '9456700901', category: 'Walk-in' }, caller)).status).toBe(200);
    // Sent yesterday, just before and at today's start: pending and new.
    const { from } = todayBounds(zone);
    await insertLeadRows(db(), c.id, [
      { telicaller_id: u.id, telicaller_send_date: minutes(from, -60 * 24) },
      { telicaller_id: u.id, telicaller_send_date: minutes(from, -1) },
      { telicaller_id: u.id, telicaller_send_date: from },
    ]);
    await expectTalliesTrue();
    await expectQueueCountsTrue(users, zone);

    // A telecaller's day: open (not submitted), each outcome, a callback today and one tomorrow, a
    // rated interested lead, one handed to the head, not-connected attempts waiting out their delay.
    // One follow-up below goes without a callback: the company turned that question off.
    await followUpWithoutCallback(db(), c.id);
    const ids = ((await query(t.app, 'work.queue', { queue: 'new', page: 1, pageSize: 20 }, caller)).data.items as Array<{ id: number }>).map((l) => l.id);
    const today = todayIn(zone);
    const work: Array<[number, Record<string, unknown> | 'open' | 'busy']> = [
      [ids[0]!, 'open'],
      [ids[1]!, form(ids[1]!, '3')],
      [ids[2]!, form(ids[2]!, '4', { callback: true, callback_date: today, callback_time: '23:59' })],
      [ids[3]!, form(ids[3]!, '4', { callback: true, callback_date: addDays(today, 1), callback_time: '10:00' })],
      [ids[4]!, form(ids[4]!, '4')],
      [ids[5]!, form(ids[5]!, '2', { telemarketer_handler: headUser.id })],
      [ids[6]!, form(ids[6]!, '2', { lead_quality: 'good' })],
      [ids[7]!, form(ids[7]!, '5', { invalid_reason: 'Wrong number' })],
      [ids[8]!, 'busy'],
      [ids[9]!, 'busy'],
    ];
    for (const [id, w] of work) {
      expect((await mutate(t.app, 'work.open', { leadId: id, queue: 'new' }, caller)).status).toBe(200);
      if (w === 'busy') expect((await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy' }, caller)).status).toBe(200);
      else if (w !== 'open') expect((await mutate(t.app, 'work.submit', { queue: 'new', ...w }, caller)).status).toBe(200);
    }
    // The head works the lead handed to it, and one of its own.
    expect((await mutate(t.app, 'work.open', { leadId: ids[5]!, queue: 'junior' }, head)).status).toBe(200);
    expect((await mutate(t.app, 'work.submit', { ...form(ids[5]!, '2', { lead_quality: 'excellent' }), variant: 'head', queue: 'junior' }, head)).status).toBe(
      200,
    );
    const headLead = ((await query(t.app, 'work.queue', { queue: 'new', page: 1, pageSize: 1 }, head)).data.items as Array<{ id: number }>)[0]!.id;
    expect((await mutate(t.app, 'work.open', { leadId: headLead, queue: 'new' }, head)).status).toBe(200);
    expect((await mutate(t.app, 'work.submit', { ...form(headLead, '3'), queue: 'new' }, head)).status).toBe(200);
    expect((await mutate(t.app, 'distribution.takeBack', { userId: headUser.id, category: 'JustDial' }, owner)).status).toBe(200);
    await expectTalliesTrue();
    await expectQueueCountsTrue(users, zone);
    // Later in the day the attempts' delay has run out, and tomorrow the callbacks and sends move on.
    await expectQueueCountsTrue(users, zone, new Date(Date.now() + 3 * 3600_000));
    await expectQueueCountsTrue(users, zone, new Date(Date.now() + 24 * 3600_000));
    // The same leads seen from other zones' days (quarter-hour and half-hour offsets).
    for (const z of ['Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham']) await expectQueueCountsTrue(users, z);

    // Writes the app does not make, which the triggers keep up with all the same.
    await db().updateTable('leads').set({ lead_quality: null }).where('id', '=', ids[6]!).execute();
    await db()
      .updateTable('leads')
      .set({ callback_date: addDays(today, -3) })
      .where('id', '=', ids[3]!)
      .execute();
    await db().updateTable('leads').set({ visible: 0 }).where('id', 'in', [ids[1]!, ids[10]!]).execute();
    await db()
      .updateTable('leads')
      .set({ telicaller_send_date: '2026-01-01T10:47:00.000Z' })
      .where('telicaller_id', '=', u.id)
      .where('status', '=', LEAD_STATUS.new)
      .where('id', 'in', ids.slice(11, 14))
      .execute();
    await db().updateTable('leads').set({ telicaller_id: headUser.id }).where('id', 'in', ids.slice(14, 16)).execute();
    await db().updateTable('leads').set({ subadmin_id: other.id }).where('id', '=', ids[16]!).execute();
    await db().deleteFrom('leads').where('id', '=', ids[17]!).execute();
    await sql`update leads set telicaller_id = null, telicaller_send_date = null where id in (${sql.join(ids.slice(18, 20))})`.execute(db());
    await db().updateTable('leads').set({ status: LEAD_STATUS.noSubmit }).where('telicaller_id', '=', u.id).where('status', '=', LEAD_STATUS.invalid).execute();
    await expectTalliesTrue();
    await expectQueueCountsTrue(users, zone);

    // Emptied tallies go; the rest stay as they were.
    const before = await db().selectFrom('lead_tallies').selectAll().where('n', '<>', 0).execute();
    expect(await db().selectFrom('lead_tallies').select('n').where('n', '=', 0).execute()).not.toHaveLength(0);
    await dropEmptyTallies(db());
    expect(await db().selectFrom('lead_tallies').select('n').where('n', '=', 0).execute()).toHaveLength(0);
    expect(await db().selectFrom('lead_tallies').selectAll().where('n', '<>', 0).execute()).toEqual(before);
  });

  it("the dashboard tiles and the untouched leads of the distribution form read them, and agree with the queues' totals", async () => {
    const zone = 'Asia/Kolkata';
    const c = await insertCompany(db());
    const owner = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    const u = await insertUser(db(), c.id, 'Telicaller');
    const caller: Session = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
    const { from } = todayBounds(zone);
    await insertLeadRows(db(), c.id, [
      { telicaller_id: u.id, telicaller_send_date: from },
      { telicaller_id: u.id, telicaller_send_date: from },
      { telicaller_id: u.id, telicaller_send_date: minutes(from, -1) },
      { telicaller_id: u.id, status: LEAD_STATUS.notInterested },
      { telicaller_id: u.id, status: LEAD_STATUS.interested },
      { telicaller_id: u.id, status: LEAD_STATUS.interested, lead_quality: 'good' },
      { telicaller_id: u.id, status: LEAD_STATUS.followUp, callback_date: todayIn(zone) },
      { telicaller_id: u.id, status: LEAD_STATUS.invalid },
      { telicaller_id: u.id, status: LEAD_STATUS.noSubmit },
    ]);
    const waiting = (await insertLeadRows(db(), c.id, [{ telicaller_id: u.id, status: LEAD_STATUS.notInterested }]))[0]!;
    await db()
      .updateTable('leads')
      .set({ retry_at: minutes(new Date().toISOString(), 60), attempts: 1 })
      .where('id', '=', waiting)
      .execute();

    const tiles = (await query(t.app, 'dashboard.tiles', undefined, caller)).data.counts;
    expect(tiles).toMatchObject({
      newLeads: 2,
      pendingLeads: 1,
      callbackToday: 1,
      interestedLeads: 1,
      notInterestedLeads: 1,
      followUpLeads: 1,
      invalidLeads: 1,
      noSubmitLeads: 1,
    });
    const totals: Record<string, number> = {};
    for (const q of TALLIED_QUEUES) totals[q] = (await query(t.app, 'work.queue', { queue: q, page: 1, pageSize: 1 }, caller)).data.total;
    expect(totals).toEqual({ new: 2, pending: 1, callback: 1, interested: 1, notInterested: 1, followUp: 1, invalid: 1, noSubmit: 1 });

    const assignees = (await query(t.app, 'distribution.assignees', undefined, owner)).data as Array<{ id: number; untouched: number }>;
    expect(assignees.find((a) => a.id === u.id)?.untouched).toBe(3);
  });
});
