import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SubadminActor } from '../server/auth/actor.js';
import { importLeadsCsv } from '../server/services/leads/csv-import.js';
import { receiveLead } from '../server/services/routing/arrivals.service.js';
import { recycleAll } from '../server/services/routing/recycling.service.js';
import { drainAllWaiting, drainWaiting } from '../server/services/routing/waiting.service.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, uniqueMobile } from './helpers/fixtures.js';

// 2026-11-23 is a Monday; Kolkata is UTC+05:30, so 09:30 there is 04:00 UTC and 18:30 is 13:00 UTC.
const SUNDAY_NOON_IST = new Date('2026-11-29T06:30:00Z');
const MONDAY_0930_IST = new Date('2026-11-30T04:00:00Z');

async function company(t: TestApp, callers: number, settings: Record<string, unknown> = {}) {
  const c = await insertCompany(t.deps.db);
  const people = [];
  for (let i = 0; i < callers; i++) people.push(await insertUser(t.deps.db, c.id, 'Telicaller', { name: `Caller ${i}` }));
  await t.deps.db
    .insertInto('routing_settings')
    .values({ subadmin_id: c.id, route_capture: 1, updated_at: new Date().toISOString(), ...settings })
    .execute();
  return { c, people };
}

const arriving = () => ({ name: 'Ravi', mobile: uniqueMobile(), requirement: 'CRM', area: 'Pune', category: 'Website' });
const leadRow = (t: TestApp, id: number) => t.deps.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (t: TestApp, id: number) =>
  t.deps.db.selectFrom('lead_events').select(['kind', 'user_id', 'from_user_id', 'detail']).where('lead_id', '=', id).orderBy('id').execute();

describe.each(dialects)('routing over time on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('routes the leads that waited through the night when working hours start, fairly', async () => {
    const { c, people } = await company(t, 2);
    const waiting = [];
    for (let i = 0; i < 5; i++) waiting.push(await receiveLead(t.deps, c.id, 'capture', arriving(), SUNDAY_NOON_IST));
    expect(waiting.every((a) => a.waiting && a.routedTo === null)).toBe(true);
    // Still closed: nothing moves.
    expect(await drainWaiting(t.deps, c.id, new Date('2026-11-30T03:59:00Z'))).toBe(0);
    expect(await drainAllWaiting(t.deps, MONDAY_0930_IST)).toBeGreaterThanOrEqual(5);
    const rows = await Promise.all(waiting.map((a) => leadRow(t, a.leadId)));
    expect(rows.every((r) => r.route_waiting === 0 && r.telicaller_send_date === MONDAY_0930_IST.toISOString())).toBe(true);
    const per = people.map((p) => rows.filter((r) => r.telicaller_id === p.id).length);
    expect(per.sort()).toEqual([2, 3]);
    expect(await eventsOf(t, waiting[0]!.leadId)).toMatchObject([{ kind: 'waiting' }, { kind: 'routed' }]);
  });

  it('routes a waiting lead to the first person back from a break, and not while everyone is away', async () => {
    const { c, people } = await company(t, 1, { work_days: '1,2,3,4,5,6,7', work_start: '00:00', work_end: '23:59' });
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('id', '=', people[0]!.id).execute();
    const a = await receiveLead(t.deps, c.id, 'capture', arriving(), MONDAY_0930_IST);
    expect(a.waiting).toBe(true);
    expect(await drainWaiting(t.deps, c.id, MONDAY_0930_IST)).toBe(0);
    await t.deps.db.updateTable('users').set({ on_break: 0 }).where('id', '=', people[0]!.id).execute();
    expect(await drainWaiting(t.deps, c.id, MONDAY_0930_IST)).toBe(1);
    expect((await leadRow(t, a.leadId)).telicaller_id).toBe(people[0]!.id);
  });

  it('sends a waiting lead of a source the company stopped routing back to the plain pool', async () => {
    const { c } = await company(t, 1);
    const a = await receiveLead(t.deps, c.id, 'capture', arriving(), SUNDAY_NOON_IST);
    await t.deps.db.updateTable('routing_settings').set({ route_capture: 0 }).where('subadmin_id', '=', c.id).execute();
    expect(await drainWaiting(t.deps, c.id, MONDAY_0930_IST)).toBe(0);
    expect(await leadRow(t, a.leadId)).toMatchObject({ route_waiting: 0, telicaller_id: null });
  });

  it('recycles a lead untouched for N working hours to the next person, at most M times, then back to the pool', async () => {
    const { c, people } = await company(t, 3, { recycle_after_hours: 2, recycle_max: 2 });
    const [a, b, d] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    // Sent to A on Saturday at 18:00 (Kolkata): half an hour of working time that day, none on Sunday.
    const id = await insertLead(t.deps.db, c.id, { telicaller_id: a.id, telicaller_send_date: '2026-11-28T12:30:00.000Z', status: LEAD_STATUS.new });
    const called = await insertLead(t.deps.db, c.id, {
      telicaller_id: a.id,
      telicaller_send_date: '2026-11-28T12:30:00.000Z',
      status: LEAD_STATUS.new,
      first_call_at: '2026-11-28T12:40:00.000Z',
    });
    // Monday 11:00: 2 working hours have not passed yet (0.5 + 1.5 = 2 exactly at 11:00, so 10:59 is short).
    expect(await recycleAll(t.deps, new Date('2026-11-30T05:29:00Z'))).toBe(0);
    const at1 = new Date('2026-11-30T05:31:00Z');
    expect(await recycleAll(t.deps, at1)).toBe(1);
    const first = await leadRow(t, id);
    expect(first.telicaller_id).not.toBe(a.id);
    expect(first).toMatchObject({ recycle_count: 1, telicaller_send_date: at1.toISOString(), status: LEAD_STATUS.new });
    expect((await leadRow(t, called)).telicaller_id).toBe(a.id);
    // Two more working hours untouched: the second move, to someone else again.
    const at2 = new Date('2026-11-30T07:32:00Z');
    expect(await recycleAll(t.deps, at2)).toBe(1);
    const second = await leadRow(t, id);
    expect([a.id, b.id, d.id]).toContain(second.telicaller_id);
    expect(second.telicaller_id).not.toBe(first.telicaller_id);
    expect(second.recycle_count).toBe(2);
    // The limit reached: back to the pool.
    expect(await recycleAll(t.deps, new Date('2026-11-30T09:33:00Z'))).toBe(1);
    expect(await leadRow(t, id)).toMatchObject({ telicaller_id: null, route_waiting: 0 });
    const events = await eventsOf(t, id);
    expect(events.map((e) => e.kind)).toEqual(['recycled', 'recycled', 'returned_to_pool']);
    expect(events[0]).toMatchObject({ from_user_id: a.id, user_id: first.telicaller_id, detail: 'Untouched for 2 working hours' });
    expect(events[2]).toMatchObject({ from_user_id: second.telicaller_id, user_id: null });
  });

  it('keeps a lead with its owner when nobody else is eligible', async () => {
    const { c, people } = await company(t, 2, { recycle_after_hours: 1, recycle_max: 3 });
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('id', '=', people[1]!.id).execute();
    const id = await insertLead(t.deps.db, c.id, { telicaller_id: people[0]!.id, telicaller_send_date: '2026-11-30T04:00:00.000Z', status: LEAD_STATUS.new });
    expect(await recycleAll(t.deps, new Date('2026-11-30T07:00:00Z'))).toBe(0);
    expect(await leadRow(t, id)).toMatchObject({ telicaller_id: people[0]!.id, recycle_count: 0 });
  });

  it('routes an upload that chose "route these leads now", and takes its known mobiles as repeat enquiries', async () => {
    const { c, people } = await company(t, 2, { work_days: '1,2,3,4,5,6,7', work_start: '00:00', work_end: '23:59' });
    const known = uniqueMobile();
    const owned = await insertLead(t.deps.db, c.id, { mobile: known, telicaller_id: people[1]!.id, status: LEAD_STATUS.interested });
    const fresh = [uniqueMobile(), uniqueMobile(), uniqueMobile(), uniqueMobile()];
    const file = `name,mobile,requirement\n${fresh.map((m, i) => `Lead ${i},${m},Needs ${i}`).join('\n')}\nAgain,${known},Wants a demo\nTwice,${fresh[0]},dup\nLead 0,${fresh[0]},Needs 0\n`;
    const actor: SubadminActor = { kind: 'subadmin', id: c.id, subadminId: c.id, sessionId: 0 };
    const result = await importLeadsCsv(t.deps, actor, { category: 'JustDial', fileName: 'x.csv', source: Readable.from([Buffer.from(file)]), routeNow: true });
    // The second row of fresh[0] is another enquiry of its new lead; the third, the same row as its first.
    expect(result).toMatchObject({ inserted: 4, duplicatesInFile: 1, duplicatesExisting: 0, repeats: 2, routing: { routed: 4, waiting: 0 } });
    const leads = await t.deps.db.selectFrom('leads').selectAll().where('subadmin_id', '=', c.id).where('batch_id', '=', result.batchId).execute();
    expect(leads.map((l) => l.telicaller_id).filter((x) => x === people[0]!.id)).toHaveLength(2);
    expect(await leadRow(t, owned)).toMatchObject({ telicaller_id: people[1]!.id, status: LEAD_STATUS.new });
    expect(await eventsOf(t, owned)).toMatchObject([{ kind: 'repeat_enquiry', detail: 'Wants a demo' }]);
    const twice = leads.find((l) => l.mobile === fresh[0])!;
    expect((await eventsOf(t, twice.id)).filter((e) => e.kind === 'repeat_enquiry')).toMatchObject([{ detail: 'dup' }]);
    const batch = await t.deps.db.selectFrom('upload_batches').select(['repeats', 'route_now']).where('id', '=', result.batchId).executeTakeFirstOrThrow();
    expect(batch).toEqual({ repeats: 2, route_now: 1 });
    expect(await t.deps.db.selectFrom('upload_repeats').selectAll().where('batch_id', '=', result.batchId).execute()).toEqual([]);
  });

  it('leaves an upload that did not ask for routing in the pool', async () => {
    const { c } = await company(t, 2, { route_csv: 1 });
    const actor: SubadminActor = { kind: 'subadmin', id: c.id, subadminId: c.id, sessionId: 0 };
    const file = `name,mobile\nA,${uniqueMobile()}\n`;
    const result = await importLeadsCsv(t.deps, actor, { category: 'JustDial', fileName: 'x.csv', source: Readable.from([Buffer.from(file)]) });
    expect(result.routing).toBeNull();
    const lead = await t.deps.db.selectFrom('leads').selectAll().where('batch_id', '=', result.batchId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ telicaller_id: null, route_waiting: 0 });
  });
});
