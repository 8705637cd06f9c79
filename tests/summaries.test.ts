import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { historyValues, insertCompany, insertLeadRows, insertUser, PASSWORD, uniqueMobile } from './helpers/fixtures.js';
import { legacy, query, signIn, type Session } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import {
  addDays,
  daysBetween,
  isCalendarDate,
  monthStart,
  rangeBounds,
  startOfDayUtc,
  todayBounds,
  todayIn,
  weekStart,
  yearStart,
  zonedInstant,
} from '../shared/dates.js';
import { callCategory, formatHms, splitDuration } from '../shared/schemas/summaries.js';
import { loginHourWindows, resolveRange } from '../server/services/summaries/summaries.service.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const ZONE = 'Asia/Kolkata';
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

describe('calendar helpers for summaries', () => {
  it('finds the Monday of a week, the first of a month and of a year', () => {
    expect(weekStart('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(weekStart('2026-03-08')).toBe('2026-03-02'); // the Sunday after
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
    expect(weekStart('2026-01-01')).toBe('2025-12-29'); // a Thursday: the week began last year
    expect(monthStart('2026-03-31')).toBe('2026-03-01');
    expect(yearStart('2026-03-31')).toBe('2026-01-01');
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
  });

  it('knows a calendar date from text that only looks like one', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('5 March')).toBe(false);
  });

  it('bounds a range of days in the company zone, both ends included', () => {
    expect(rangeBounds('2026-03-05', '2026-03-06', ZONE)).toEqual({
      fromDate: '2026-03-05',
      toDate: '2026-03-06',
      from: '2026-03-04T18:30:00.000Z',
      to: '2026-03-06T18:30:00.000Z',
    });
    // New York's clocks move on 8 March 2026: that day has 23 hours.
    const ny = rangeBounds('2026-03-08', '2026-03-08', 'America/New_York');
    expect([ny.from, ny.to]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('builds the Login Hours windows: the week from Monday, which may begin last year', () => {
    const w = loginHourWindows('2026-01-01', ZONE);
    expect(w.today).toEqual({ from: '2025-12-31T18:30:00.000Z', to: '2026-01-01T18:30:00.000Z' });
    expect(w.yesterday).toEqual({ from: '2025-12-30T18:30:00.000Z', to: '2025-12-31T18:30:00.000Z' });
    expect(w.week.from).toBe('2025-12-28T18:30:00.000Z');
    expect(w.month.from).toBe(w.today.from);
    expect(w.year.from).toBe(w.today.from);
    // On a Monday, yesterday lies before this week.
    const monday = loginHourWindows('2026-03-02', ZONE);
    expect(monday.week.from).toBe(monday.today.from);
    expect(monday.yesterday.to).toBe(monday.week.from);
  });

  it('defaults a range to today and refuses a reversed or overlong one', () => {
    const now = new Date('2026-03-05T20:00:00.000Z'); // already 6 March in Kolkata
    expect(resolveRange({}, ZONE, now)).toMatchObject({ fromDate: '2026-03-06', toDate: '2026-03-06' });
    expect(resolveRange({ from: '2026-03-01' }, ZONE, now)).toMatchObject({ fromDate: '2026-03-01', toDate: '2026-03-06' });
    expect(resolveRange({ to: '2026-02-10' }, ZONE, now)).toMatchObject({ fromDate: '2026-02-10', toDate: '2026-02-10' });
    expect(() => resolveRange({ from: '2026-03-07', to: '2026-03-06' }, ZONE, now)).toThrow('The From date must be on or before the To date.');
    expect(() => resolveRange({ from: '2024-01-01' }, ZONE, now)).toThrow('Choose a range of at most 366 days.');
  });

  it('splits and writes durations, and names each call category', () => {
    expect(splitDuration(3 * 3600 + 5 * 60 + 9)).toEqual({ h: 3, m: 5, s: 9 });
    expect(splitDuration(90_061)).toEqual({ h: 25, m: 1, s: 1 });
    expect(formatHms(3 * 3600 + 5 * 60 + 9)).toBe('3h 05m 09s');
    expect(formatHms(270)).toBe('4m 30s');
    expect(formatHms(0)).toBe('0s');
    expect(callCategory('outcome', '2')).toBe('Interested');
    expect(callCategory('outcome', '3')).toBe('Not interested');
    expect(callCategory('outcome', '4')).toBe('Follow-up');
    expect(callCategory('outcome', '5')).toBe('Invalid');
    expect(callCategory('outcome', '6')).toBe('Not submitted');
    expect(callCategory('outcome', '0')).toBe('Not submitted');
    expect(callCategory('attempt', '5')).toBe('Not connected');
  });
});

interface CallFixture {
  at: string;
  status?: string;
  kind?: 'outcome' | 'attempt';
  outcome?: string | null;
  duration?: number;
  feedback?: string | null;
  callback?: { date: string; time: string };
}

describe.each(dialects)('call summaries on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  async function call(subadminId: number, userId: number, leadId: number, c: CallFixture) {
    const kind = c.kind ?? 'outcome';
    await db()
      .insertInto('lead_history')
      .values(
        historyValues(subadminId, leadId, {
          user_id: userId,
          user_type: 'Telicaller',
          kind,
          outcome: kind === 'attempt' ? (c.outcome ?? 'busy') : null,
          status: c.status ?? (kind === 'attempt' ? '0' : '3'),
          feedback: c.feedback ?? null,
          call_duration: c.duration ?? 0,
          callback: c.callback ? 1 : 0,
          callback_date: c.callback?.date ?? null,
          callback_time: c.callback?.time ?? null,
          created_at: c.at,
        }),
      )
      .execute();
  }
  async function project(subadminId: number, telicallerId: number, createdAt: string) {
    await db()
      .insertInto('projects')
      .values({
        subadmin_id: subadminId,
        telicaller_id: telicallerId,
        project_name: 'Website',
        clint_name: 'Client',
        number: uniqueMobile(),
        price_paise: 100_000,
        received_paise: 0,
        commission_percentage: 5,
        endtime: addDays(todayIn(ZONE), 30),
        status: 0,
        previous_status: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }
  const leads = async (subadminId: number, userId: number, n: number) =>
    insertLeadRows(
      db(),
      subadminId,
      Array.from({ length: n }, (_, i) => ({ telicaller_id: userId, name: `Lead ${i}` })),
    );
  const userSession = (u: { mobile: string }) => signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  const companySession = (c: { email: string }) => signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });

  describe('Login Hours', () => {
    let caller: Awaited<ReturnType<typeof insertUser>>;
    let session: Session;
    const day = todayBounds(ZONE);
    const windows = loginHourWindows(day.today, ZONE);
    // Calls of the telecaller, by instant and seconds; the ones after today are bad clocks and never count.
    const mine: [string, number][] = [];

    beforeAll(async () => {
      const company = await insertCompany(db());
      caller = await insertUser(db(), company.id, 'Telicaller');
      const colleague = await insertUser(db(), company.id, 'Telicaller');
      const [lead, otherLead] = await leads(company.id, caller.id, 2);
      const stranger = await insertCompany(db());
      const strangerCaller = await insertUser(db(), stranger.id, 'Telicaller');
      const [strangerLead] = await leads(stranger.id, strangerCaller.id, 1);

      mine.push(
        [plus(day.from, -1), 10], // 23:59:59 yesterday in Kolkata
        [day.from, 20], // 00:00:00 today
        [plus(day.from, 3600), 30],
        [plus(day.from, -86_400 * 3), 40],
        [plus(day.from, -86_400 * 20), 50],
        [plus(day.from, -86_400 * 200), 60],
      );
      for (const [at, duration] of mine) await call(company.id, caller.id, lead!, { at, duration, status: '2' });
      await call(company.id, caller.id, otherLead!, { at: plus(day.from, 7200), kind: 'attempt', duration: 0 });
      mine.push([plus(day.from, 7200), 0]);
      await call(company.id, caller.id, lead!, { at: day.to, duration: 999 }); // tomorrow
      await call(company.id, colleague.id, lead!, { at: plus(day.from, 60), duration: 500 });
      await call(stranger.id, strangerCaller.id, strangerLead!, { at: plus(day.from, 60), duration: 700 });
      session = await userSession(caller);
    });

    const expected = (w: { from: string; to: string }) => {
      const inside = mine.filter(([at]) => at >= w.from && at < w.to);
      return { count: inside.length, duration: inside.reduce((s, [, d]) => s + d, 0) };
    };

    it('counts and times the calls of today and yesterday by the company day, and of the week, month and year', async () => {
      const res = await query(t.app, 'summaries.loginHours', undefined, session);
      expect(res.status).toBe(200);
      const w = res.data.windows;
      expect(w.today).toMatchObject({ count: 3, duration: 50 });
      expect(w.yesterday).toMatchObject({ count: 1, duration: 10 });
      for (const key of ['week', 'month', 'year'] as const) expect(w[key], key).toMatchObject(expected(windows[key]));
      expect(res.data.today).toBe(day.today);
    });

    it('gives the last 30 days one bar each, today last', async () => {
      const res = await query(t.app, 'summaries.loginHours', undefined, session);
      const perDay = res.data.perDay as { date: string; count: number; duration: number }[];
      expect(perDay).toHaveLength(30);
      expect(perDay[29]).toEqual({ date: day.today, count: 3, duration: 50, talkTime: 50 });
      expect(perDay[28]).toEqual({ date: addDays(day.today, -1), count: 1, duration: 10, talkTime: 10 });
      expect(perDay[26]).toEqual({ date: addDays(day.today, -3), count: 1, duration: 40, talkTime: 40 });
      expect(perDay[9]).toEqual({ date: addDays(day.today, -20), count: 1, duration: 50, talkTime: 50 });
      expect(perDay.reduce((s, d) => s + d.count, 0)).toBe(6);
    });

    it("answers the legacy get-call-summary in the original client's shape", async () => {
      const res = await legacy(t.app, 'GET', '/get-call-summary', session);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      expect(res.body.summary.today).toEqual({ count: 3, duration: { h: 0, m: 0, s: 50 } });
      expect(res.body.summary.yesterday).toEqual({ count: 1, duration: { h: 0, m: 0, s: 10 } });
      expect(Object.keys(res.body.summary)).toEqual(['today', 'yesterday', 'week', 'month', 'year']);
    });

    it('names talk time what it is: the time on connected calls, the same on the page and the dashboard tile', async () => {
      const company = await insertCompany(db());
      const talker = await insertUser(db(), company.id, 'Telicaller');
      const [a, b] = await leads(company.id, talker.id, 2);
      await call(company.id, talker.id, a!, { at: plus(day.from, 60), duration: 100, status: '3' });
      await call(company.id, talker.id, b!, { at: plus(day.from, 120), kind: 'attempt', duration: 25 });
      const s = await userSession(talker);
      const res = await query(t.app, 'summaries.loginHours', undefined, s);
      expect(res.data.windows.today).toMatchObject({ count: 2, duration: 125, talkTime: 100 });
      expect(res.data.perDay[29]).toEqual({ date: day.today, count: 2, duration: 125, talkTime: 100 });
      const tiles = await query(t.app, 'dashboard.tiles', undefined, s);
      expect(tiles.data.counts.loginHours).toBe(100);
    });

    it("is the telecaller's and head's: a developer and a sub-admin are refused", async () => {
      const company = await insertCompany(db());
      const dev = await insertUser(db(), company.id, 'Developer');
      const head = await insertUser(db(), company.id, 'Telicaller-hade');
      const devSession = await userSession(dev);
      expect((await query(t.app, 'summaries.loginHours', undefined, devSession)).error?.data.code).toBe('FORBIDDEN');
      expect((await legacy(t.app, 'GET', '/get-call-summary', devSession)).status).toBe(403);
      expect((await legacy(t.app, 'GET', '/get-call-summary', await companySession(company))).status).toBe(403);
      expect((await legacy(t.app, 'GET', '/get-call-summary', null)).status).toBe(401);
      const headRes = await query(t.app, 'summaries.loginHours', undefined, await userSession(head));
      expect(headRes.data.windows.today).toMatchObject({ count: 0, duration: 0 });
    });
  });

  describe('Telecaller Call Summary', () => {
    let company: Awaited<ReturnType<typeof insertCompany>>;
    let owner: Session;
    let caller: Awaited<ReturnType<typeof insertUser>>;
    let head: Awaited<ReturnType<typeof insertUser>>;
    let gone: Awaited<ReturnType<typeof insertUser>>;
    const day = todayBounds(ZONE);

    beforeAll(async () => {
      company = await insertCompany(db());
      caller = await insertUser(db(), company.id, 'Telicaller', { name: 'Asha' });
      head = await insertUser(db(), company.id, 'Telicaller-hade', { name: 'Bina' });
      await insertUser(db(), company.id, 'Telicaller', { name: 'Chetan' });
      gone = await insertUser(db(), company.id, 'Telicaller', { name: 'Dev' });
      await insertUser(db(), company.id, 'Developer', { name: 'Esha' });
      const [a, b, c] = await leads(company.id, caller.id, 3);
      const at = (s: number) => plus(day.from, s);
      await call(company.id, caller.id, a!, { at: at(100), status: '2', duration: 60 });
      await call(company.id, caller.id, b!, { at: at(200), status: '2', duration: 30 });
      await call(company.id, caller.id, c!, { at: at(300), status: '3', duration: 3725 });
      await call(company.id, caller.id, a!, { at: at(400), kind: 'attempt', outcome: 'busy', duration: 5 });
      await call(company.id, caller.id, b!, { at: at(500), kind: 'attempt', outcome: 'no_answer', duration: 0 });
      await call(company.id, caller.id, c!, { at: at(600), status: '6', duration: 12 });
      await call(company.id, caller.id, c!, { at: plus(day.from, -5), status: '5', duration: 7 }); // yesterday
      await call(company.id, head.id, a!, { at: at(700), status: '4', duration: 45 });
      await call(company.id, gone.id, a!, { at: at(800), status: '5', duration: 9 });
      await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', gone.id).execute();
      const other = await insertCompany(db());
      const stranger = await insertUser(db(), other.id, 'Telicaller', { name: 'Asha' });
      const [s] = await leads(other.id, stranger.id, 1);
      await call(other.id, stranger.id, s!, { at: at(100), status: '2', duration: 999 });
      owner = await companySession(company);
    });

    it('lists every telecaller and head of the company with its calls per category, for today by default', async () => {
      const res = await query(t.app, 'summaries.callSummary', {}, owner);
      expect(res.status).toBe(200);
      expect(res.data.from).toBe(day.today);
      const byName = Object.fromEntries(res.data.callers.map((c) => [c.name, c]));
      expect(Object.keys(byName).sort()).toEqual(['Asha', 'Bina', 'Chetan', 'Dev']);
      const cats = (name: string) => Object.fromEntries(byName[name]!.categories.map((c) => [c.category, { count: c.count, duration: c.duration }]));
      expect(cats('Asha')).toEqual({
        Interested: { count: 2, duration: 90 },
        'Not interested': { count: 1, duration: 3725 },
        'Follow-up': { count: 0, duration: 0 },
        Invalid: { count: 0, duration: 0 },
        'Not submitted': { count: 1, duration: 12 },
        'Not connected': { count: 2, duration: 5 },
      });
      expect(byName.Asha!.total).toEqual({ count: 6, duration: 3832 });
      expect(cats('Bina')['Follow-up']).toEqual({ count: 1, duration: 45 });
      expect(byName.Chetan!.total).toEqual({ count: 0, duration: 0 });
      expect(byName.Dev).toMatchObject({ deleted: true, total: { count: 1, duration: 9 } });
    });

    it('covers a chosen range', async () => {
      const yesterday = addDays(day.today, -1);
      const res = await query(t.app, 'summaries.callSummary', { from: yesterday, to: yesterday }, owner);
      const asha = res.data.callers.find((c) => c.id === caller.id);
      expect(asha!.total).toEqual({ count: 1, duration: 7 });
      expect(asha!.categories.find((c) => c.category === 'Invalid')).toMatchObject({ count: 1, duration: 7 });
      // The removed telecaller made no call then: not listed.
      expect(res.data.callers.some((c) => c.id === gone.id)).toBe(false);
    });

    it('answers the legacy get-all-call-summary with h/m/s durations', async () => {
      const res = await legacy(t.app, 'GET', '/get-all-call-summary', owner);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      const asha = res.body.data.find((d: { id: number }) => d.id === caller.id);
      expect(asha.name).toBe('Asha');
      expect(asha.summary['Not interested']).toEqual({ count: 1, duration: { h: 1, m: 2, s: 5 } });
      expect(asha.summary.Interested).toEqual({ count: 2, duration: { h: 0, m: 1, s: 30 } });
      expect(asha.summary['Not connected']).toEqual({ count: 2, duration: { h: 0, m: 0, s: 5 } });
      expect(res.body.data).toHaveLength(4);
    });

    it("is the sub-admin's: a telecaller gets FORBIDDEN and 403", async () => {
      const s = await userSession(caller);
      expect((await query(t.app, 'summaries.callSummary', {}, s)).error?.data.code).toBe('FORBIDDEN');
      expect((await query(t.app, 'summaries.productivity', {}, s)).error?.data.code).toBe('FORBIDDEN');
      expect((await query(t.app, 'summaries.callLog', {}, s)).error?.data.code).toBe('FORBIDDEN');
      expect((await legacy(t.app, 'GET', '/get-all-call-summary', s)).status).toBe(403);
      expect((await legacy(t.app, 'GET', '/summaries/productivity.csv', s)).status).toBe(403);
    });

    it('refuses a bad range with a clear message and no data', async () => {
      const reversed = await query(t.app, 'summaries.callSummary', { from: day.today, to: addDays(day.today, -1) }, owner);
      expect(reversed.error?.data.code).toBe('BAD_REQUEST');
      expect(reversed.error?.message).toBe('The From date must be on or before the To date.');
      const long = await query(t.app, 'summaries.callSummary', { from: addDays(day.today, -400), to: day.today }, owner);
      expect(long.error?.message).toBe('Choose a range of at most 366 days.');
      const junk = await legacy(t.app, 'GET', '/get-all-call-summary?from=2025-02-30', owner);
      expect(junk.status).toBe(400);
      expect(junk.body).toEqual({ status: false, success: false, message: 'Enter a date as YYYY-MM-DD.' });
    });

    it('answers a company without telecallers with an empty list', async () => {
      const empty = await insertCompany(db());
      const res = await query(t.app, 'summaries.callSummary', {}, await companySession(empty));
      expect(res.data.callers).toEqual([]);
    });
  });

  describe('Productivity', () => {
    let company: Awaited<ReturnType<typeof insertCompany>>;
    let owner: Session;
    let asha: Awaited<ReturnType<typeof insertUser>>;
    let bina: Awaited<ReturnType<typeof insertUser>>;
    let head: Awaited<ReturnType<typeof insertUser>>;
    // Three days, a week and more ago: D1 to D3, all in the past.
    const today = todayIn(ZONE);
    const D1 = addDays(today, -10);
    const D2 = addDays(today, -9);
    const D3 = addDays(today, -8);
    const at = (date: string, time: string) => zonedInstant(date, time, ZONE);

    beforeAll(async () => {
      company = await insertCompany(db());
      asha = await insertUser(db(), company.id, 'Telicaller', { name: 'Asha' });
      bina = await insertUser(db(), company.id, 'Telicaller', { name: 'Bina' });
      head = await insertUser(db(), company.id, 'Telicaller-hade', { name: 'Chitra' });
      const [A, B, C, D, E, F, G] = await leads(company.id, asha.id, 7);
      const [H] = await leads(company.id, bina.id, 1);
      const c = (lead: number, date: string, time: string, f: Omit<CallFixture, 'at'>) => call(company.id, asha.id, lead, { at: at(date, time), ...f });

      await c(A!, D1, '09:00', { status: LEAD_STATUS.followUp, duration: 60, callback: { date: D2, time: '10:00' } });
      await c(B!, D1, '09:30', { kind: 'attempt', outcome: 'busy', duration: 5 });
      await c(C!, D1, '10:00', { status: LEAD_STATUS.interested, duration: 120 });
      await c(A!, D2, '10:05', { status: LEAD_STATUS.interested, duration: 90 }); // the callback kept
      await c(D!, D2, '11:00', { status: LEAD_STATUS.followUp, duration: 30, callback: { date: D3, time: '15:00' } }); // never called back
      await c(G!, D3, '12:00', { status: LEAD_STATUS.followUp, duration: 15, callback: { date: addDays(today, 1), time: '11:00' } }); // due after the range
      await c(B!, D3, '18:00', { status: LEAD_STATUS.notInterested, duration: 45 });
      // Outside the range: the second before D1 and the first second after D3.
      await call(company.id, asha.id, E!, { at: plus(startOfDayUtc(D1, ZONE), -1), status: '2', duration: 1000 });
      await call(company.id, asha.id, E!, { at: startOfDayUtc(addDays(D3, 1), ZONE), status: '2', duration: 1000 });
      // A callback set before the range for a day in it, never kept.
      await c(F!, addDays(D1, -2), '16:00', { status: LEAD_STATUS.followUp, duration: 20, callback: { date: D2, time: '17:30' } });

      await call(company.id, bina.id, H!, { at: at(D2, '12:00'), kind: 'attempt', outcome: 'switched_off', duration: 0 });
      await project(company.id, asha.id, at(D2, '13:00'));
      await project(company.id, asha.id, at(addDays(D1, -5), '13:00'));
      await project(company.id, bina.id, at(D3, '23:59'));

      const other = await insertCompany(db());
      const stranger = await insertUser(db(), other.id, 'Telicaller', { name: 'Asha' });
      const [S] = await leads(other.id, stranger.id, 1);
      await call(other.id, stranger.id, S!, { at: at(D2, '10:00'), status: '4', duration: 77, callback: { date: D2, time: '11:00' } });
      await project(other.id, stranger.id, at(D2, '13:00'));
      owner = await companySession(company);
    });

    it('gives each telecaller its calls, talk time, first and last call, mix, callbacks and conversion', async () => {
      const res = await query(t.app, 'summaries.productivity', { from: D1, to: D3 }, owner);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ from: D1, to: D3, timeZone: ZONE });
      expect(res.data.rows.map((r) => r.name)).toEqual(['Asha', 'Bina', 'Chitra']);
      const [a, b, h] = res.data.rows;
      expect(a).toMatchObject({
        id: asha.id,
        calls: 7,
        connected: 6,
        notConnected: 1,
        talkTime: 360,
        callTime: 365,
        firstCall: at(D1, '09:00'),
        lastCall: at(D3, '18:00'),
        mix: { Interested: 2, 'Not interested': 1, 'Follow-up': 3, Invalid: 0, 'Not submitted': 0, 'Not connected': 1 },
        callbacks: { due: 3, followed: 1, missed: 2 },
        conversion: { worked: 5, interested: 2, projects: 1 },
      });
      expect(b).toMatchObject({
        calls: 1,
        connected: 0,
        notConnected: 1,
        talkTime: 0,
        callbacks: { due: 0, followed: 0, missed: 0 },
        conversion: { worked: 1, interested: 0, projects: 1 },
      });
      expect(h).toMatchObject({ id: head.id, calls: 0, firstCall: null, lastCall: null, conversion: { worked: 0, interested: 0, projects: 0 } });
      expect(res.data.totals).toMatchObject({
        calls: 8,
        connected: 6,
        notConnected: 2,
        talkTime: 360,
        callTime: 365,
        callbacks: { due: 3, followed: 1, missed: 2 },
        conversion: { worked: 6, interested: 2, projects: 2 },
      });
    });

    it('counts a callback due later today as due, not missed', async () => {
      const co = await insertCompany(db());
      const u = await insertUser(db(), co.id, 'Telicaller');
      const [L, M] = await leads(co.id, u.id, 2);
      const inTwoHours = new Date(Date.now() + 2 * 3600_000);
      const soon = {
        date: todayIn(ZONE, inTwoHours),
        time: new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(inTwoHours),
      };
      const hourAgo = new Date(Date.now() - 3600_000);
      const past = {
        date: todayIn(ZONE, hourAgo),
        time: new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(hourAgo),
      };
      await call(co.id, u.id, L!, { at: plus(nowIso(), -7200), status: '4', callback: soon });
      await call(co.id, u.id, M!, { at: plus(nowIso(), -7200), status: '4', callback: past });
      const res = await query(t.app, 'summaries.productivity', { from: addDays(today, -1), to: addDays(today, 1) }, await companySession(co));
      expect(res.data.rows[0]!.callbacks).toEqual({ due: 2, followed: 0, missed: 1 });
    });

    it('streams the table as CSV', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/webapi/summaries/productivity.csv?from=${D1}&to=${D3}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="productivity-${D1}-to-${D3}.csv"`);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Telecaller,Role,Calls,Connected,Not connected,Talk time,Call time,Verified calls,Verified talk time,Calls timed by the app,Outcomes with no call,First call,Last call,Interested,Not interested,Follow-up,Invalid,Not submitted,' +
          'Callbacks due,Callbacks followed up,Callbacks missed,Leads worked,Leads interested,Projects',
      );
      expect(lines[1]).toBe(`Asha,Telecaller,7,6,1,00:06:00,00:06:05,0,00:00:00,0,0,${D1} 09:00:00,${D3} 18:00:00,2,1,3,0,0,3,1,2,5,2,1`);
      expect(lines).toHaveLength(4);
      const bad = await legacy(t.app, 'GET', `/summaries/productivity.csv?from=${D3}&to=${D1}`, owner);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The From date must be on or before the To date.');
    });
  });

  describe('call logs', () => {
    let company: Awaited<ReturnType<typeof insertCompany>>;
    let owner: Session;
    let asha: Awaited<ReturnType<typeof insertUser>>;
    let bina: Awaited<ReturnType<typeof insertUser>>;
    let strangerCaller: Awaited<ReturnType<typeof insertUser>>;
    const day = todayBounds(ZONE);
    let leadA: number;
    let leadB: number;

    beforeAll(async () => {
      company = await insertCompany(db());
      asha = await insertUser(db(), company.id, 'Telicaller', { name: 'Asha' });
      bina = await insertUser(db(), company.id, 'Telicaller-hade', { name: 'Bina' });
      [leadA, leadB] = (await insertLeadRows(db(), company.id, [
        { telicaller_id: asha.id, name: 'Ravi Shah', mobile: '9822011112' },
        { telicaller_id: asha.id, name: 'Neha Joshi', mobile: '9822011114' },
      ])) as [number, number];
      // 15 calls of Asha and 10 of Bina today, a minute apart; one of Asha's yesterday.
      for (let i = 0; i < 25; i++) {
        const mineA = i % 5 < 3;
        await call(company.id, mineA ? asha.id : bina.id, i % 2 ? leadA : leadB, {
          at: plus(day.from, 60 * (i + 1)),
          status: LEAD_STATUS.notInterested,
          feedback: `call ${i}`,
          duration: i,
        });
      }
      await call(company.id, asha.id, leadA, { at: plus(day.from, -30), kind: 'attempt', outcome: 'no_answer', duration: 4 });
      const other = await insertCompany(db());
      strangerCaller = await insertUser(db(), other.id, 'Telicaller');
      const [s] = await leads(other.id, strangerCaller.id, 1);
      await call(other.id, strangerCaller.id, s!, { at: plus(day.from, 90), status: '2', duration: 5 });
      owner = await companySession(company);
    });

    it("pages the company's calls of today, newest first, with who, lead, outcome and duration", async () => {
      const first = await query(t.app, 'summaries.callLog', { page: 1, pageSize: 10 }, owner);
      expect(first.data).toMatchObject({ total: 25, page: 1, pageSize: 10, from: day.today, to: day.today });
      expect(first.data.items).toHaveLength(10);
      const top = first.data.items[0];
      expect(top).toMatchObject({
        created_at: plus(day.from, 60 * 25),
        telecaller_id: bina.id,
        telecaller_name: 'Bina',
        lead_id: leadB,
        lead_name: 'Neha Joshi',
        lead_mobile: '9822011114',
        kind: 'outcome',
        category: 'Not interested',
        feedback: 'call 24',
        call_duration: 24,
      });
      const times = first.data.items.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const third = await query(t.app, 'summaries.callLog', { page: 3, pageSize: 10 }, owner);
      expect(third.data.items).toHaveLength(5);
      expect(third.data.items.at(-1)!.created_at).toBe(plus(day.from, 60));
    });

    it('filters by telecaller and by date range', async () => {
      const onlyBina = await query(t.app, 'summaries.callLog', { telecallerId: bina.id, pageSize: 100 }, owner);
      expect(onlyBina.data.total).toBe(10);
      expect(new Set(onlyBina.data.items.map((r) => r.telecaller_name))).toEqual(new Set(['Bina']));
      const yesterday = addDays(day.today, -1);
      const before = await query(t.app, 'summaries.callLog', { from: yesterday, to: yesterday }, owner);
      expect(before.data.total).toBe(1);
      expect(before.data.items[0]).toMatchObject({ kind: 'attempt', outcome: 'no_answer', category: 'Not connected', call_duration: 4 });
      const both = await query(t.app, 'summaries.callLog', { from: yesterday, to: day.today, telecallerId: asha.id }, owner);
      expect(both.data.total).toBe(16);
    });

    it("never shows another company's calls, and answers its telecaller as not found", async () => {
      const all = await query(t.app, 'summaries.callLog', { pageSize: 100 }, owner);
      expect(all.data.items.every((r) => r.telecaller_id === asha.id || r.telecaller_id === bina.id)).toBe(true);
      const foreign = await query(t.app, 'summaries.callLog', { telecallerId: strangerCaller.id }, owner);
      expect(foreign.error?.data.code).toBe('NOT_FOUND');
    });

    it('shows a telecaller only its own calls, whatever it asks for', async () => {
      const s = await userSession(asha);
      const mine = await query(t.app, 'summaries.myCallLog', { pageSize: 100, telecallerId: bina.id }, s);
      expect(mine.data.total).toBe(15);
      expect(mine.data.items.every((r) => r.telecaller_id === asha.id)).toBe(true);
      const headOwn = await query(t.app, 'summaries.myCallLog', { pageSize: 100 }, await userSession(bina));
      expect(headOwn.data.total).toBe(10);
    });

    it("groups a telecaller's calls per lead for the call cards, the latest called first", async () => {
      const s = await userSession(asha);
      const res = await query(t.app, 'summaries.myCalledLeads', { from: addDays(day.today, -1) }, s);
      expect(res.data.total).toBe(2);
      // Asha's calls: i in {0,1,2,5,6,7,10,11,12,15,16,17,20,21,22}; odd i on Ravi (A), even on Neha (B).
      const ashaCalls = [0, 1, 2, 5, 6, 7, 10, 11, 12, 15, 16, 17, 20, 21, 22];
      const onA = ashaCalls.filter((i) => i % 2);
      const onB = ashaCalls.filter((i) => !(i % 2));
      expect(res.data.items.map((c) => c.lead_name)).toEqual(['Neha Joshi', 'Ravi Shah']);
      expect(res.data.items[0]).toMatchObject({
        lead_id: leadB,
        lead_mobile: '9822011114',
        calls: onB.length,
        duration: onB.reduce((x, y) => x + y, 0),
        last_at: plus(day.from, 60 * 23),
        last_category: 'Not interested',
        last_feedback: 'call 22',
      });
      expect(res.data.items[1]).toMatchObject({
        lead_id: leadA,
        calls: onA.length + 1,
        duration: onA.reduce((x, y) => x + y, 0) + 4,
        first_at: plus(day.from, -30),
      });
      const paged = await query(t.app, 'summaries.myCalledLeads', { from: addDays(day.today, -1), page: 2, pageSize: 1 }, s);
      expect(paged.data.items.map((c) => c.lead_id)).toEqual([leadA]);
    });
  });
});
