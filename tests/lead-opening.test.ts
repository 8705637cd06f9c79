import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUploadedLead, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { team } from './helpers/company.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { addDays, timeIn, todayIn } from '../shared/dates.js';
import { MESSAGES } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const IST = 'Asia/Kolkata';

describe.each(dialects)('opening a lead, and submissions that arrive together, on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const leadOf = (p: { id: number }, companyId: number, over: LeadFixture = {}) => insertUploadedLead(db(), companyId, { telicaller_id: p.id, ...over });
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (id: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', id).orderBy('id').execute();
  const queueIds = async (s: Session, queue: string) => {
    const res = await query(t.app, 'work.queue', { queue, pageSize: 100 }, s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return (res.data.items as { id: number }[]).map((l) => l.id);
  };
  const reminderIds = async (s: Session) => {
    const res = await query(t.app, 'work.reminders', undefined, s);
    expect(res.status).toBe(200);
    return (res.data as { id: number; state: string }[]).map((r) => [r.id, r.state]);
  };
  async function legacy(method: 'GET' | 'POST', url: string, s: Session, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/api/webapi${url}`,
      headers: { authorization: `Bearer ${s.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }

  describe('missed callbacks keep their place until an outcome is submitted', () => {
    it("a callback missed today and one missed yesterday, opened and left (Cancel), stay in Today's Callbacks and in the bell", async () => {
      const { company, caller } = await team(t);
      const hourAgo = new Date(Date.now() - 3_600_000);
      const missedToday = await leadOf(caller, company.id, {
        status: LEAD_STATUS.followUp,
        callback_date: todayIn(IST, hourAgo),
        callback_time: timeIn(IST, hourAgo),
      });
      const missedYesterday = await leadOf(caller, company.id, {
        status: LEAD_STATUS.followUp,
        callback_date: addDays(todayIn(IST), -1),
        callback_time: '10:00',
      });
      const beforeToday = await leadRow(missedToday);

      for (const id of [missedToday, missedYesterday]) {
        const opened = await mutate(t.app, 'work.open', { leadId: id, queue: 'callback' }, caller.session);
        expect(opened.status, JSON.stringify(opened.error)).toBe(200);
        expect(opened.data.lead.status).toBe('4');
      }
      // And opened again with no queue (the app opening it from a link), and through history.
      await mutate(t.app, 'work.open', { leadId: missedToday }, caller.session);
      await query(t.app, 'work.history', { leadId: missedToday }, caller.session);

      expect(await leadRow(missedToday)).toEqual(beforeToday);
      // Missed ones first, the earliest first.
      expect(await queueIds(caller.session, 'callback')).toEqual([missedYesterday, missedToday]);
      expect(await queueIds(caller.session, 'noSubmit')).toEqual([]);
      expect(await reminderIds(caller.session)).toEqual([
        [missedToday, 'missed'],
        [missedYesterday, 'missed'],
      ]);
      const legacyCallbacks = await legacy('GET', '/getCallbacks', caller.session);
      expect(legacyCallbacks.body.callbacks.map((c: { id: number }) => c.id)).toEqual([missedYesterday, missedToday]);

      // An outcome takes it off both.
      const done = await mutate(
        t.app,
        'work.submit',
        { leadId: missedToday, variant: 'standard', status: LEAD_STATUS.notInterested, feedback: 'Price Issue', call_duration: 30 },
        caller.session,
      );
      expect(done.status, JSON.stringify(done.error)).toBe(200);
      expect(await queueIds(caller.session, 'callback')).toEqual([missedYesterday]);
      expect(await reminderIds(caller.session)).toEqual([[missedYesterday, 'missed']]);
    });

    it("the legacy update-status still sets exactly what it is asked: '6' on a follow-up takes it off the callbacks", async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: todayIn(IST), callback_time: '23:59' });
      const res = await legacy('POST', '/update-status', caller.session, { lead_ids: [id], status: 6 });
      expect(res.status).toBe(200);
      expect(await leadRow(id)).toMatchObject({ status: '6', opened_from_status: '4' });
      expect(await queueIds(caller.session, 'callback')).toEqual([]);
    });
  });

  describe("the sub-admin's Not Submitted list", () => {
    it("lists each telecaller's opened and unsubmitted leads, of its own company only, with when they were sent and opened", async () => {
      const { company, caller } = await team(t);
      const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
      const other = await insertCompany(db());
      const otherOwner = await signIn(t.app, { kind: 'subadmin', email: other.email, password: PASSWORD });
      const fresh = await leadOf(caller, company.id);
      const followUp = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp });
      await mutate(t.app, 'work.open', { leadId: fresh, queue: 'new' }, caller.session);
      await mutate(t.app, 'work.open', { leadId: followUp, queue: 'followUp' }, caller.session);

      const byTelecaller = await query(t.app, 'leads.byTelecaller', { status: 'notSubmitted' }, owner);
      expect(byTelecaller.status, JSON.stringify(byTelecaller.error)).toBe(200);
      expect(byTelecaller.data.items).toEqual([expect.objectContaining({ id: caller.id, name: 'Asha Caller', count: 1 })]);
      const leads = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'notSubmitted' }, owner);
      expect(leads.status, JSON.stringify(leads.error)).toBe(200);
      const row = await leadRow(fresh);
      expect(leads.data.items).toEqual([
        expect.objectContaining({ id: fresh, status: '6', telicaller_send_date: row.telicaller_send_date, updated_at: row.updated_at }),
      ]);

      // Another company sees none of it, and cannot name this telecaller.
      expect((await query(t.app, 'leads.byTelecaller', { status: 'notSubmitted' }, otherOwner)).data.items).toEqual([]);
      expect((await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'notSubmitted' }, otherOwner)).status).toBe(404);
      // Telecallers may not read it.
      expect((await query(t.app, 'leads.byTelecaller', { status: 'notSubmitted' }, caller.session)).status).toBe(403);

      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/webapi/leads/export.csv?telecallerId=${caller.id}&status=notSubmitted`,
        headers: { cookie: owner.cookie },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split('\n')).toHaveLength(2);
    });
  });

  describe('parallel unanswered calls on Postgres and SQLite', () => {
    it('12 at once without a key each count: 12 attempts, invalid at the limit', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      // Twelve different calls (made a minute apart on the phone, sent together by its outbox).
      const calls = Array.from({ length: 12 }, (_, i) =>
        mutate(
          t.app,
          'work.notConnected',
          { leadId: id, outcome: 'busy', call_duration: 0, made_at: new Date(Date.now() - (12 - i) * 60_000).toISOString() },
          caller.session,
        ),
      );
      const answers = await Promise.all(calls);
      for (const a of answers) expect(a.status, JSON.stringify(a.error)).toBe(200);
      expect((await historyRows(id)).length).toBe(12);
      expect(await leadRow(id)).toMatchObject({ attempts: 12, status: '5', retry_at: null });
      expect((await historyRows(id)).filter((h) => h.invalid_reason === 'Not reachable')).toHaveLength(8);
    });
  });

  describe('a head and a lead handed to it', () => {
    it("after the head's submit the lead is read-only to the head, on both transports", async () => {
      const { company, caller, head } = await team(t);
      const id = await leadOf(caller, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0', handler_assigned_by: caller.id });
      // Its own double tap is one submit, answered twice.
      const taps = await Promise.all(
        [0, 1].map(() =>
          mutate(
            t.app,
            'work.submit',
            { leadId: id, variant: 'head', status: LEAD_STATUS.notInterested, feedback: 'Price Issue', call_duration: 20 },
            head.session,
          ),
        ),
      );
      for (const tap of taps) expect(tap.status, JSON.stringify(tap.error)).toBe(200);
      const after = await leadRow(id);
      expect(after).toMatchObject({ status: '3', submit_status: '1' });

      const busy = await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy', call_duration: 0 }, head.session);
      expect(busy.status).toBe(403);
      expect(busy.error?.message).toBe(MESSAGES.headSubmitted);
      const again = await mutate(
        t.app,
        'work.submit',
        { leadId: id, variant: 'head', status: LEAD_STATUS.interested, feedback: 'Running', call_duration: 20 },
        head.session,
      );
      expect(again.status).toBe(403);
      expect(again.error?.message).toBe(MESSAGES.headSubmitted);
      const legacyForm = await legacy('POST', '/submitLeadForm', head.session, { customer_id: id, status: 3, feedback: 'Demo Not Working' });
      expect(legacyForm.status).toBe(403);
      expect(legacyForm.body.message).toBe(MESSAGES.headSubmitted);
      const legacyStatus = await legacy('POST', '/update-status', head.session, { lead_ids: [id], status: 3, feedback: 'Price Issue' });
      expect(legacyStatus.status).toBe(403);
      expect(legacyStatus.body.message).toBe(MESSAGES.headSubmitted);

      expect(await leadRow(id)).toEqual(after);
      expect(await historyRows(id)).toHaveLength(1);
      // It still reads it, and its telecaller still works it.
      expect((await query(t.app, 'work.history', { leadId: id }, head.session)).status).toBe(200);
      expect((await mutate(t.app, 'work.open', { leadId: id }, head.session)).status).toBe(200);
      const own = await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy', call_duration: 0 }, caller.session);
      expect(own.status, JSON.stringify(own.error)).toBe(200);
    });
  });

  describe('the same submission arriving several times at once, without a key or with a key per tap', () => {
    const submitForm = (leadId: number, extra: Record<string, unknown> = {}) => ({
      leadId,
      variant: 'standard',
      status: LEAD_STATUS.followUp,
      feedback: 'Follow-up Option',
      call_duration: 42,
      callback: true,
      callback_date: addDays(todayIn(IST), 1),
      callback_time: '11:00',
      remarks: 'After lunch',
      ...extra,
    });

    it('3 identical submits at once write one history row; the others answer as the first', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      const answers = await Promise.all([0, 1, 2].map(() => mutate(t.app, 'work.submit', submitForm(id), caller.session)));
      for (const a of answers) expect(a.status, JSON.stringify(a.error)).toBe(200);
      expect(answers.map((a) => a.data.status)).toEqual(['4', '4', '4']);
      expect(await historyRows(id)).toHaveLength(1);

      // Each tap with its own key (what the web app sent): still one row, and each key answers again the same.
      const keyed = await leadOf(caller, company.id);
      const keys = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)];
      const now = Date.now();
      const taps = await Promise.all(
        keys.map((k, i) =>
          mutate(
            t.app,
            'work.submit',
            submitForm(keyed, { client_key: k, made_at: new Date(now - i * 40).toISOString(), call_duration: 42 + i }),
            caller.session,
          ),
        ),
      );
      for (const a of taps) expect(a.status, JSON.stringify(a.error)).toBe(200);
      expect(await historyRows(keyed)).toHaveLength(1);
      const replay = await mutate(t.app, 'work.submit', submitForm(keyed, { client_key: keys[2] }), caller.session);
      expect(replay.data).toMatchObject({ status: '4', replayed: true });
      expect(await historyRows(keyed)).toHaveLength(1);

      // Through the legacy form too.
      const viaLegacy = await leadOf(caller, company.id);
      const body = { customer_id: viaLegacy, status: 3, feedback: 'Price Issue', remarks: 'Too costly' };
      const legacyAnswers = await Promise.all([0, 1, 2].map(() => legacy('POST', '/submitLeadForm', caller.session, body)));
      expect(legacyAnswers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await historyRows(viaLegacy)).toHaveLength(1);
    });

    it('2 Busy taps at once make one attempt', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      const answers = await Promise.all(
        [0, 1].map(() => mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy', call_duration: 0 }, caller.session)),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.error)).toBe(200);
      expect(answers.map((a) => a.data.attempts)).toEqual([1, 1]);
      expect(await leadRow(id)).toMatchObject({ attempts: 1 });
      expect(await historyRows(id)).toHaveLength(1);
    });

    it('different submissions, or the same one made minutes apart, each count', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy', call_duration: 0 }, caller.session);
      await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'no_answer', call_duration: 0 }, caller.session);
      // The same outcome again, made two minutes earlier on the phone (its outbox): another call.
      await mutate(
        t.app,
        'work.notConnected',
        { leadId: id, outcome: 'busy', call_duration: 0, made_at: new Date(Date.now() - 120_000).toISOString() },
        caller.session,
      );
      expect(await leadRow(id)).toMatchObject({ attempts: 3 });

      const form = await leadOf(caller, company.id);
      await mutate(t.app, 'work.submit', submitForm(form), caller.session);
      await mutate(t.app, 'work.submit', submitForm(form, { remarks: 'After dinner' }), caller.session);
      expect(await historyRows(form)).toHaveLength(2);
    });
  });
});
