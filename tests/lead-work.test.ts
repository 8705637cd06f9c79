import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUploadedLead, insertUser, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { signedInUser, team, type SignedInUser } from './helpers/company.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays, timeIn, todayBounds, todayIn } from '../shared/dates.js';
import { FEEDBACK_OPTIONS, QUEUES, type Queue, type SubmitStatus } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

/** A fixed-offset zone where it is now 12:00-12:59: two hours either way stay on today's date there. */
function noonZone(now = new Date()): string {
  const ahead = 12 - now.getUTCHours();
  if (ahead === 0) return 'Etc/GMT';
  // Etc/GMT-5 is five hours ahead of UTC (the sign is POSIX's).
  return `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

/** The wall-clock date and time in a zone, some minutes from now. */
function wallClock(zone: string, fromNowMinutes: number) {
  const at = new Date(Date.now() + fromNowMinutes * 60_000);
  return { date: todayIn(zone, at), time: timeIn(zone, at) };
}

describe.each(dialects)('lead work on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  type Person = SignedInUser;
  const lead = (companyId: number, over: LeadFixture = {}) => insertUploadedLead(db(), companyId, over);
  /** Leads assigned to one person some days ago: pending unless told otherwise. */
  const leadOf = (p: { id: number }, companyId: number, over: LeadFixture = {}) =>
    lead(companyId, { telicaller_id: p.id, telicaller_send_date: minutes(nowIso(), -3 * 1440), ...over });

  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (id: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', id).orderBy('id').execute();

  const queue = (s: Session, q: Queue, extra: Record<string, unknown> = {}) => query(t.app, 'work.queue', { queue: q, pageSize: 100, ...extra }, s);
  const queueIds = async (s: Session, q: Queue, extra: Record<string, unknown> = {}) => {
    const res = await queue(s, q, extra);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return (res.data.items as { id: number }[]).map((i) => i.id);
  };
  const open = (s: Session, leadId: number, q?: Queue) => mutate(t.app, 'work.open', { leadId, ...(q ? { queue: q } : {}) }, s);
  const submit = (s: Session, input: Record<string, unknown>) => mutate(t.app, 'work.submit', input, s);
  const notConnected = (s: Session, leadId: number, extra: Record<string, unknown> = {}) =>
    mutate(t.app, 'work.notConnected', { leadId, outcome: 'busy', ...extra }, s);
  /** A valid form for a status: its first feedback option. */
  const form = (leadId: number, status: SubmitStatus, over: Record<string, unknown> = {}) => ({
    leadId,
    status,
    feedback: FEEDBACK_OPTIONS[status][0],
    ...over,
  });

  describe('queues', () => {
    it("splits new from pending at midnight in the company's time zone", async () => {
      const zone = 'America/New_York';
      const { company, caller } = await team(t, { zone });
      const { from } = todayBounds(zone);
      const justAfter = await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1) });
      const atMidnight = await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: from });
      const justBefore = await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, -1) });
      const touched = await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1), status: LEAD_STATUS.notInterested });

      expect(await queueIds(caller.session, 'new')).toEqual([justAfter, atMidnight]);
      expect(await queueIds(caller.session, 'pending')).toEqual([justBefore]);
      expect(await queueIds(caller.session, 'notInterested')).toEqual([touched]);

      // The same instants read in India's zone fall elsewhere: the company's zone is what counts.
      await db().updateTable('subadmins').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', company.id).execute();
      const india = todayBounds('Asia/Kolkata');
      const expectNew = [justAfter, atMidnight, justBefore].filter((_id, i) => [minutes(from, 1), from, minutes(from, -1)][i]! >= india.from);
      expect(await queueIds(caller.session, 'new')).toEqual(expectNew);
    });

    it("shows each status in its queue: interested only without quality, not submitted as '6'", async () => {
      const { company, caller, colleague } = await team(t);
      const mine = (over: LeadFixture) => leadOf(caller, company.id, over);
      const interested = await mine({ status: LEAD_STATUS.interested });
      await mine({ status: LEAD_STATUS.interested, lead_quality: 'good' });
      const notInterested = await mine({ status: LEAD_STATUS.notInterested });
      const followUp = await mine({ status: LEAD_STATUS.followUp });
      const invalid = await mine({ status: LEAD_STATUS.invalid });
      const noSubmit = await mine({ status: LEAD_STATUS.noSubmit });
      await mine({ status: LEAD_STATUS.noSubmit, visible: 0 });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested });
      const other = await insertCompany(db());
      await lead(other.id, { telicaller_id: caller.id, status: LEAD_STATUS.interested });

      expect(await queueIds(caller.session, 'interested')).toEqual([interested]);
      expect(await queueIds(caller.session, 'notInterested')).toEqual([notInterested]);
      expect(await queueIds(caller.session, 'followUp')).toEqual([followUp]);
      expect(await queueIds(caller.session, 'invalid')).toEqual([invalid]);
      expect(await queueIds(caller.session, 'noSubmit')).toEqual([noSubmit]);
    });

    it("lists today's and missed callbacks by when they are due, with their state", async () => {
      const zone = noonZone();
      const { company, caller } = await team(t, { zone });
      const today = todayIn(zone);
      const cb = (at: { date: string; time: string }) =>
        leadOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: at.date, callback_time: at.time });
      const upcoming = await cb(wallClock(zone, 120));
      const due = await cb(wallClock(zone, 10));
      const missedToday = await cb(wallClock(zone, -120));
      const missedYesterday = await cb({ date: addDays(today, -1), time: '15:00' });
      await cb({ date: addDays(today, 1), time: '09:00' });
      await leadOf(caller, company.id, { status: LEAD_STATUS.followUp }); // follow-up without a callback
      await leadOf(caller, company.id, { status: LEAD_STATUS.notInterested, callback_date: today, callback_time: '12:00' });

      const res = await queue(caller.session, 'callback');
      expect(res.data.total).toBe(4);
      expect(res.data.items.map((i) => [i.id, i.callback_state])).toEqual([
        [missedYesterday, 'missed'],
        [missedToday, 'missed'],
        [due, 'due'],
        [upcoming, 'upcoming'],
      ]);
    });

    it('gives a head its junior leads (not yet submitted) with who handed them over; refuses them to a telecaller', async () => {
      const { company, caller, colleague, head } = await team(t);
      const other = await insertCompany(db());
      const stranger = await insertUser(db(), other.id);
      const fromCaller = await leadOf(colleague, company.id, {
        status: LEAD_STATUS.interested,
        handler_id: head.id,
        submit_status: '0',
        handler_assigned_by: caller.id,
      });
      const unknown = await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0' });
      const elsewhere = await leadOf(colleague, company.id, {
        status: LEAD_STATUS.interested,
        handler_id: head.id,
        submit_status: '0',
        handler_assigned_by: stranger.id,
      });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '1', handler_assigned_by: caller.id });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: caller.id, submit_status: '0', handler_assigned_by: colleague.id });

      const res = await queue(head.session, 'junior');
      expect(res.status).toBe(200);
      expect(res.data.items.map((i) => [i.id, i.assigned_by_name])).toEqual([
        [fromCaller, caller.name],
        [unknown, 'Unknown'],
        [elsewhere, 'Unknown'],
      ]);

      const refused = await queue(caller.session, 'junior');
      expect(refused.status).toBe(403);
      expect(refused.error?.data.code).toBe('FORBIDDEN');
    });

    it('searches by name and by mobile, and pages on the server', async () => {
      const { company, caller } = await team(t);
      const ravi = await leadOf(caller, company.id, { name: 'Ravi Kumar', mobile: '9876543210' });
      const ravina = await leadOf(caller, company.id, { name: 'RAVINA Shah', mobile: '9123456780' });
      const others: number[] = [];
      for (let i = 0; i < 21; i++) others.push(await leadOf(caller, company.id, { name: `Someone ${i}` }));

      expect(await queueIds(caller.session, 'pending', { search: 'ravi' })).toEqual([ravi, ravina]);
      expect(await queueIds(caller.session, 'pending', { search: '+91 98765-43210' })).toEqual([ravi]);
      expect(await queueIds(caller.session, 'pending', { search: '912345' })).toEqual([ravina]);
      expect(await queueIds(caller.session, 'pending', { search: 'nobody at all' })).toEqual([]);

      const all = [ravi, ravina, ...others];
      const page3 = await queue(caller.session, 'pending', { page: 3, pageSize: 10 });
      expect(page3.data).toMatchObject({ total: 23, page: 3, pageSize: 10 });
      expect(page3.data.items.map((i: { id: number }) => i.id)).toEqual(all.slice(20));
      const page1 = await queue(caller.session, 'pending', { page: 1, pageSize: 10 });
      expect(page1.data.items.map((i: { id: number }) => i.id)).toEqual(all.slice(0, 10));
      const searched = await queue(caller.session, 'pending', { search: 'someone 1', pageSize: 5 });
      // "Someone 1" and "Someone 10".."Someone 19"
      expect(searched.data.total).toBe(11);
      expect(searched.data.items).toHaveLength(5);
    });
  });

  describe('transitions', () => {
    it("opening a new or pending lead ('0') sets '6' at once and remembers it was '0'", async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      const res = await open(caller.session, id, 'pending');
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data.lead).toMatchObject({ id, status: '6' });
      expect(res.data.variant).toBe('standard');
      expect(await leadRow(id)).toMatchObject({ status: '6', opened_from_status: '0' });
      expect(await queueIds(caller.session, 'pending')).toEqual([]);
      expect(await queueIds(caller.session, 'noSubmit')).toEqual([id]);
      // Opening it again (from the Not Submitted queue) keeps what it was first opened from.
      const again = await open(caller.session, id, 'noSubmit');
      expect(again.data.variant).toBe('noSubmit');
      expect(await leadRow(id)).toMatchObject({ status: '6', opened_from_status: '0' });
    });

    it('opening a lead in any other status changes nothing: it keeps its place until a submit', async () => {
      const { company, caller } = await team(t);
      const today = todayIn('Asia/Kolkata');
      const cases: [string, Queue, Record<string, unknown>][] = [
        ['2', 'interested', {}],
        ['3', 'notInterested', {}],
        ['4', 'followUp', { callback_date: today, callback_time: '23:59' }],
        ['5', 'invalid', {}],
      ];
      for (const [status, q, over] of cases) {
        const id = await leadOf(caller, company.id, { status, ...over });
        const before = await leadRow(id);
        const res = await open(caller.session, id, q);
        expect(res.status, JSON.stringify(res.error)).toBe(200);
        expect(res.data.lead).toMatchObject({ id, status });
        expect(res.data.variant).toBe('standard');
        expect(await leadRow(id), status).toEqual(before);
        expect(await queueIds(caller.session, q), status).toContain(id);
        // Opened with no queue (a link, a reload) the same.
        await open(caller.session, id);
        expect(await leadRow(id), status).toEqual(before);
      }
      expect(await queueIds(caller.session, 'noSubmit')).toEqual([]);
    });

    it('a head opening a lead handed to it leaves its status alone', async () => {
      const { company, caller, head } = await team(t);
      const id = await leadOf(caller, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0', handler_assigned_by: caller.id });
      const res = await open(head.session, id, 'junior');
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data.variant).toBe('head');
      expect(res.data.lead).toMatchObject({ status: '2', assigned_by_name: caller.name });
      expect(await leadRow(id)).toMatchObject({ status: '2', opened_from_status: null, submit_status: '0' });
    });

    it("submits interested with the handoff fields, and the lead reaches the head's junior queue", async () => {
      const { company, caller, head } = await team(t);
      const id = await leadOf(caller, company.id);
      await open(caller.session, id, 'pending');
      const res = await submit(
        caller.session,
        form(id, '2', {
          feedback: 'Price Negotiation',
          call_duration: 95,
          telemarketer_handler: head.id,
          demo: true,
          project_name: 'Shop website',
          remarks: 'Wants a call on Monday',
          lead_quality: 'excellent',
          whatsapp: '9000000001',
          optional_number: '8000000002',
        }),
      );
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data.status).toBe('2');

      expect(await leadRow(id)).toMatchObject({
        status: '2',
        lead_quality: 'excellent',
        handler_id: head.id,
        handler_assigned_by: caller.id,
        submit_status: '0',
        opened_from_status: null,
        callback_date: null,
        callback_time: null,
      });
      const [h] = await historyRows(id);
      expect(h).toMatchObject({
        kind: 'outcome',
        outcome: null,
        status: '2',
        feedback: 'Price Negotiation',
        call_duration: 95,
        handler_id: head.id,
        demo: 1,
        project_name: 'Shop website',
        remarks: 'Wants a call on Monday',
        lead_quality: 'excellent',
        callback: 0,
        invalid_reason: null,
        optional_whatsapp: '9000000001',
        optional_number: '8000000002',
        user_id: caller.id,
        user_type: 'Telicaller',
        subadmin_id: company.id,
      });

      const history = await query(t.app, 'work.history', { leadId: id }, caller.session);
      expect(history.data).toEqual([
        expect.objectContaining({
          kind: 'outcome',
          status: '2',
          handler_id: head.id,
          handler_name: head.name,
          telecaller_name: caller.name,
          demo: true,
          callback: false,
        }),
      ]);

      const junior = await queue(head.session, 'junior');
      expect(junior.data.items).toEqual([expect.objectContaining({ id, assigned_by_name: caller.name })]);
      // Rated on submit, so not in the Interested queue (which holds leads without quality).
      expect(await queueIds(caller.session, 'interested')).toEqual([]);
    });

    it("a head's submit marks the handed lead submitted and it leaves the junior queue", async () => {
      const { company, caller, head } = await team(t);
      const id = await leadOf(caller, company.id);
      await open(caller.session, id);
      await submit(caller.session, form(id, '2', { telemarketer_handler: head.id }));
      expect(await queueIds(head.session, 'junior')).toEqual([id]);

      // The head's form does not insist on feedback (docs/product-rules.md#handoff-to-a-head).
      const res = await submit(head.session, { leadId: id, variant: 'head', status: LEAD_STATUS.notInterested, feedback: null, queue: 'junior' });
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data.nextId).toBeNull();
      expect(await leadRow(id)).toMatchObject({ status: '3', submit_status: '1', handler_id: head.id });
      expect(await queueIds(head.session, 'junior')).toEqual([]);
      const rows = await historyRows(id);
      expect(rows.map((r) => [r.user_id, r.user_type, r.status])).toEqual([
        [caller.id, 'Telicaller', '2'],
        [head.id, 'Telicaller-hade', '3'],
      ]);
    });

    it('submits follow-up with a callback, stored on the lead and in the history, and not interested, and invalid', async () => {
      const zone = noonZone();
      const { company, caller } = await team(t, { zone });
      const at = wallClock(zone, 60);
      const followUp = await leadOf(caller, company.id);
      await open(caller.session, followUp);
      const res = await submit(caller.session, form(followUp, '4', { callback: true, callback_date: at.date, callback_time: at.time, call_duration: 30 }));
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(await leadRow(followUp)).toMatchObject({ status: '4', callback_date: at.date, callback_time: at.time });
      expect((await historyRows(followUp))[0]).toMatchObject({
        status: '4',
        feedback: 'Follow-up Option',
        callback: 1,
        callback_date: at.date,
        callback_time: at.time,
        call_duration: 30,
      });
      expect(await queueIds(caller.session, 'callback')).toEqual([followUp]);

      // Fields of other statuses are not kept: a not-interested submit stores no demo, project or handler.
      const notInterested = await leadOf(caller, company.id);
      await open(caller.session, notInterested);
      await submit(
        caller.session,
        form(notInterested, '3', { feedback: 'Price Issue', demo: true, project_name: 'X', callback: true, callback_date: at.date, callback_time: at.time }),
      );
      expect(await leadRow(notInterested)).toMatchObject({ status: '3', callback_date: null, handler_id: null });
      expect((await historyRows(notInterested))[0]).toMatchObject({
        status: '3',
        feedback: 'Price Issue',
        demo: 0,
        project_name: null,
        callback: 0,
        callback_date: null,
        handler_id: null,
      });

      const invalid = await leadOf(caller, company.id);
      await open(caller.session, invalid);
      await submit(caller.session, form(invalid, '5', { invalid_reason: 'Number belongs to someone else' }));
      expect(await leadRow(invalid)).toMatchObject({ status: '5' });
      expect((await historyRows(invalid))[0]).toMatchObject({ status: '5', feedback: 'Wrong Lead', invalid_reason: 'Number belongs to someone else' });
      expect(await queueIds(caller.session, 'invalid')).toEqual([invalid]);
    });

    it('refuses a handoff to a head that is blocked, deleted, of another company, not a head, or the submitter itself', async () => {
      const { company, caller, colleague, head } = await team(t);
      const blocked = await insertUser(db(), company.id, 'Telicaller-hade', { is_blocked: 1 });
      const deleted = await insertUser(db(), company.id, 'Telicaller-hade');
      await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', deleted.id).execute();
      const other = await insertCompany(db());
      const foreign = await insertUser(db(), other.id, 'Telicaller-hade');
      const ownLead = await leadOf(head, company.id);
      await open(head.session, ownLead);
      const headBefore = await leadRow(ownLead);
      const selfHandoff = await submit(head.session, form(ownLead, '2', { telemarketer_handler: head.id }));
      expect(selfHandoff.status).toBe(400);
      expect(selfHandoff.error?.message).toBe('Choose a telecaller head.');
      expect(await leadRow(ownLead)).toEqual(headBefore);

      const id = await leadOf(caller, company.id);
      await open(caller.session, id);
      const before = await leadRow(id);
      for (const handler of [blocked.id, deleted.id, colleague.id]) {
        const res = await submit(caller.session, form(id, '2', { telemarketer_handler: handler }));
        expect(res.status, `handler ${handler}`).toBe(400);
        expect(res.error?.message).toBe('Choose a telecaller head.');
        expect(res.error?.data.fieldErrors).toEqual({ telemarketer_handler: 'Choose a telecaller head.' });
      }
      // Another company's head, or no one's: not found, as every other company's id.
      for (const handler of [foreign.id, 999_999]) {
        const res = await submit(caller.session, form(id, '2', { telemarketer_handler: handler }));
        expect(res.status, `handler ${handler}`).toBe(404);
        expect(res.error?.message).toBe('Telecaller head not found.');
      }
      expect(await leadRow(id)).toEqual(before);
      expect(await historyRows(id)).toEqual([]);
      expect(await queueIds(head.session, 'junior')).toEqual([]);
    });
  });

  describe('validation on the server', () => {
    it("answers the original app's messages and a refused submit changes nothing", async () => {
      const zone = noonZone();
      const { company, caller } = await team(t, { zone });
      const id = await leadOf(caller, company.id);
      await open(caller.session, id);
      const before = await leadRow(id);
      const past = wallClock(zone, -120);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ leadId: id, feedback: 'Running' }, 'Please select a status', 'status'],
        [{ leadId: id, status: '', feedback: 'Running' }, 'Please select a status', 'status'],
        [{ leadId: id, status: LEAD_STATUS.new, feedback: 'Running' }, 'Please select a status', 'status'],
        [{ leadId: id, status: LEAD_STATUS.noSubmit, feedback: 'Running' }, 'Please select a status', 'status'],
        [{ leadId: id, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead' }, 'Please provide invalid reason', 'invalid_reason'],
        [{ leadId: id, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead', invalid_reason: '   ' }, 'Please provide invalid reason', 'invalid_reason'],
        [form(id, '4', { callback: true }), 'Please provide callback date and time', 'callback_date'],
        [form(id, '4', { callback: true, callback_date: past.date }), 'Please provide callback date and time', 'callback_time'],
        [form(id, '2', { feedback: 'Wrong Lead' }), 'Please select a feedback.', 'feedback'],
        [form(id, '3', { feedback: null }), 'Please select a feedback.', 'feedback'],
        [form(id, '3', { feedback: 'Positive' }), 'Please select a feedback.', 'feedback'],
        [{ leadId: id, variant: 'noSubmit', feedback: 'Positive' }, 'Please select a status.', 'status'],
        [{ leadId: id, variant: 'noSubmit', status: '', feedback: 'Positive' }, 'Please select a status.', 'status'],
        [{ leadId: id, variant: 'noSubmit', status: LEAD_STATUS.notInterested, feedback: 'Price Issue' }, 'Please select a feedback.', 'feedback'],
        [{ leadId: id, variant: 'noSubmit', status: LEAD_STATUS.notInterested }, 'Please select a feedback.', 'feedback'],
        [form(id, '3', { whatsapp: '98765abc' }), 'Optional WhatsApp must contain digits only.', 'whatsapp'],
        [form(id, '3', { optional_number: '+919876543210' }), 'Optional Number must contain digits only.', 'optional_number'],
        [form(id, '4', { callback: true, callback_date: past.date, callback_time: past.time }), 'The callback time has already passed.', 'callback_time'],
        [
          form(id, '4', { callback: true, callback_date: addDays(past.date, -1), callback_time: '23:00' }),
          'The callback time has already passed.',
          'callback_time',
        ],
        [form(id, '4', { callback: true, callback_date: '2031-02-30', callback_time: '10:00' }), 'Enter the callback date.', 'callback_date'],
        [form(id, '4', { callback: true, callback_date: '2031-13-45', callback_time: '10:00' }), 'Enter the callback date.', 'callback_date'],
        [form(id, '4', { callback: true, callback_date: addDays(past.date, 1), callback_time: '24:30' }), 'Enter the callback time.', 'callback_time'],
        [form(id, '3', { call_duration: -1 }), 'Call duration cannot be negative.', 'call_duration'],
        [form(id, '2', { telemarketer_handler: 'someone' }), 'Choose a telecaller head.', 'telemarketer_handler'],
        // A telecaller cannot take the head's looser rule for its own lead.
        [{ leadId: id, variant: 'head', status: LEAD_STATUS.notInterested }, 'Please select a feedback.', 'feedback'],
      ];
      for (const [input, message, field] of cases) {
        const res = await submit(caller.session, input);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(res.error?.message, JSON.stringify(input)).toBe(message);
        expect(res.error?.data.fieldErrors?.[field], JSON.stringify(input)).toBe(message);
      }
      // A number past any id names no head, as another company's head: not found.
      const pastIds = await submit(caller.session, form(id, '2', { telemarketer_handler: 99_999_999_999 }));
      expect(pastIds.status).toBe(404);
      expect(pastIds.error?.message).toBe('Telecaller head not found.');
      expect(await leadRow(id)).toEqual(before);
      expect(await historyRows(id)).toEqual([]);

      // The no-submit screen's own feedback is accepted there.
      const ok = await submit(caller.session, { leadId: id, variant: 'noSubmit', status: LEAD_STATUS.notInterested, feedback: 'Neutral', optional_number: '' });
      expect(ok.status, JSON.stringify(ok.error)).toBe(200);
      expect((await historyRows(id))[0]).toMatchObject({ status: '3', feedback: 'Neutral', optional_number: null });
    });
  });

  describe('not connected', () => {
    it('records an attempt, keeps the status, hides the lead until its retry time, and counts attempts on the card', async () => {
      const { company, caller, head } = await team(t);
      const id = await leadOf(caller, company.id);
      expect(await queueIds(caller.session, 'pending')).toEqual([id]);
      await open(caller.session, id, 'pending');

      const res = await notConnected(caller.session, id, { outcome: 'switched_off', call_duration: 12 });
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data).toMatchObject({ status: '0', attempts: 1 });
      const retryAt = Date.parse(res.data.retryAt!);
      expect(retryAt).toBeGreaterThan(Date.now() + 119 * 60_000);
      expect(retryAt).toBeLessThanOrEqual(Date.now() + 120 * 60_000);

      const row = await leadRow(id);
      expect(row).toMatchObject({ status: '0', attempts: 1, opened_from_status: null });
      expect(await historyRows(id)).toEqual([
        expect.objectContaining({ kind: 'attempt', outcome: 'switched_off', status: '0', call_duration: 12, invalid_reason: null, user_id: caller.id }),
      ]);
      for (const q of QUEUES.filter((x) => x !== 'junior')) expect(await queueIds(caller.session, q), q).not.toContain(id);

      await db()
        .updateTable('leads')
        .set({ retry_at: minutes(nowIso(), -1) })
        .where('id', '=', id)
        .execute();
      const back = await queue(caller.session, 'pending');
      expect(back.data.items).toEqual([expect.objectContaining({ id, attempts: 1 })]);

      // A lead handed to a head sits out of the head's junior queue the same way.
      const handed = await leadOf(caller, company.id, {
        status: LEAD_STATUS.interested,
        handler_id: head.id,
        submit_status: '0',
        handler_assigned_by: caller.id,
      });
      await notConnected(head.session, handed, { outcome: 'no_answer' });
      expect(await leadRow(handed)).toMatchObject({ status: '2', attempts: 1 });
      expect(await queueIds(head.session, 'junior')).toEqual([]);
      await db()
        .updateTable('leads')
        .set({ retry_at: minutes(nowIso(), -1) })
        .where('id', '=', handed)
        .execute();
      expect(await queueIds(head.session, 'junior')).toEqual([handed]);
    });

    it('puts an opened lead back to the status it was opened from', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      await open(caller.session, id, 'new');
      expect((await leadRow(id)).status).toBe('6');
      await notConnected(caller.session, id);
      expect(await leadRow(id)).toMatchObject({ status: '0', attempts: 1 });
      // A follow-up opened keeps '4' (opening changes nothing) and an unanswered call keeps it too.
      const followUp = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp });
      await open(caller.session, followUp, 'followUp');
      expect((await leadRow(followUp)).status).toBe('4');
      await notConnected(caller.session, followUp);
      expect(await leadRow(followUp)).toMatchObject({ status: '4', attempts: 1 });
    });

    it("turns invalid, 'Not reachable', at the company's attempt limit; a connected submit resets the attempts", async () => {
      const { company, caller } = await team(t);
      await db().updateTable('subadmins').set({ attempt_limit: 3, retry_delay_minutes: 30 }).where('id', '=', company.id).execute();
      const id = await leadOf(caller, company.id);
      const first = await notConnected(caller.session, id);
      expect(Date.parse(first.data.retryAt!)).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
      const second = await notConnected(caller.session, id, { outcome: 'not_reachable' });
      expect(second.data).toMatchObject({ status: '0', attempts: 2 });
      const third = await notConnected(caller.session, id, { outcome: 'no_answer' });
      expect(third.data).toMatchObject({ status: '5', attempts: 3, retryAt: null });
      expect(await leadRow(id)).toMatchObject({ status: '5', attempts: 3, retry_at: null });
      const rows = await historyRows(id);
      expect(rows.map((r) => [r.kind, r.outcome, r.status, r.invalid_reason])).toEqual([
        ['attempt', 'busy', '0', null],
        ['attempt', 'not_reachable', '0', null],
        ['attempt', 'no_answer', '5', 'Not reachable'],
      ]);
      expect(await queueIds(caller.session, 'invalid')).toEqual([id]);

      const other = await leadOf(caller, company.id);
      // Two different unanswered calls (the same one twice at once would count once).
      await notConnected(caller.session, other);
      await notConnected(caller.session, other, { outcome: 'switched_off' });
      expect((await leadRow(other)).attempts).toBe(2);
      await open(caller.session, other);
      await submit(caller.session, form(other, '3'));
      expect(await leadRow(other)).toMatchObject({ status: '3', attempts: 0, retry_at: null });
      // The count starts again: one more unanswered call is attempt 1, not the third.
      const again = await notConnected(caller.session, other);
      expect(again.data).toMatchObject({ status: '3', attempts: 1 });
    });
  });

  describe('work the queue', () => {
    it('answers the next lead of the queue in order after submit and not connected, wrapping to the start', async () => {
      const { company, caller } = await team(t);
      const [a, b, c, d] = [
        await leadOf(caller, company.id),
        await leadOf(caller, company.id),
        await leadOf(caller, company.id),
        await leadOf(caller, company.id),
      ];

      const openB = await open(caller.session, b!, 'pending');
      expect(openB.data.queue).toEqual({ name: 'pending', previousId: a, nextId: c });
      expect((await submit(caller.session, form(b!, '3', { queue: 'pending' }))).data.nextId).toBe(c);

      const openD = await open(caller.session, d!, 'pending');
      expect(openD.data.queue).toEqual({ name: 'pending', previousId: c, nextId: a });
      expect((await notConnected(caller.session, d!, { queue: 'pending' })).data.nextId).toBe(a);

      const openA = await open(caller.session, a!, 'pending');
      expect(openA.data.queue).toEqual({ name: 'pending', previousId: null, nextId: c });
      expect((await submit(caller.session, form(a!, '3', { queue: 'pending' }))).data.nextId).toBe(c);

      await open(caller.session, c!, 'pending');
      expect((await submit(caller.session, form(c!, '3', { queue: 'pending' }))).data.nextId).toBeNull();
      expect((await submit(caller.session, form(c!, '3'))).data.nextId).toBeNull();
    });

    it('walks the callback queue in due order', async () => {
      const zone = noonZone();
      const { company, caller } = await team(t, { zone });
      const today = todayIn(zone);
      const late = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: today, callback_time: '23:00' });
      const early = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: today, callback_time: '00:30' });
      const missed = await leadOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: addDays(today, -2), callback_time: '18:00' });
      const res = await open(caller.session, early, 'callback');
      expect(res.data.queue).toEqual({ name: 'callback', previousId: missed, nextId: late });
    });
  });

  describe('access', () => {
    it("a telecaller can neither read nor write another telecaller's or another company's lead", async () => {
      const { company, caller, colleague, head } = await team(t);
      const other = await team(t);
      const mine = await leadOf(caller, company.id);
      const foreign = await leadOf(other.caller, other.company.id);
      for (const [who, id] of [
        [colleague, mine],
        [head, mine],
        [caller, foreign],
      ] as [Person, number][]) {
        const before = await leadRow(id);
        const attempts = [
          await open(who.session, id),
          await query(t.app, 'work.history', { leadId: id }, who.session),
          await submit(who.session, form(id, '3')),
          await notConnected(who.session, id),
        ];
        for (const res of attempts) {
          expect(res.status).toBe(404);
          expect(res.error?.data.code).toBe('NOT_FOUND');
          expect(res.error?.message).toBe('Lead not found.');
        }
        expect(await leadRow(id)).toEqual(before);
        expect(await historyRows(id)).toEqual([]);
      }
      // Its own lead it can work.
      expect((await open(caller.session, mine)).status).toBe(200);
    });

    it('refuses work.* to a sub-admin, a developer and the admin (403), and to the signed-out (401)', async () => {
      const { company, caller } = await team(t);
      const id = await leadOf(caller, company.id);
      const developer = await signedInUser(t, company.id, 'Developer');
      const subadmin = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
      const admin = await insertAdmin(db());
      const adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
      const calls: [(s: Session | null) => ReturnType<typeof query>, string][] = [
        [(s) => query(t.app, 'work.queue', { queue: 'new' }, s), 'queue'],
        [(s) => mutate(t.app, 'work.open', { leadId: id }, s), 'open'],
        [(s) => mutate(t.app, 'work.submit', form(id, '3'), s), 'submit'],
        [(s) => mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy' }, s), 'notConnected'],
        [(s) => query(t.app, 'work.history', { leadId: id }, s), 'history'],
        [(s) => query(t.app, 'work.heads', undefined, s), 'heads'],
        [(s) => query(t.app, 'work.reminders', undefined, s), 'reminders'],
      ];
      for (const [call, name] of calls) {
        for (const s of [subadmin, developer.session, adminSession]) {
          const res = await call(s);
          expect(res.status, name).toBe(403);
          expect(res.error?.data.code).toBe('FORBIDDEN');
        }
        expect((await call(null)).status, name).toBe(401);
      }
      expect(await leadRow(id)).toMatchObject({ status: '0', attempts: 0 });
      expect(await historyRows(id)).toEqual([]);
    });

    it("lists the company's live heads only", async () => {
      const { company, caller, head } = await team(t);
      await insertUser(db(), company.id, 'Telicaller-hade', { is_blocked: 1 });
      const other = await insertCompany(db());
      await insertUser(db(), other.id, 'Telicaller-hade');
      const res = await query(t.app, 'work.heads', undefined, caller.session);
      expect(res.data).toEqual([{ id: head.id, name: head.name }]);
    });
  });

  describe('callback reminders', () => {
    it('remind of callbacks due within 15 minutes and missed ones, not later ones', async () => {
      const zone = noonZone();
      const { company, caller, colleague } = await team(t, { zone });
      const today = todayIn(zone);
      const cb = (at: { date: string; time: string }, who: Person = caller) =>
        leadOf(who, company.id, { status: LEAD_STATUS.followUp, callback_date: at.date, callback_time: at.time });
      const soon = await cb(wallClock(zone, 10));
      const justPast = await cb(wallClock(zone, -5));
      const missed = await cb(wallClock(zone, -90));
      const yesterday = await cb({ date: addDays(today, -1), time: '11:00' });
      await cb(wallClock(zone, 25));
      await cb(wallClock(zone, 120));
      await cb({ date: addDays(today, 1), time: '00:05' });
      await cb(wallClock(zone, 5), colleague);
      const waiting = await cb(wallClock(zone, 5));
      await db()
        .updateTable('leads')
        .set({ retry_at: minutes(nowIso(), 30) })
        .where('id', '=', waiting)
        .execute();

      const res = await query(t.app, 'work.reminders', undefined, caller.session);
      expect(res.status).toBe(200);
      expect(res.data.map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([
        // Due ones first, soonest first; then missed ones, latest first.
        [justPast, 'due'],
        [soon, 'due'],
        [missed, 'missed'],
        [yesterday, 'missed'],
      ]);
    });
  });

  describe('dashboard tiles', () => {
    it('each lead tile equals the total of its queue', async () => {
      const zone = noonZone();
      const { company, caller, colleague, head } = await team(t, { zone });
      const today = todayIn(zone);
      const { from } = todayBounds(zone);
      const soon = minutes(nowIso(), 60);
      const gone = minutes(nowIso(), -60);
      const mine = (over: LeadFixture) => leadOf(caller, company.id, over);
      await mine({ telicaller_send_date: minutes(from, 5) });
      await mine({ telicaller_send_date: minutes(from, 5), retry_at: soon });
      await mine({ telicaller_send_date: minutes(from, 5), retry_at: gone });
      await mine({});
      await mine({ retry_at: soon });
      await mine({ status: LEAD_STATUS.interested });
      await mine({ status: LEAD_STATUS.interested, retry_at: soon });
      await mine({ status: LEAD_STATUS.interested, lead_quality: 'poor' });
      await mine({ status: LEAD_STATUS.notInterested });
      await mine({ status: LEAD_STATUS.notInterested, retry_at: soon });
      await mine({ status: LEAD_STATUS.followUp, callback_date: today, callback_time: '18:00' });
      await mine({ status: LEAD_STATUS.followUp, callback_date: addDays(today, -1), callback_time: '18:00' });
      await mine({ status: LEAD_STATUS.followUp, callback_date: addDays(today, 1), callback_time: '18:00' });
      await mine({ status: LEAD_STATUS.followUp, callback_date: today, callback_time: '18:00', retry_at: soon });
      await mine({ status: LEAD_STATUS.followUp });
      await mine({ status: LEAD_STATUS.invalid });
      await mine({ status: LEAD_STATUS.noSubmit });
      await mine({ status: LEAD_STATUS.noSubmit, retry_at: soon });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0' });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0', retry_at: soon });
      await leadOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '1' });
      await leadOf(head, company.id, { status: LEAD_STATUS.notInterested });

      const tileQueues: [string, Queue][] = [
        ['newLeads', 'new'],
        ['pendingLeads', 'pending'],
        ['callbackToday', 'callback'],
        ['interestedLeads', 'interested'],
        ['notInterestedLeads', 'notInterested'],
        ['followUpLeads', 'followUp'],
        ['invalidLeads', 'invalid'],
        ['noSubmitLeads', 'noSubmit'],
      ];
      const expected: Record<string, number> = {
        newLeads: 2,
        pendingLeads: 1,
        callbackToday: 2,
        interestedLeads: 1,
        notInterestedLeads: 1,
        followUpLeads: 4,
        invalidLeads: 1,
        noSubmitLeads: 1,
      };
      const tiles = (await query(t.app, 'dashboard.tiles', undefined, caller.session)).data.counts;
      for (const [tile, q] of tileQueues) {
        expect(tiles[tile], tile).toBe(expected[tile]);
        expect((await queue(caller.session, q)).data.total, q).toBe(tiles[tile]);
      }
      expect(tiles.juniorLeads).toBe(0);

      const headTiles = (await query(t.app, 'dashboard.tiles', undefined, head.session)).data.counts;
      expect(headTiles.juniorLeads).toBe(1);
      expect((await queue(head.session, 'junior')).data.total).toBe(headTiles.juniorLeads);
      for (const [tile, q] of tileQueues) expect((await queue(head.session, q)).data.total, q).toBe(headTiles[tile]);
      expect(headTiles.notInterestedLeads).toBe(1);
    });
  });
});
