import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, type LeadFixture } from './helpers/fixtures.js';
import { team } from './helpers/company.js';
import { legacy, mutate, query } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import type { SubadminActor, UserActor } from '../server/auth/actor.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { formatWait } from '../shared/durations.js';
import { mySpeed, pageWaiting, percentile, speedReport } from '../server/services/speed/speed-to-lead.service.js';
import { insertCallFact } from './helpers/telephony.js';
import type { CallStatus } from '../shared/telephony.js';

const MIN = 60_000;
const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * MIN).toISOString();

describe.each(dialects)('speed to lead on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyTimes = async (id: number) =>
    (await db().selectFrom('lead_history').select('created_at').where('lead_id', '=', id).orderBy('id').execute()).map((r) => r.created_at);
  const owner = (companyId: number): SubadminActor => ({ kind: 'subadmin', id: companyId, subadminId: companyId, sessionId: 0 });
  const asUser = (companyId: number, id: number): UserActor => ({
    kind: 'user',
    id,
    subadminId: companyId,
    userType: 'Telicaller',
    impersonatedBy: null,
    sessionId: 0,
  });

  /** Mon-Sat 09:30-18:30, as the routing settings default; a company may name others. */
  async function workingWeek(companyId: number, days = '1,2,3,4,5,6', start = '09:30', end = '18:30') {
    await db()
      .insertInto('routing_settings')
      .values({ subadmin_id: companyId, work_days: days, work_start: start, work_end: end, updated_at: nowIso() })
      .execute();
  }
  const arrival = (companyId: number, createdAt: string, over: LeadFixture = {}) =>
    insertLead(db(), companyId, { created_at: createdAt, upload_date: createdAt, ...over });

  describe('the first call is kept on the lead', () => {
    it('an unanswered call sets it, a submitted form after it does not move it; a form sets it on a lead never called', async () => {
      const { company, caller } = await team(t);
      const attempted = await insertLead(db(), company.id, { telicaller_id: caller.id, telicaller_send_date: nowIso() });
      const submitted = await insertLead(db(), company.id, { telicaller_id: caller.id, telicaller_send_date: nowIso() });
      expect((await leadRow(attempted)).first_call_at).toBeNull();

      const first = await mutate(t.app, 'work.notConnected', { leadId: attempted, outcome: 'busy' }, caller.session);
      expect(first.status, JSON.stringify(first.error)).toBe(200);
      const [attemptAt] = await historyTimes(attempted);
      expect((await leadRow(attempted)).first_call_at).toBe(attemptAt);

      await new Promise((r) => setTimeout(r, 5));
      const status = LEAD_STATUS.notInterested;
      const second = await mutate(t.app, 'work.submit', { leadId: attempted, status, feedback: FEEDBACK_OPTIONS[status][0] }, caller.session);
      expect(second.status, JSON.stringify(second.error)).toBe(200);
      const times = await historyTimes(attempted);
      expect(times).toHaveLength(2);
      expect(times[1]! > times[0]!).toBe(true);
      expect((await leadRow(attempted)).first_call_at).toBe(attemptAt);

      const outcome = await mutate(t.app, 'work.submit', { leadId: submitted, status, feedback: FEEDBACK_OPTIONS[status][0] }, caller.session);
      expect(outcome.status, JSON.stringify(outcome.error)).toBe(200);
      expect((await leadRow(submitted)).first_call_at).toBe((await historyTimes(submitted))[0]);
    });

    it("an outbox's call made earlier than the one recorded moves it earlier; the original API's submit sets it too", async () => {
      const { company, caller } = await team(t);
      const id = await insertLead(db(), company.id, { telicaller_id: caller.id, telicaller_send_date: at(nowIso(), -60) });
      await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy' }, caller.session);
      const earlier = at(nowIso(), -20);
      const late = await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'no_answer', made_at: earlier, client_key: 'outbox-key-1' }, caller.session);
      expect(late.status, JSON.stringify(late.error)).toBe(200);
      expect((await leadRow(id)).first_call_at).toBe(earlier);

      const legacyLead = await insertLead(db(), company.id, { telicaller_id: caller.id, telicaller_send_date: nowIso() });
      const res = await legacy(t.app, 'POST', '/submitLeadForm', caller.session, {
        customer_id: legacyLead,
        status: 3,
        feedback: FEEDBACK_OPTIONS[LEAD_STATUS.notInterested][0],
        call_duration: '0 : 0 : 10',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await leadRow(legacyLead)).first_call_at).toBe((await historyTimes(legacyLead))[0]);
    });
  });

  describe('working hours', () => {
    // Asia/Kolkata is UTC+5:30: 09:30 there is 04:00Z, 18:30 is 13:00Z. 2026-11-22 is a Sunday.
    it("counts only working time, skips a Sunday off, and files arrivals by the company's own day", async () => {
      const { company, caller } = await team(t);
      await workingWeek(company.id);
      // Monday 22:00 IST, called Tuesday 09:45 IST: 15 minutes.
      const night = await arrival(company.id, '2026-11-23T16:30:00.000Z', { telicaller_id: caller.id, first_call_at: '2026-11-24T04:15:00.000Z' });
      // Saturday 18:00 IST, called Monday 09:40 IST: 30 minutes Saturday, Sunday off, 10 minutes Monday.
      const weekend = await arrival(company.id, '2026-11-21T12:30:00.000Z', { telicaller_id: caller.id, first_call_at: '2026-11-23T04:10:00.000Z' });
      // Monday 20:00Z is already Tuesday 01:30 in India; called 09:35 IST: 5 minutes.
      const lateUtc = await arrival(company.id, '2026-11-23T20:00:00.000Z', { first_call_at: '2026-11-24T04:05:00.000Z' });
      expect([night, weekend, lateUtc].every(Number.isInteger)).toBe(true);

      const now = new Date('2026-11-25T12:00:00.000Z');
      const report = await speedReport(t.deps, owner(company.id), { from: '2026-11-21', to: '2026-11-24' }, now);
      expect(report.company).toMatchObject({ arrived: 3, called: 3, medianMs: 15 * MIN, quick: 1, decided: 3 });
      const byDay = Object.fromEntries(report.perDay.map((d) => [d.date, [d.arrived, d.medianMs]]));
      expect(byDay).toEqual({ '2026-11-21': [1, 40 * MIN], '2026-11-22': [0, null], '2026-11-23': [1, 15 * MIN], '2026-11-24': [1, 5 * MIN] });

      // The same arrivals in a company on UTC with the same hours: 20:00Z is still Monday, after hours.
      const utc = await team(t, { zone: 'UTC' });
      await workingWeek(utc.company.id);
      await arrival(utc.company.id, '2026-11-23T20:00:00.000Z', { first_call_at: '2026-11-24T09:35:00.000Z' });
      const utcReport = await speedReport(t.deps, owner(utc.company.id), { from: '2026-11-23', to: '2026-11-24' }, now);
      expect(utcReport.perDay.map((d) => [d.date, d.arrived, d.medianMs])).toEqual([
        ['2026-11-23', 1, 5 * MIN],
        ['2026-11-24', 0, null],
      ]);
      // A company that works Sundays counts the whole Sunday.
      const sundays = await team(t);
      await workingWeek(sundays.company.id, '1,2,3,4,5,6,7');
      await arrival(sundays.company.id, '2026-11-21T12:30:00.000Z', { first_call_at: '2026-11-23T04:10:00.000Z' });
      const sundayReport = await speedReport(t.deps, owner(sundays.company.id), { from: '2026-11-21', to: '2026-11-21' }, now);
      expect(sundayReport.company.medianMs).toBe((30 + 9 * 60 + 10) * MIN);
    });
  });

  describe('the report', () => {
    // Wednesday 2026-11-18, 10:00 IST (04:30Z); "now" is 15:30 IST (10:00Z).
    const MORNING = '2026-11-18T04:30:00.000Z';
    const NOW = new Date('2026-11-18T10:00:00.000Z');

    async function knownSet() {
      const tm = await team(t);
      const { company, caller, head } = tm;
      await workingWeek(company.id);
      // Waits of 1 to 10 minutes: 1-6 the caller's, 7-9 the head's, 10 in the pool.
      for (let m = 1; m <= 10; m++) {
        const holder = m <= 6 ? caller.id : m <= 9 ? head.id : null;
        await arrival(company.id, MORNING, { telicaller_id: holder, first_call_at: at(MORNING, m) });
      }
      // Never called: one waiting since the morning for routing, one that arrived two minutes ago.
      const stale = await arrival(company.id, MORNING, { route_waiting: 1 });
      const fresh = await arrival(company.id, at(NOW.toISOString(), -2), { telicaller_id: caller.id, telicaller_send_date: at(NOW.toISOString(), -2) });
      // Not counted: a lead still being uploaded, another company's leads.
      await arrival(company.id, MORNING, { visible: 0, first_call_at: at(MORNING, 1) });
      const other = await insertCompany(db());
      await workingWeek(other.id);
      const otherCaller = await insertUser(db(), other.id, 'Telicaller');
      await arrival(other.id, MORNING, { telicaller_id: otherCaller.id, first_call_at: at(MORNING, 1) });
      await arrival(other.id, MORNING);
      return { ...tm, stale, fresh, other };
    }

    it('median, 90th percentile and the share called within 5 minutes, for the company and each holder; the pool counts for the company only', async () => {
      const { company, caller, colleague, head } = await knownSet();
      const report = await speedReport(t.deps, owner(company.id), { from: '2026-11-18', to: '2026-11-18' }, NOW);
      // Called: 1..10 min; the stale lead is decided (not called quickly), the fresh one not yet.
      expect(report.company).toEqual({
        arrived: 12,
        called: 10,
        medianMs: 5.5 * MIN,
        p90Ms: 546 * 1000,
        quick: 5,
        decided: 11,
        quickShare: 5 / 11,
        verified: 0,
      });
      const row = (id: number) => report.callers.find((c) => c.id === id);
      expect(row(caller.id)).toMatchObject({ arrived: 7, called: 6, medianMs: 3.5 * MIN, p90Ms: 5.5 * MIN, quick: 5, decided: 6, quickShare: 5 / 6 });
      expect(row(head.id)).toMatchObject({ arrived: 3, called: 3, medianMs: 8 * MIN, p90Ms: 528 * 1000, quick: 0, decided: 3, quickShare: 0 });
      expect(row(colleague.id)).toMatchObject({ arrived: 0, called: 0, medianMs: null, p90Ms: null, quickShare: null });
      expect(report.pool).toMatchObject({ arrived: 2, called: 1, medianMs: 10 * MIN, quick: 0, decided: 2 });
      expect(report.callers.map((c) => c.name)).toEqual(['Asha Caller', 'Chetan Head', 'Bina Colleague']);
      expect(report.perDay).toEqual([{ date: '2026-11-18', ...report.company }]);
      expect(report.workingHours).toEqual({ days: [1, 2, 3, 4, 5, 6], start: '09:30', end: '18:30' });
    });

    it('takes the first call from the provider when it placed one before anything was recorded, and counts it verified', async () => {
      const { company, caller, colleague } = await team(t);
      await workingWeek(company.id);
      // Recorded 9 minutes in, but the provider placed the call 2 minutes in.
      const placed = await arrival(company.id, MORNING, { telicaller_id: caller.id, first_call_at: at(MORNING, 9) });
      // Recorded at 4 minutes, a provider call only at 6: the recorded call came first.
      const earlier = await arrival(company.id, MORNING, { telicaller_id: colleague.id, first_call_at: at(MORNING, 4) });
      // Nothing recorded yet; the provider's call at 3 minutes is the first call.
      const ringing = await arrival(company.id, MORNING, { telicaller_id: caller.id });
      // A call whose telecaller never picked up never dialled the lead.
      const agentMissed = await arrival(company.id, MORNING, { telicaller_id: caller.id });
      const call = (leadId: number, userId: number, minutes: number, status: CallStatus, companyId = company.id) =>
        insertCallFact(db(), companyId, { lead_id: leadId, user_id: userId, status, placed_at: at(MORNING, minutes) });
      await call(placed, caller.id, 2, 'completed');
      await call(earlier, colleague.id, 6, 'completed');
      await call(ringing, caller.id, 3, 'ringing');
      await call(agentMissed, caller.id, 1, 'agent_missed');
      // A row of another company naming one of our lead ids is not our call.
      const other = await insertCompany(db());
      await call(agentMissed, caller.id, 0, 'completed', other.id);
      const report = await speedReport(t.deps, owner(company.id), { from: '2026-11-18', to: '2026-11-18' }, NOW);
      expect(report.company).toMatchObject({ arrived: 4, called: 3, verified: 2, medianMs: 3 * MIN });
      expect(report.callers.find((c) => c.id === caller.id)).toMatchObject({ arrived: 3, called: 2, verified: 2, medianMs: 2.5 * MIN });
      expect(report.callers.find((c) => c.id === colleague.id)).toMatchObject({ arrived: 1, called: 1, verified: 0, medianMs: 4 * MIN });
    });

    it('reads a range larger than one chunk', async () => {
      const { company, caller } = await team(t);
      await workingWeek(company.id);
      const rows = Array.from({ length: 2500 }, (_, i) => ({
        subadmin_id: company.id,
        name: `L${i}`,
        mobile: String(7_000_000_000 + i),
        requirement: '',
        area: '',
        category: '',
        upload_date: MORNING,
        visible: 1,
        status: LEAD_STATUS.new,
        telicaller_id: i % 2 === 0 ? caller.id : null,
        first_call_at: i < 2000 ? at(MORNING, 3) : null,
        created_at: MORNING,
        updated_at: MORNING,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db()
          .insertInto('leads')
          .values(rows.slice(i, i + 500))
          .execute();
      const report = await speedReport(t.deps, owner(company.id), { from: '2026-11-18', to: '2026-11-18' }, NOW);
      expect(report.company).toMatchObject({ arrived: 2500, called: 2000, medianMs: 3 * MIN, quick: 2000, decided: 2500 });
      expect(report.callers.find((c) => c.id === caller.id)).toMatchObject({ arrived: 1250, called: 1000 });
    });

    it('lists the leads still waiting, the oldest first, with their working-hours age and who has them', async () => {
      const { company, caller, stale, fresh } = await knownSet();
      // Thursday 10:30 IST, six days before: in the last week though outside the range. Eight days before: not.
      const lastWeek = await arrival(company.id, '2026-11-12T05:00:00.000Z', { telicaller_id: caller.id });
      await arrival(company.id, '2026-11-10T05:00:00.000Z');
      // Opened but not called, and submitted without a call on record: no longer new.
      await arrival(company.id, MORNING, { status: LEAD_STATUS.noSubmit, telicaller_id: caller.id });
      const pool = await arrival(company.id, at(MORNING, 60));
      const page = await pageWaiting(t.deps, owner(company.id), { from: '2026-11-18', to: '2026-11-18', page: 1, pageSize: 20 }, NOW);
      expect(page.total).toBe(4);
      expect(page.items.map((w) => [w.id, w.waitingMs, w.owner])).toEqual([
        // Thu 8 h, Fri 9 h, Sat 9 h, Sunday off, Mon 9 h, Tue 9 h, Wed until 15:30 6 h.
        [lastWeek, 50 * 60 * MIN, { kind: 'user', id: caller.id, name: 'Asha Caller' }],
        [stale, 5.5 * 60 * MIN, { kind: 'routing' }],
        [pool, 4.5 * 60 * MIN, { kind: 'pool' }],
        [fresh, 2 * MIN, { kind: 'user', id: caller.id, name: 'Asha Caller' }],
      ]);
      const second = await pageWaiting(t.deps, owner(company.id), { from: '2026-11-18', to: '2026-11-18', page: 2, pageSize: 3 }, NOW);
      expect(second.items.map((w) => w.id)).toEqual([fresh]);
    });

    it("a telecaller's own figure for today counts the leads it holds", async () => {
      const { company, caller, head } = await knownSet();
      const mine = await mySpeed(t.deps, asUser(company.id, caller.id), NOW);
      expect(mine).toEqual({
        today: '2026-11-18',
        arrived: 7,
        called: 6,
        medianMs: 3.5 * MIN,
        p90Ms: 5.5 * MIN,
        quick: 5,
        decided: 6,
        quickShare: 5 / 6,
        verified: 0,
      });
      expect((await mySpeed(t.deps, asUser(company.id, head.id), NOW)).medianMs).toBe(8 * MIN);
      // The next day nothing has arrived yet.
      expect(await mySpeed(t.deps, asUser(company.id, caller.id), new Date('2026-11-19T05:00:00.000Z'))).toMatchObject({
        arrived: 0,
        medianMs: null,
        quickShare: null,
      });
    });
  });

  describe('through the API', () => {
    it('answers the sub-admin and each telecaller their own company only; other roles are refused', async () => {
      const a = await team(t);
      const b = await team(t);
      await arrival(a.company.id, nowIso(), { telicaller_id: a.caller.id });
      await arrival(b.company.id, nowIso(), { telicaller_id: b.caller.id });
      await arrival(b.company.id, nowIso(), { telicaller_id: b.caller.id });

      const report = await query(t.app, 'speed.report', {}, a.owner);
      expect(report.status, JSON.stringify(report.error)).toBe(200);
      expect(report.data.company.arrived).toBe(1);
      expect((await query(t.app, 'speed.report', {}, b.owner)).data.company.arrived).toBe(2);
      const waiting = await query(t.app, 'speed.waiting', {}, a.owner);
      expect(waiting.data.items).toHaveLength(1);
      const mine = await query(t.app, 'speed.mine', undefined, a.caller.session);
      expect(mine.status, JSON.stringify(mine.error)).toBe(200);
      expect(mine.data).toMatchObject({ arrived: 1, called: 0, medianMs: null });
      expect((await query(t.app, 'speed.mine', undefined, a.colleague.session)).data.arrived).toBe(0);

      expect((await query(t.app, 'speed.report', {}, a.caller.session)).status).toBe(403);
      expect((await query(t.app, 'speed.waiting', {}, a.head.session)).status).toBe(403);
      expect((await query(t.app, 'speed.mine', undefined, a.owner)).status).toBe(403);
      expect((await legacy(t.app, 'GET', '/speed/telecallers.csv', a.caller.session)).status).toBe(403);
    });

    it('refuses a range longer than 92 days or reversed, with a clear message', async () => {
      const { owner: s } = await team(t);
      const long = await query(t.app, 'speed.report', { from: '2026-01-01', to: '2026-04-30' }, s);
      expect(long.status).toBe(400);
      expect(long.error?.message).toBe('Choose a range of at most 92 days.');
      const reversed = await query(t.app, 'speed.waiting', { from: '2026-02-02', to: '2026-02-01' }, s);
      expect(reversed.error?.message).toBe('The From date must be on or before the To date.');
      const csv = await legacy(t.app, 'GET', '/speed/days.csv?from=2026-01-01&to=2026-04-30', s);
      expect(csv.status).toBe(400);
      expect(csv.body).toEqual({ status: false, success: false, message: 'Choose a range of at most 92 days.' });
    });

    it('exports the per-telecaller table and the per-day series as CSV', async () => {
      const { company, caller, owner: s } = await team(t);
      await workingWeek(company.id);
      await arrival(company.id, '2026-11-18T04:30:00.000Z', { telicaller_id: caller.id, first_call_at: '2026-11-18T04:34:10.000Z' });
      await arrival(company.id, '2026-11-18T04:30:00.000Z', { telicaller_id: caller.id, first_call_at: '2026-11-18T04:44:10.000Z' });
      const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/webapi${path}`, headers: { cookie: s.cookie } });
      const lines = (body: string) =>
        body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');

      const callers = await get('/speed/telecallers.csv?from=2026-11-18&to=2026-11-19');
      expect(callers.statusCode).toBe(200);
      expect(callers.headers['content-type']).toContain('text/csv');
      expect(callers.headers['content-disposition']).toBe('attachment; filename="speed-to-lead-telecallers-2026-11-18-to-2026-11-19.csv"');
      const header =
        'Arrived,Called,Not called yet,Median wait (working hours),90th percentile wait (working hours),Called within 5 min,Called within 5 min (%)';
      expect(lines(callers.body)).toEqual([
        `Telecaller,Role,${header}`,
        'Asha Caller,Telecaller,2,2,0,00:09:10,00:13:10,1,50.0',
        'Bina Colleague,Telecaller,0,0,0,,,0,',
        'Chetan Head,Head,0,0,0,,,0,',
        'Pool (nobody holds them),,0,0,0,,,0,',
        'Company,,2,2,0,00:09:10,00:13:10,1,50.0',
      ]);
      const days = await get('/speed/days.csv?from=2026-11-18&to=2026-11-19');
      expect(lines(days.body)).toEqual([`Arrival day,${header}`, '2026-11-18,2,2,0,00:09:10,00:13:10,1,50.0', '2026-11-19,0,0,0,,,0,']);
    });
  });

  it('percentile interpolates between ranks', () => {
    expect(percentile(new Float64Array([]), 0.5)).toBeNull();
    expect(percentile(new Float64Array([7]), 0.9)).toBe(7);
    expect(percentile(new Float64Array([1000, 2000, 3000, 4000]), 0.5)).toBe(2500);
    expect(percentile(new Float64Array([1000, 2000, 3000, 4000]), 0.9)).toBe(3700);
  });
});

describe('waits as people read them', () => {
  it('writes seconds, minutes and hours, leaving out what is zero and seconds from an hour up', () => {
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(45_400)).toBe('45 s');
    expect(formatWait(4 * MIN)).toBe('4 min');
    expect(formatWait(4 * MIN + 10_000)).toBe('4 min 10 s');
    expect(formatWait(2 * 60 * MIN + 5 * MIN + 59_000)).toBe('2 h 5 min');
    expect(formatWait(50 * 60 * MIN)).toBe('50 h');
    expect(formatWait(90 * MIN, { h: 'घंटे', min: 'मिनट', s: 'सेकंड' })).toBe('1 घंटे 30 मिनट');
  });
});
