import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../server/db/database.js';
import type { Deps } from '../server/deps.js';
import { leadAlerts, type LeadAlert } from '../server/services/alerts/alerts.js';
import { receiveLead, type Arrival, type ArrivingLead } from '../server/services/routing/arrivals.service.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { addLead } from '../server/services/leads/intake.service.js';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, uniqueMobile } from './helpers/fixtures.js';

// 2026-11-23 is a Monday. Kolkata is UTC+05:30.
const MONDAY_NOON_IST = new Date('2026-11-23T06:30:00Z');

function arriving(over: Partial<ArrivingLead> = {}): ArrivingLead {
  return { name: 'Ravi Kumar', mobile: uniqueMobile(), requirement: 'Needs a CRM', area: 'Pune', category: 'Website', ...over };
}

async function companyWithCallers(t: TestApp, n: number, settings: Record<string, unknown> = {}) {
  const company = await insertCompany(t.deps.db);
  const people = [];
  for (let i = 0; i < n; i++) people.push(await insertUser(t.deps.db, company.id, 'Telicaller', { name: `Caller ${i}` }));
  await t.deps.db
    .insertInto('routing_settings')
    .values({ subadmin_id: company.id, route_capture: 1, route_indiamart: 1, route_add_lead: 1, updated_at: new Date().toISOString(), ...settings })
    .execute();
  return { company, people };
}

async function ownerCounts(t: TestApp, subadminId: number): Promise<Map<number, number>> {
  const rows = await t.deps.db
    .selectFrom('leads')
    .select(['telicaller_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('subadmin_id', '=', subadminId)
    .groupBy('telicaller_id')
    .execute();
  return new Map(rows.map((r) => [r.telicaller_id ?? 0, Number(r.n)]));
}

/**
 * Replays the company's routing events in the order they were written (routing's lock held until
 * commit makes that the order the choices were made in): each must have gone to someone with the
 * fewest leads at that moment. A choice made on counts another arrival was changing breaks it.
 */
async function everyChoiceWasFewest(t: TestApp, subadminId: number, people: number[]) {
  const events = await t.deps.db
    .selectFrom('lead_events')
    .select(['user_id'])
    .where('subadmin_id', '=', subadminId)
    .where('kind', '=', 'routed')
    .orderBy('id')
    .execute();
  const counts = new Map(people.map((id) => [id, 0]));
  let unfair = 0;
  for (const e of events) {
    if (counts.get(e.user_id!)! > Math.min(...counts.values())) unfair++;
    counts.set(e.user_id!, counts.get(e.user_id!)! + 1);
  }
  return unfair;
}

const spread = (counts: Iterable<number>) => {
  const v = [...counts];
  return Math.max(...v) - Math.min(...v);
};

describe.each(dialects)('lead routing on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('routes each arrival to the person with the fewest leads routed today, evenly', async () => {
    const { company, people } = await companyWithCallers(t, 3);
    for (let i = 0; i < 31; i++) await receiveLead(t.deps, company.id, 'capture', arriving(), MONDAY_NOON_IST);
    const counts = await ownerCounts(t, company.id);
    expect(people.map((p) => counts.get(p.id))).toEqual([11, 10, 10]);
    const lead = await t.deps.db.selectFrom('leads').selectAll().where('subadmin_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ status: LEAD_STATUS.new, telicaller_send_date: MONDAY_NOON_IST.toISOString(), route_waiting: 0 });
    const events = await t.deps.db.selectFrom('lead_events').selectAll().where('lead_id', '=', lead.id).execute();
    expect(events).toMatchObject([{ kind: 'routed', user_id: lead.telicaller_id, source: 'capture' }]);
  });

  it("routes a sub-admin's Add Lead when the company routes Add Lead, and still refuses a known mobile with whose lead it is", async () => {
    const { company, people } = await companyWithCallers(t, 1, { work_days: '1,2,3,4,5,6,7', work_start: '00:00', work_end: '23:59' });
    const actor = { kind: 'subadmin' as const, id: company.id, subadminId: company.id, sessionId: 0 };
    const mobile = uniqueMobile();
    const added = await addLead(t.deps, actor, { name: 'Walk In', mobile, requirement: 'Brochure', area: 'Pune', category: 'Local Leads' });
    expect(added).toMatchObject({ telicallerId: people[0]!.id, routing: { to: 'Caller 0' } });
    await expect(addLead(t.deps, actor, { name: 'Again', mobile, requirement: '', area: '', category: 'Local Leads' })).rejects.toThrow(
      "This mobile is already a lead (Caller 0's).",
    );
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('id', '=', people[0]!.id).execute();
    const waiting = await addLead(t.deps, actor, { name: 'Later', mobile: uniqueMobile(), requirement: '', area: '', category: 'Local Leads' });
    expect(waiting).toMatchObject({ telicallerId: null, routing: 'waiting' });
  });

  it('leaves leads in the pool when the source is not routed', async () => {
    const { company } = await companyWithCallers(t, 2, { route_capture: 0 });
    const a = await receiveLead(t.deps, company.id, 'capture', arriving(), MONDAY_NOON_IST);
    expect(a).toMatchObject({ outcome: 'new', routedTo: null, waiting: false });
    const lead = await t.deps.db.selectFrom('leads').selectAll().where('id', '=', a.leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ telicaller_id: null, route_waiting: 0 });
  });

  it('matches rules first and stays fair inside the match', async () => {
    const { company, people } = await companyWithCallers(t, 4);
    const now = new Date().toISOString();
    const rule = await t.deps.db
      .insertInto('routing_rules')
      .values({ subadmin_id: company.id, position: 1, field: 'category', match: 'is', value: 'indiamart', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const area = await t.deps.db
      .insertInto('routing_rules')
      .values({ subadmin_id: company.id, position: 2, field: 'area', match: 'contains', value: 'pune', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('routing_rule_members')
      .values([
        { rule_id: rule.id, user_id: people[0]!.id, subadmin_id: company.id },
        { rule_id: rule.id, user_id: people[1]!.id, subadmin_id: company.id },
        { rule_id: area.id, user_id: people[2]!.id, subadmin_id: company.id },
      ])
      .execute();
    const im: Arrival[] = [];
    for (let i = 0; i < 7; i++) im.push(await receiveLead(t.deps, company.id, 'capture', arriving({ category: 'IndiaMART', area: 'Pune' }), MONDAY_NOON_IST));
    expect(new Set(im.map((a) => a.routedTo?.id))).toEqual(new Set([people[0]!.id, people[1]!.id]));
    expect(spread([people[0]!.id, people[1]!.id].map((id) => im.filter((a) => a.routedTo?.id === id).length))).toBeLessThanOrEqual(1);
    const pune = await receiveLead(t.deps, company.id, 'capture', arriving({ area: 'Kothrud, PUNE' }), MONDAY_NOON_IST);
    expect(pune.routedTo?.id).toBe(people[2]!.id);
    // No rule matches: anyone, the least routed first (person 3 has had none).
    const other = await receiveLead(t.deps, company.id, 'capture', arriving({ area: 'Delhi' }), MONDAY_NOON_IST);
    expect(other.routedTo?.id).toBe(people[3]!.id);
  });

  it('skips people on a break, blocked, removed or at their daily cap, and heads unless included', async () => {
    const { company, people } = await companyWithCallers(t, 4);
    await insertUser(t.deps.db, company.id, 'Telicaller-hade', { name: 'Head' });
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('id', '=', people[0]!.id).execute();
    await t.deps.db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', people[1]!.id).execute();
    await t.deps.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', people[2]!.id).execute();
    await t.deps.db.updateTable('users').set({ daily_lead_cap: 2 }).where('id', '=', people[3]!.id).execute();
    const got: Arrival[] = [];
    for (let i = 0; i < 3; i++) got.push(await receiveLead(t.deps, company.id, 'capture', arriving(), MONDAY_NOON_IST));
    expect(got.map((a) => a.routedTo?.id ?? null)).toEqual([people[3]!.id, people[3]!.id, null]);
    expect(got[2]!.waiting).toBe(true);
    const waiting = await t.deps.db.selectFrom('leads').selectAll().where('id', '=', got[2]!.leadId).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ telicaller_id: null, route_waiting: 1, route_source: 'capture' });
  });

  it('routes only inside working hours and days, in the company time zone', async () => {
    const { company } = await companyWithCallers(t, 1, { work_days: '1,2,3,4,5,6', work_start: '09:30', work_end: '18:30' });
    const at = async (iso: string) => (await receiveLead(t.deps, company.id, 'capture', arriving(), new Date(iso))).routedTo !== null;
    expect(await at('2026-11-28T12:59:00Z')).toBe(true); // Saturday 18:29 in Kolkata
    expect(await at('2026-11-28T13:00:00Z')).toBe(false); // 18:30: closed
    expect(await at('2026-11-29T06:30:00Z')).toBe(false); // Sunday noon
    expect(await at('2026-11-30T03:59:00Z')).toBe(false); // Monday 09:29
    expect(await at('2026-11-30T04:00:00Z')).toBe(true); // Monday 09:30
  });

  it("counts a person's leads by the company's day: the count starts again at its midnight, not UTC's", async () => {
    const { company, people } = await companyWithCallers(t, 2, { work_days: '1,2,3,4,5,6,7', work_start: '00:00', work_end: '23:59' });
    const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
    // Monday in Kolkata: A was routed 1 lead early, B none but more recently.
    await t.deps.db
      .updateTable('users')
      .set({ routed_day: '2026-11-23', routed_count: 1, last_routed_at: '2026-11-23T03:00:00.000Z' })
      .where('id', '=', a.id)
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ routed_day: '2026-11-23', routed_count: 0, last_routed_at: '2026-11-23T10:00:00.000Z' })
      .where('id', '=', b.id)
      .execute();
    // 23:58 Monday in Kolkata: B has fewer today.
    expect((await receiveLead(t.deps, company.id, 'capture', arriving(), new Date('2026-11-23T18:28:00Z'))).routedTo?.id).toBe(b.id);
    // 00:01 Tuesday in Kolkata (still Monday in UTC): both at 0 today, A waited longest.
    expect((await receiveLead(t.deps, company.id, 'capture', arriving(), new Date('2026-11-23T18:31:00Z'))).routedTo?.id).toBe(a.id);
  });

  it('routes 50 leads arriving at once each exactly once, evenly', async () => {
    const { company, people } = await companyWithCallers(t, 3);
    const arrivals = await Promise.all(Array.from({ length: 50 }, () => receiveLead(t.deps, company.id, 'capture', arriving(), MONDAY_NOON_IST)));
    expect(new Set(arrivals.map((a) => a.leadId)).size).toBe(50);
    const counts = await ownerCounts(t, company.id);
    expect(counts.get(0)).toBeUndefined();
    expect(spread(people.map((p) => counts.get(p.id) ?? 0))).toBeLessThanOrEqual(1);
    expect(
      await everyChoiceWasFewest(
        t,
        company.id,
        people.map((p) => p.id),
      ),
    ).toBe(0);
    const events = await t.deps.db
      .selectFrom('lead_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subadmin_id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(50);
    const users = await t.deps.db.selectFrom('users').select(['id', 'routed_count']).where('subadmin_id', '=', company.id).execute();
    for (const u of users) expect(Number(u.routed_count)).toBe(counts.get(u.id));
  });

  it('answers a retry of the same source ref with the same lead, creating nothing', async () => {
    const { company } = await companyWithCallers(t, 2);
    const lead = arriving({ sourceRef: 'capture:ext-1' });
    const first = await receiveLead(t.deps, company.id, 'capture', lead, MONDAY_NOON_IST);
    const again = await receiveLead(t.deps, company.id, 'capture', { ...lead }, MONDAY_NOON_IST);
    expect(again).toEqual({ ...first, outcome: 'retry', retryOf: 'new' });
    expect([...(await ownerCounts(t, company.id)).values()].reduce((x, y) => x + y)).toBe(1);
  });

  describe('repeat enquiries', () => {
    let alerts: LeadAlert[] = [];
    beforeAll(() => {
      leadAlerts.on('alert', (a) => alerts.push(a));
    });

    it("returns the lead to its owner's New queue with the enquiry in its history, and tells the owner", async () => {
      const { company, people } = await companyWithCallers(t, 2);
      const mobile = uniqueMobile();
      const id = await insertLead(t.deps.db, company.id, {
        mobile,
        telicaller_id: people[1]!.id,
        status: LEAD_STATUS.followUp,
        callback_date: '2026-11-20',
        attempts: 2,
      });
      alerts = [];
      const a = await receiveLead(t.deps, company.id, 'capture', arriving({ mobile, requirement: 'Wants 5 licences now' }), MONDAY_NOON_IST);
      expect(a).toEqual({ leadId: id, outcome: 'repeat', routedTo: { id: people[1]!.id, name: 'Caller 1' }, waiting: false });
      const lead = await t.deps.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({
        telicaller_id: people[1]!.id,
        status: LEAD_STATUS.new,
        telicaller_send_date: MONDAY_NOON_IST.toISOString(),
        callback_date: null,
        attempts: 0,
      });
      const events = await t.deps.db.selectFrom('lead_events').selectAll().where('lead_id', '=', id).execute();
      expect(events).toMatchObject([{ kind: 'repeat_enquiry', user_id: people[1]!.id, source: 'capture', detail: 'Wants 5 licences now' }]);
      expect(alerts).toMatchObject([{ kind: 'repeat_enquiry', userId: people[1]!.id, leadId: id }]);
      expect(await t.deps.db.selectFrom('leads').select('id').where('mobile', '=', mobile).execute()).toHaveLength(1);
    });

    it('routes it again when the owner is blocked, or the lead was closed longer ago than the company setting', async () => {
      const { company, people } = await companyWithCallers(t, 2, { repeat_reroute_days: 10 });
      await t.deps.db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', people[0]!.id).execute();
      const m1 = uniqueMobile();
      await insertLead(t.deps.db, company.id, { mobile: m1, telicaller_id: people[0]!.id, status: LEAD_STATUS.interested });
      expect((await receiveLead(t.deps, company.id, 'capture', arriving({ mobile: m1 }), MONDAY_NOON_IST)).routedTo?.id).toBe(people[1]!.id);

      await t.deps.db.updateTable('users').set({ is_blocked: 0 }).where('id', '=', people[0]!.id).execute();
      const m2 = uniqueMobile();
      const m3 = uniqueMobile();
      await insertLead(t.deps.db, company.id, {
        mobile: m2,
        telicaller_id: people[0]!.id,
        status: LEAD_STATUS.invalid,
        updated_at: '2026-11-01T00:00:00.000Z',
      });
      await insertLead(t.deps.db, company.id, {
        mobile: m3,
        telicaller_id: people[0]!.id,
        status: LEAD_STATUS.notInterested,
        updated_at: '2026-11-20T00:00:00.000Z',
      });
      // Closed 22 days ago: routed afresh (person 1 has had one today, person 0 none).
      expect((await receiveLead(t.deps, company.id, 'capture', arriving({ mobile: m2 }), MONDAY_NOON_IST)).routedTo?.id).toBe(people[0]!.id);
      // Closed 3 days ago: stays its owner's.
      const a3 = await receiveLead(t.deps, company.id, 'capture', arriving({ mobile: m3 }), MONDAY_NOON_IST);
      expect(a3).toMatchObject({ outcome: 'repeat', routedTo: { id: people[0]!.id } });
    });

    it('takes the same repeat enquiry sent again as a retry: nothing routed, counted or alerted a second time', async () => {
      const { company, people } = await companyWithCallers(t, 2);
      await t.deps.db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', people[0]!.id).execute();
      const mobile = uniqueMobile();
      const id = await insertLead(t.deps.db, company.id, { mobile, telicaller_id: people[0]!.id, status: LEAD_STATUS.interested });
      alerts = [];
      const enquiry = arriving({ mobile, requirement: 'Wants a demo', sourceRef: 'capture:crm-9' });
      const first = await receiveLead(t.deps, company.id, 'capture', enquiry, MONDAY_NOON_IST);
      expect(first).toMatchObject({ leadId: id, outcome: 'repeat', routedTo: { id: people[1]!.id } });
      await t.deps.db
        .updateTable('leads')
        .set({ status: LEAD_STATUS.followUp, callback_date: '2026-11-24', callback_time: '10:00' })
        .where('id', '=', id)
        .execute();
      const worked = await t.deps.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

      const again = await receiveLead(t.deps, company.id, 'capture', { ...enquiry }, new Date(MONDAY_NOON_IST.getTime() + 60_000));
      expect(again).toEqual({ ...first, outcome: 'retry', retryOf: 'repeat' });
      expect(await t.deps.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(worked);
      const events = await t.deps.db.selectFrom('lead_events').select('kind').where('lead_id', '=', id).orderBy('id').execute();
      expect(events.map((e) => e.kind)).toEqual(['repeat_enquiry', 'routed']);
      expect(alerts.map((a) => a.kind)).toEqual(['lead_routed']);
      const routedCounts = await t.deps.db
        .selectFrom('users')
        .select(['id', 'routed_count'])
        .where('id', 'in', [people[0]!.id, people[1]!.id])
        .orderBy('id')
        .execute();
      expect(routedCounts.map((u) => Number(u.routed_count))).toEqual([0, 1]);
    });

    it('puts it in the pool when the owner is gone and the source is not routed', async () => {
      const { company, people } = await companyWithCallers(t, 1, { route_capture: 0 });
      await t.deps.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', people[0]!.id).execute();
      const mobile = uniqueMobile();
      const id = await insertLead(t.deps.db, company.id, { mobile, telicaller_id: people[0]!.id, status: LEAD_STATUS.interested });
      expect(await receiveLead(t.deps, company.id, 'capture', arriving({ mobile }), MONDAY_NOON_IST)).toEqual({
        leadId: id,
        outcome: 'repeat',
        routedTo: null,
        waiting: false,
      });
      expect(await t.deps.db.selectFrom('leads').select(['telicaller_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
        telicaller_id: null,
        status: LEAD_STATUS.new,
      });
    });
  });

  if (dialect === 'postgres') {
    it('stays fair with two instances sharing one Postgres, 50 at once', async () => {
      const { company, people } = await companyWithCallers(t, 3);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.deps.db)).rows[0]!.s;
      const second = createDatabase(process.env.TEST_DATABASE_URL!, { pgSchema: schema });
      try {
        const other: Deps = { ...t.deps, db: second.db };
        const arrivals = await Promise.all(
          Array.from({ length: 50 }, (_, i) => receiveLead(i % 2 ? other : t.deps, company.id, 'capture', arriving(), MONDAY_NOON_IST)),
        );
        expect(new Set(arrivals.map((a) => a.leadId)).size).toBe(50);
        const counts = await ownerCounts(t, company.id);
        expect(spread(people.map((p) => counts.get(p.id) ?? 0))).toBeLessThanOrEqual(1);
        expect([...counts.values()].reduce((x, y) => x + y)).toBe(50);
        expect(
          await everyChoiceWasFewest(
            t,
            company.id,
            people.map((p) => p.id),
          ),
        ).toBe(0);
      } finally {
        await second.close();
      }
    });
  }
});
