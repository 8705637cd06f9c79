import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { query, signIn, type Session } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays, startOfDayUtc } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();

describe.each(dialects)('lead quality on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  const lead = (subadminId: number, over: LeadFixture) =>
    insertLead(db(), subadminId, {
      requirement: 'Website',
      area: 'Pune',
      telicaller_send_date: nowIso(),
      status: LEAD_STATUS.interested,
      lead_quality: 'good',
      ...over,
    });
  const session = (u: { mobile: string }): Promise<Session> => signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  const ids = (res: { data?: { items: { id: number }[] } }) => res.data!.items.map((i) => i.id).sort((a, b) => a - b);

  // 10 March 2026 in India runs from 9 March 18:30 UTC to 10 March 18:30 UTC.
  const DAY = '2026-03-10';
  const IST = 'Asia/Kolkata';
  const dayStart = startOfDayUtc(DAY, IST);
  const nextDayStart = startOfDayUtc(addDays(DAY, 1), IST);

  it("keeps From and To inclusive by the company's day, for upload dates stored as ISO instants or as bare dates", async () => {
    const company = await insertCompany(db());
    const caller = await insertUser(db(), company.id);
    const mine = (over: LeadFixture) => lead(company.id, { telicaller_id: caller.id, ...over });

    const inside = [
      await mine({ upload_date: dayStart, name: 'First instant of the day' }),
      await mine({ upload_date: ms(nextDayStart, -1), name: 'Last instant of the day' }),
      await mine({ upload_date: DAY, name: 'Bare date' }),
      // no upload date: the creation time decides
      await mine({ upload_date: '', created_at: ms(dayStart, 60_000), name: 'Created that day' }),
    ];
    await mine({ upload_date: ms(dayStart, -1), name: 'Late the day before' });
    await mine({ upload_date: nextDayStart, name: 'Midnight after' });
    await mine({ upload_date: addDays(DAY, -1), name: 'Bare date before' });
    await mine({ upload_date: addDays(DAY, 1), name: 'Bare date after' });
    await mine({ upload_date: '', created_at: nextDayStart, name: 'Created the day after' });
    // An upload date inside the range wins over a creation time outside it.
    inside.push(await mine({ upload_date: DAY, created_at: nextDayStart, name: 'Uploaded that day, created later' }));

    const s = await session(caller);
    const res = await query(t.app, 'work.quality', { from: DAY, to: DAY }, s);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(inside.sort((a, b) => a - b));
    expect(res.data.counts).toEqual({ all: 5, excellent: 0, good: 5, poor: 0 });
    expect(res.data.total).toBe(5);

    // Only From: everything from that day on; only To: everything up to its end.
    expect((await query(t.app, 'work.quality', { from: DAY }, s)).data.counts.all).toBe(5 + 3);
    expect((await query(t.app, 'work.quality', { to: DAY }, s)).data.counts.all).toBe(5 + 2);
    expect((await query(t.app, 'work.quality', {}, s)).data.counts.all).toBe(10);
  });

  it("follows the company's own time zone", async () => {
    const company = await insertCompany(db());
    await db().updateTable('subadmins').set({ time_zone: 'America/New_York' }).where('id', '=', company.id).execute();
    const caller = await insertUser(db(), company.id);
    // 10 March 2026 in New York (EDT from 8 March) starts at 04:00 UTC.
    const nyStart = startOfDayUtc(DAY, 'America/New_York');
    expect(nyStart).toBe('2026-03-10T04:00:00.000Z');
    const inNy = await lead(company.id, { telicaller_id: caller.id, upload_date: ms(nyStart, 1000) });
    await lead(company.id, { telicaller_id: caller.id, upload_date: ms(nyStart, -1000) });
    // Behind UTC a bare date sorts before its day's first instant: it must still be that day.
    const bare = await lead(company.id, { telicaller_id: caller.id, upload_date: DAY });
    await lead(company.id, { telicaller_id: caller.id, upload_date: addDays(DAY, 1) });
    const res = await query(t.app, 'work.quality', { from: DAY, to: DAY }, await session(caller));
    expect(ids(res)).toEqual([inNy, bare]);
  });

  it('counts every rating in any case, pages on the server and filters by rating', async () => {
    const company = await insertCompany(db());
    const caller = await insertUser(db(), company.id);
    const mine = (q: string | null, at: string) => lead(company.id, { telicaller_id: caller.id, lead_quality: q, upload_date: at });
    const e1 = await mine('excellent', ms(dayStart, 1_000));
    const e2 = await mine('Excellent', ms(dayStart, 2_000));
    const e3 = await mine('EXCELLENT', ms(dayStart, 3_000));
    const g1 = await mine('Good', ms(dayStart, 4_000));
    const p1 = await mine('poor', ms(dayStart, 5_000));
    await mine(null, ms(dayStart, 6_000));
    await mine('', ms(dayStart, 7_000));
    await mine('average', ms(dayStart, 8_000));

    const s = await session(caller);
    const all = await query(t.app, 'work.quality', { from: DAY, to: DAY, pageSize: 2 }, s);
    expect(all.data.counts).toEqual({ all: 5, excellent: 3, good: 1, poor: 1 });
    expect(all.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    // newest first
    expect(all.data.items.map((i: { id: number }) => i.id)).toEqual([p1, g1]);
    expect(all.data.items[0]).toEqual({
      id: p1,
      name: 'Lead',
      mobile: expect.any(String),
      requirement: 'Website',
      area: 'Pune',
      lead_quality: 'poor',
      date: ms(dayStart, 5_000),
    });
    const page3 = await query(t.app, 'work.quality', { from: DAY, to: DAY, pageSize: 2, page: 3 }, s);
    expect(page3.data.items.map((i: { id: number }) => i.id)).toEqual([e1]);

    const excellent = await query(t.app, 'work.quality', { from: DAY, to: DAY, quality: 'excellent' }, s);
    expect(excellent.data.items.map((i: { id: number; lead_quality: string }) => [i.id, i.lead_quality])).toEqual([
      [e3, 'excellent'],
      [e2, 'excellent'],
      [e1, 'excellent'],
    ]);
    expect(excellent.data.total).toBe(3);
    expect(excellent.data.counts).toEqual(all.data.counts);
    expect(ids(await query(t.app, 'work.quality', { quality: 'good' }, s))).toEqual([g1]);
    expect(ids(await query(t.app, 'work.quality', { quality: 'poor' }, s))).toEqual([p1]);

    // the dashboard tile counts the same leads
    const tiles = await query(t.app, 'dashboard.tiles', undefined, s);
    expect(tiles.data.counts.leadQuality).toBe(5);
  });

  it("shows only the user's own leads and those handed to it, never another company's", async () => {
    const company = await insertCompany(db());
    const other = await insertCompany(db());
    const caller = await insertUser(db(), company.id);
    const colleague = await insertUser(db(), company.id);
    const head = await insertUser(db(), company.id, 'Telicaller-hade');
    const own = await lead(company.id, { telicaller_id: caller.id });
    await lead(company.id, { telicaller_id: colleague.id });
    await lead(company.id, { telicaller_id: caller.id, visible: 0 });
    // another company's lead carrying the same user ids
    await lead(other.id, { telicaller_id: caller.id, handler_id: head.id });
    const handed = await lead(company.id, { telicaller_id: caller.id, handler_id: head.id, handler_assigned_by: caller.id, submit_status: '1' });
    const headsOwn = await lead(company.id, { telicaller_id: head.id, lead_quality: 'poor' });

    expect(ids(await query(t.app, 'work.quality', {}, await session(caller)))).toEqual([own, handed]);
    const forHead = await query(t.app, 'work.quality', {}, await session(head));
    expect(ids(forHead)).toEqual([handed, headsOwn]);
    expect(forHead.data.counts).toEqual({ all: 2, excellent: 0, good: 1, poor: 1 });
  });

  it('is for telecallers and heads only', async () => {
    const company = await insertCompany(db());
    const developer = await insertUser(db(), company.id, 'Developer');
    expect((await query(t.app, 'work.quality', {}, null)).status).toBe(401);
    expect((await query(t.app, 'work.quality', {}, await session(developer))).status).toBe(403);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    expect((await query(t.app, 'work.quality', {}, owner)).status).toBe(403);
  });

  it('rejects bad filters with a clear message', async () => {
    const company = await insertCompany(db());
    const s = await session(await insertUser(db(), company.id));
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-02-30' }, 'Enter the From date as YYYY-MM-DD.'],
      [{ to: '10/03/2026' }, 'Enter the To date as YYYY-MM-DD.'],
      [{ from: '2026-03-11', to: '2026-03-10' }, 'The To date cannot be before the From date.'],
      [{ quality: 'great' }, 'Choose All Leads, Excellent, Good or Poor.'],
    ];
    for (const [input, message] of cases) {
      const res = await query(t.app, 'work.quality', input, s);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    // an empty From or To is no bound at all
    expect((await query(t.app, 'work.quality', { from: '', to: '' }, s)).status).toBe(200);
  });
});
