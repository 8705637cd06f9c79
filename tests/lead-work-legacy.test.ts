import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { historyValues, insertAdmin, insertCompany, insertUploadedLead, insertUser, leadValues, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { signedInUser, team } from './helpers/company.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import type { UserType } from '../server/db/schema.js';
import { nowIso } from '../server/db/dialect.js';
import { LEGACY_LEADS_CAP } from '../server/services/leads/lists.service.js';
import { addDays, todayBounds, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

type Method = 'GET' | 'POST';
type Via = 'bearer' | 'cookie';

/** The original client's lead fields, which every lead list answers. */
const LEAD_FIELDS = [
  'id',
  'customer_id',
  'name',
  'mobile',
  'requirement',
  'area',
  'category',
  'upload_date',
  'telicaller_id',
  'telicaller_send_date',
  'created_at',
  'status',
  'submit_status',
  'lead_quality',
];
const HISTORY_FIELDS = [
  'status',
  'feedback',
  'call_duration',
  'remarks',
  'created_at',
  'telimaker_handler',
  'telimaker_handler_name',
  'telicaller_display_name',
  'telicaller_name',
  'user_type',
  'reason',
  'call_back',
  'call_back_date',
  'call_back_time',
  'optional_whatsapp_no',
  'optional_number',
];

describe.each(dialects)('lead work legacy REST on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  /** A legacy call with a bearer token (the original client) or the session cookie (same-origin pages). */
  async function call(method: Method, url: string, session: Session | null, payload?: unknown, via: Via = 'bearer') {
    const headers: Record<string, string> = {};
    if (session && via === 'bearer') headers.authorization = `Bearer ${session.token}`;
    if (session && via === 'cookie') headers.cookie = session.cookie;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await t.app.inject({ method, url: `/api/webapi${url}`, headers, payload: payload === undefined ? undefined : JSON.stringify(payload) });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }

  const lead = (companyId: number, over: LeadFixture = {}) => insertUploadedLead(db(), companyId, over);
  const pendingOf = (p: { id: number }, companyId: number, over: Parameters<typeof lead>[1] = {}) =>
    lead(companyId, { telicaller_id: p.id, telicaller_send_date: minutes(nowIso(), -3 * 1440), ...over });
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (id: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', id).orderBy('id').execute();

  describe('access', () => {
    const ROUTES: [Method, string, UserType[]][] = [
      ['GET', '/getLeads', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getLeadsALL', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getLeadsPending', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getCallbacks', ['Telicaller', 'Telicaller-hade']],
      ['POST', '/update-status', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getCallHistory?customer_id=1', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getTelicallerHeads', ['Telicaller', 'Telicaller-hade']],
      ['POST', '/getTelecallerNames', ['Telicaller', 'Telicaller-hade']],
      ['POST', '/submitLeadForm', ['Telicaller', 'Telicaller-hade']],
      ['GET', '/getAssignedLeadsForHandler', ['Telicaller-hade']],
      ['GET', '/pendingtellecallerCount', ['Telicaller', 'Telicaller-hade']],
    ];

    it.each(ROUTES)('%s %s: 401 signed out, 403 for other roles, in the legacy shape', async (method, url, allowed) => {
      const company = await insertCompany(db());
      const admin = await insertAdmin(db());
      const others: Session[] = [
        await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }),
        await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD }),
      ];
      for (const type of ['Telicaller', 'Telicaller-hade', 'Developer'] as UserType[]) {
        if (!allowed.includes(type)) others.push((await signedInUser(t, company.id, type)).session);
      }
      const body = method === 'POST' ? {} : undefined;
      for (const via of ['bearer', 'cookie'] as Via[]) {
        const anonymous = await call(method, url, null, body, via);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual({ status: false, success: false, message: expect.any(String) });
        for (const s of others) {
          const res = await call(method, url, s, body, via);
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ status: false, success: false, message: 'You do not have access to this.' });
        }
      }
    });

    it('answers the same with the cookie as with the bearer token', async () => {
      const { company, caller } = await team(t);
      const id = await pendingOf(caller, company.id);
      const byCookie = await call('GET', '/getLeadsPending', caller.session, undefined, 'cookie');
      const byBearer = await call('GET', '/getLeadsPending', caller.session, undefined, 'bearer');
      expect(byCookie.status).toBe(200);
      expect(byCookie.body).toEqual(byBearer.body);
      expect(byCookie.body.leads.map((l: { id: number }) => l.id)).toEqual([id]);
      const opened = await call('POST', '/update-status', caller.session, { telicaller_id: caller.id, lead_ids: [id], status: 6 }, 'cookie');
      expect(opened.status).toBe(200);
      expect((await leadRow(id)).status).toBe('6');
    });
  });

  describe('lead lists', () => {
    it("getLeads answers the New Leads queue and getLeadsPending the pending one, in the original client's fields", async () => {
      const { company, caller, colleague } = await team(t);
      const { from } = todayBounds('Asia/Kolkata');
      const fresh = await lead(company.id, {
        telicaller_id: caller.id,
        telicaller_send_date: minutes(from, 1),
        name: 'Fresh',
        requirement: '<p>Needs<br>a site</p>',
      });
      const old = await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, -1), name: 'Old' });
      await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1), retry_at: minutes(nowIso(), 60) });
      await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1), status: LEAD_STATUS.notInterested });
      await lead(company.id, { telicaller_id: colleague.id, telicaller_send_date: minutes(from, 1) });

      const res = await call('GET', '/getLeads', caller.session);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, total: 1, message: 'Leads fetched successfully' });
      expect(res.body.leads).toHaveLength(1);
      const [l] = res.body.leads;
      for (const f of LEAD_FIELDS) expect(l, f).toHaveProperty(f);
      expect(l).toMatchObject({
        id: fresh,
        customer_id: fresh,
        name: 'Fresh',
        requirement: '<p>Needs<br>a site</p>',
        telicaller_id: caller.id,
        telicaller_send_date: minutes(from, 1),
        status: '0',
        submit_status: null,
        lead_quality: null,
        attempts: 0,
      });

      const pending = await call('GET', '/getLeadsPending', caller.session);
      expect(pending.body).toMatchObject({ status: true, total: 1, message: 'Pending leads fetched successfully' });
      expect(pending.body.leads.map((x: { id: number }) => x.id)).toEqual([old]);

      const colleagues = await call('GET', '/getLeads', colleague.session);
      expect(colleagues.body.leads).toHaveLength(1);
      const nobody = await signedInUser(t, company.id);
      expect((await call('GET', '/getLeads', nobody.session)).body).toEqual({ status: true, leads: [], total: 0, message: 'No leads found' });
      expect((await call('GET', '/getLeadsPending', nobody.session)).body).toEqual({ status: true, leads: [], total: 0, message: 'No pending leads found' });
    });

    it('getLeadsALL answers every lead assigned to the user, newest activity first, capped and paged', async () => {
      const { company, caller, colleague } = await team(t);
      const ids: number[] = [];
      for (const status of ['0', '2', '3', '4', '5', '6']) ids.push(await pendingOf(caller, company.id, { status }));
      ids.push(await pendingOf(caller, company.id, { retry_at: minutes(nowIso(), 60) }));
      await pendingOf(colleague, company.id);
      await pendingOf(caller, company.id, { visible: 0 });
      const other = await insertCompany(db());
      await lead(other.id, { telicaller_id: caller.id });
      // Touch one so it is the newest activity.
      await db()
        .updateTable('leads')
        .set({ updated_at: minutes(nowIso(), 5) })
        .where('id', '=', ids[2]!)
        .execute();

      const res = await call('GET', '/getLeadsALL', caller.session);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      expect(res.body.total).toBe(7);
      const order = [ids[2]!, ...ids.filter((id) => id !== ids[2]).reverse()];
      expect(res.body.leads.map((l: { id: number }) => l.id)).toEqual(order);
      for (const f of LEAD_FIELDS) expect(res.body.leads[0], f).toHaveProperty(f);

      const page2 = await call('GET', '/getLeadsALL?page=2&pageSize=3', caller.session);
      expect(page2.body.leads.map((l: { id: number }) => l.id)).toEqual(order.slice(3, 6));
      const tooMany = await call('GET', `/getLeadsALL?pageSize=${LEGACY_LEADS_CAP + 1}`, caller.session);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({ status: false, success: false, message: `pageSize must be a whole number from 1 to ${LEGACY_LEADS_CAP}.` });
    });

    it('getLeadsALL stops at the cap and says how many there are', async () => {
      const { company, caller } = await team(t);
      const now = nowIso();
      const rows = Array.from({ length: LEGACY_LEADS_CAP + 5 }, (_, i) =>
        leadValues(company.id, {
          name: `Bulk ${i}`,
          category: 'Local Leads',
          upload_date: now,
          telicaller_id: caller.id,
          telicaller_send_date: now,
          created_at: now,
          updated_at: now,
        }),
      );
      for (let i = 0; i < rows.length; i += 250)
        await db()
          .insertInto('leads')
          .values(rows.slice(i, i + 250))
          .execute();
      const res = await call('GET', '/getLeadsALL', caller.session);
      expect(res.body.total).toBe(LEGACY_LEADS_CAP + 5);
      expect(res.body.leads).toHaveLength(LEGACY_LEADS_CAP);
      const rest = await call('GET', `/getLeadsALL?page=2&pageSize=${LEGACY_LEADS_CAP}`, caller.session);
      expect(rest.body.leads).toHaveLength(5);
    });

    it("getCallbacks answers today's and missed callbacks in the original client's fields", async () => {
      const { company, caller, colleague } = await team(t);
      const today = todayIn('Asia/Kolkata');
      const missed = await pendingOf(caller, company.id, {
        status: LEAD_STATUS.followUp,
        name: 'Missed',
        mobile: '9811111111',
        requirement: 'CRM',
        callback_date: addDays(today, -1),
        callback_time: '10:00',
      });
      const todays = await pendingOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: today, callback_time: '23:59' });
      await pendingOf(caller, company.id, { status: LEAD_STATUS.followUp, callback_date: addDays(today, 1), callback_time: '10:00' });
      await pendingOf(colleague, company.id, { status: LEAD_STATUS.followUp, callback_date: today, callback_time: '10:00' });

      const res = await call('GET', '/getCallbacks', caller.session);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, total: 2, message: 'Callbacks fetched successfully' });
      expect(res.body.callbacks[0]).toEqual({
        id: missed,
        name: 'Missed',
        mobile: '9811111111',
        requirement: 'CRM',
        call_back_date: addDays(today, -1),
        call_back_time: '10:00',
        callback_state: 'missed',
      });
      expect(res.body.callbacks[1]).toMatchObject({ id: todays, call_back_date: today, call_back_time: '23:59' });
      const none = await signedInUser(t, company.id);
      expect((await call('GET', '/getCallbacks', none.session)).body).toEqual({
        status: true,
        callbacks: [],
        total: 0,
        message: 'No callbacks scheduled for today',
      });
    });

    it("getAssignedLeadsForHandler answers the head's junior leads with who handed each over", async () => {
      const { company, caller, colleague, head } = await team(t);
      const named = await pendingOf(colleague, company.id, {
        status: LEAD_STATUS.interested,
        handler_id: head.id,
        submit_status: '0',
        handler_assigned_by: caller.id,
      });
      const unknown = await pendingOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0' });
      await pendingOf(colleague, company.id, { status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '1', handler_assigned_by: caller.id });

      const res = await call('GET', '/getAssignedLeadsForHandler', head.session);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, total: 2, message: 'Assigned leads fetched successfully' });
      expect(
        res.body.leads.map((l: Record<string, unknown>) => [l.id, l.customer_id, l.assigned_by, l.assigned_by_name, l.submit_status, l.telicaller_id]),
      ).toEqual([
        [named, named, caller.id, caller.name, '0', colleague.id],
        [unknown, unknown, null, 'Unknown', '0', colleague.id],
      ]);
      const otherHead = await signedInUser(t, company.id, 'Telicaller-hade');
      expect((await call('GET', '/getAssignedLeadsForHandler', otherHead.session)).body).toEqual({
        status: true,
        leads: [],
        total: 0,
        message: 'No assigned leads found',
      });
    });
  });

  describe('update-status', () => {
    it("status 6 opens each of the caller's leads and leaves another's untouched", async () => {
      const { company, caller, colleague } = await team(t);
      const a = await pendingOf(caller, company.id);
      const b = await pendingOf(caller, company.id, { status: LEAD_STATUS.notInterested });
      const theirs = await pendingOf(colleague, company.id);
      const theirsBefore = await leadRow(theirs);

      const res = await call('POST', '/update-status', caller.session, { telicaller_id: caller.id, lead_ids: [a, b, theirs], status: 6 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true, success: true, message: 'Lead status updated successfully!', updated: [a, b], not_found: [theirs] });
      expect(await leadRow(a)).toMatchObject({ status: '6', opened_from_status: '0' });
      expect(await leadRow(b)).toMatchObject({ status: '6', opened_from_status: '3' });
      expect(await leadRow(theirs)).toEqual(theirsBefore);

      // Only another's leads: not found and untouched, whatever telicaller_id the body names.
      const refused = await call('POST', '/update-status', caller.session, { telicaller_id: colleague.id, lead_ids: [theirs], status: 6 });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ status: false, success: false, message: 'Lead not found.' });
      expect(await leadRow(theirs)).toEqual(theirsBefore);
    });

    it("a submit status goes through the lead form's rules and writes a history row per lead", async () => {
      const { company, caller, colleague } = await team(t);
      const a = await pendingOf(caller, company.id);
      const b = await pendingOf(caller, company.id);
      const theirs = await pendingOf(colleague, company.id);

      const bad: [Record<string, unknown>, string][] = [
        [{ lead_ids: [a], status: 3 }, 'Please select a feedback.'],
        [{ lead_ids: [a], status: 5, feedback: 'Wrong Lead' }, 'Please provide invalid reason'],
        [{ lead_ids: [a], status: 0, feedback: 'Running' }, 'Please select a status'],
        [{ lead_ids: [a], feedback: 'Running' }, 'Please select a status'],
        [{ lead_ids: [a], status: 3, feedback: 'Price Issue', call_duration: '1:2' }, 'Call duration must be HH:MM:SS.'],
        [{ lead_ids: [], status: 3, feedback: 'Price Issue' }, 'Select at least one lead.'],
        [{ lead_ids: ['x'], status: 3, feedback: 'Price Issue' }, 'A valid id is required.'],
      ];
      for (const [body, message] of bad) {
        const res = await call('POST', '/update-status', caller.session, { telicaller_id: caller.id, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ status: false, success: false, message });
      }
      expect(await historyRows(a)).toEqual([]);
      expect((await leadRow(a)).status).toBe('0');

      const res = await call('POST', '/update-status', caller.session, {
        telicaller_id: caller.id,
        lead_ids: [a, b, theirs],
        status: 3,
        feedback: 'Price Issue',
        call_duration: '0 : 2 : 5',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: true, message: 'Lead status updated successfully!', updated: [a, b], not_found: [theirs] });
      for (const id of [a, b]) {
        expect((await leadRow(id)).status).toBe('3');
        expect(await historyRows(id)).toEqual([expect.objectContaining({ status: '3', feedback: 'Price Issue', call_duration: 125, user_id: caller.id })]);
      }
      expect((await leadRow(theirs)).status).toBe('0');
      expect(await historyRows(theirs)).toEqual([]);
    });
  });

  describe('submitLeadForm', () => {
    it("maps the original form onto the lead form and answers the original client's message", async () => {
      const { company, caller, head } = await team(t);
      const id = await pendingOf(caller, company.id, { name: 'Kiran', area: 'Pune' });
      await call('POST', '/update-status', caller.session, { telicaller_id: caller.id, lead_ids: [id], status: 6 });

      const res = await call('POST', '/submitLeadForm', caller.session, {
        customer_id: id,
        name: 'Changed name',
        service: 'Changed service',
        area_name: 'Changed area',
        whatsapp: 9000000001,
        optional_number: '8000000002',
        call_duration: '0 : 3 : 7',
        status: 2,
        feedback: 'Deal Close',
        telemarketer_handler: String(head.id),
        demo: true,
        project_name: 'Shop site',
        remarks: 'Call after 6',
        callback: false,
        callback_date: '',
        callback_time: '',
        invalid_reason: '',
        lead_quality: 'Good',
        submit_status: '0',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: true, message: 'Form submitted successfully' });
      // The read-only copies in the form do not rewrite the lead.
      expect(await leadRow(id)).toMatchObject({
        name: 'Kiran',
        area: 'Pune',
        status: '2',
        lead_quality: 'good',
        handler_id: head.id,
        handler_assigned_by: caller.id,
        submit_status: '0',
      });
      expect(await historyRows(id)).toEqual([
        expect.objectContaining({
          status: '2',
          feedback: 'Deal Close',
          call_duration: 187,
          handler_id: head.id,
          demo: 1,
          project_name: 'Shop site',
          remarks: 'Call after 6',
          optional_whatsapp: '9000000001',
          optional_number: '8000000002',
          lead_quality: 'good',
          callback: 0,
        }),
      ]);

      // The head's form: submit_status '1', feedback not insisted on.
      const headRes = await call('POST', '/submitLeadForm', head.session, {
        customer_id: id,
        status: LEAD_STATUS.followUp,
        submit_status: '1',
        callback: '0',
        call_duration: '00:00:30',
      });
      expect(headRes.status, JSON.stringify(headRes.body)).toBe(200);
      expect(await leadRow(id)).toMatchObject({ status: '4', submit_status: '1' });
    });

    it("stores a callback with seconds trimmed; the no-submit screen's feedback; refuses bad input and another's lead, changing nothing", async () => {
      const { company, caller, colleague } = await team(t);
      const id = await pendingOf(caller, company.id);
      const tomorrow = addDays(todayIn('Asia/Kolkata'), 1);

      const bad: [Record<string, unknown>, string][] = [
        [{ customer_id: id, feedback: 'Running' }, 'Please select a status'],
        [{ customer_id: id, feedback: 'Positive' }, 'Please select a status.'],
        [{ customer_id: id, status: '5', feedback: 'Wrong Lead', invalid_reason: '' }, 'Please provide invalid reason'],
        [{ customer_id: id, status: '4', feedback: 'Follow-up Option', callback: true, callback_date: tomorrow }, 'Please provide callback date and time'],
        [{ customer_id: id, status: '3', feedback: 'Running' }, 'Please select a feedback.'],
        [{ customer_id: id, status: '3', feedback: 'Price Issue', optional_number: '98-76' }, 'Optional Number must contain digits only.'],
        [{ customer_id: id, status: '3', feedback: 'Price Issue', call_duration: 'three minutes' }, 'Call duration must be HH:MM:SS.'],
        [
          { customer_id: id, status: '4', feedback: 'Follow-up Option', callback: 1, callback_date: '2020-01-01', callback_time: '10:00' },
          'The callback time has already passed.',
        ],
        [{ status: LEAD_STATUS.notInterested, feedback: 'Price Issue' }, 'A valid id is required.'],
      ];
      const before = await leadRow(id);
      for (const [body, message] of bad) {
        const res = await call('POST', '/submitLeadForm', caller.session, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ status: false, success: false, message });
      }
      expect(await leadRow(id)).toEqual(before);
      expect(await historyRows(id)).toEqual([]);

      const notMine = await call('POST', '/submitLeadForm', colleague.session, { customer_id: id, status: '3', feedback: 'Price Issue' });
      expect(notMine.status).toBe(404);
      expect(notMine.body).toEqual({ status: false, success: false, message: 'Lead not found.' });
      expect(await leadRow(id)).toEqual(before);

      const ok = await call('POST', '/submitLeadForm', caller.session, {
        customer_id: String(id),
        status: LEAD_STATUS.followUp,
        feedback: 'Follow-up Option',
        callback: '1',
        callback_date: tomorrow,
        callback_time: '10:30:00',
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(await leadRow(id)).toMatchObject({ status: '4', callback_date: tomorrow, callback_time: '10:30' });

      const noSubmit = await call('POST', '/submitLeadForm', caller.session, { customer_id: id, status: 3, feedback: 'Negative' });
      expect(noSubmit.status, JSON.stringify(noSubmit.body)).toBe(200);
      expect((await historyRows(id)).map((h) => h.feedback)).toEqual(['Follow-up Option', 'Negative']);
    });
  });

  describe('history, heads and names', () => {
    it("getCallHistory answers the original client's fields, newest first, for the caller's lead only", async () => {
      const { company, caller, colleague, head } = await team(t);
      const id = await pendingOf(caller, company.id);
      const today = todayIn('Asia/Kolkata');
      await mutate(t.app, 'work.notConnected', { leadId: id, outcome: 'busy', call_duration: 4 }, caller.session);
      await db().updateTable('leads').set({ retry_at: null }).where('id', '=', id).execute();
      await mutate(
        t.app,
        'work.submit',
        {
          leadId: id,
          status: LEAD_STATUS.followUp,
          feedback: 'Follow-up Option',
          call_duration: 3725,
          callback: true,
          callback_date: addDays(today, 2),
          callback_time: '11:15',
          whatsapp: '9000000001',
          remarks: 'Asked to call back',
        },
        caller.session,
      );
      await mutate(
        t.app,
        'work.submit',
        { leadId: id, status: LEAD_STATUS.interested, feedback: 'Running', telemarketer_handler: head.id, call_duration: 59 },
        caller.session,
      );

      const res = await call('GET', `/getCallHistory?customer_id=${id}`, caller.session);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      const [handoff, followUp, attempt] = res.body.history;
      for (const f of HISTORY_FIELDS) expect(handoff, f).toHaveProperty(f);
      expect(handoff).toMatchObject({
        status: '2',
        feedback: 'Running',
        call_duration: '00:00:59',
        telimaker_handler: head.id,
        telimaker_handler_name: head.name,
        telicaller_name: caller.name,
        telicaller_display_name: caller.name,
        user_type: 'Telicaller',
        call_back: '0',
        reason: null,
      });
      expect(followUp).toMatchObject({
        status: '4',
        call_duration: '01:02:05',
        telimaker_handler: 0,
        telimaker_handler_name: 'Not Assigned',
        call_back: '1',
        call_back_date: addDays(today, 2),
        call_back_time: '11:15',
        optional_whatsapp_no: '9000000001',
        optional_number: null,
        remarks: 'Asked to call back',
      });
      expect(attempt).toMatchObject({ kind: 'attempt', status: '0', call_duration: '00:00:04', reason: 'Busy', call_back: '0' });

      // A history row whose author is not known reads 'Unknown'.
      await db()
        .insertInto('lead_history')
        .values(historyValues(company.id, id, { created_at: minutes(nowIso(), 1) }))
        .execute();
      const withUnknown = await call('GET', `/getCallHistory?customer_id=${id}`, caller.session);
      expect(withUnknown.body.history[0]).toMatchObject({ telicaller_name: 'Unknown', status: '3' });

      const fresh = await pendingOf(caller, company.id);
      expect((await call('GET', `/getCallHistory?customer_id=${fresh}`, caller.session)).body).toEqual({
        status: true,
        history: [],
        message: 'No history found',
      });
      const notMine = await call('GET', `/getCallHistory?customer_id=${id}`, colleague.session);
      expect(notMine.status).toBe(404);
      expect(notMine.body).toEqual({ status: false, success: false, message: 'Lead not found.' });
      const foreign = await team(t);
      expect((await call('GET', `/getCallHistory?customer_id=${id}`, foreign.caller.session)).status).toBe(404);
      // A number past any id names no lead (Postgres refused it with a 500 before).
      const huge = await call('GET', '/getCallHistory?customer_id=99999999999', caller.session);
      expect(huge.status).toBe(404);
      expect(huge.body.message).toBe('Lead not found.');
      const missing = await call('GET', '/getCallHistory', caller.session);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('A valid id is required.');
    });

    it("getTelicallerHeads lists the company's live heads; getTelecallerNames names the company's users, and another's id is not found", async () => {
      const { company, caller, colleague, head } = await team(t);
      await insertUser(db(), company.id, 'Telicaller-hade', { is_blocked: 1 });
      const other = await team(t);

      const heads = await call('GET', '/getTelicallerHeads', caller.session);
      expect(heads.body).toEqual({ status: true, telicallerHeads: [{ id: head.id, name: head.name }] });

      const names = await call('POST', '/getTelecallerNames', caller.session, { ids: [caller.id, String(colleague.id), head.id] });
      expect(names.status).toBe(200);
      expect(names.body).toEqual({ status: true, names: { [caller.id]: caller.name, [colleague.id]: colleague.name, [head.id]: head.name } });
      for (const stranger of [other.caller.id, 999_999]) {
        const refused = await call('POST', '/getTelecallerNames', caller.session, { ids: [caller.id, stranger] });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ status: false, success: false, message: 'User not found.' });
      }
      const bad = await call('POST', '/getTelecallerNames', caller.session, { ids: 'all' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Send the ids as a list.');
    });
  });

  it("pendingtellecallerCount answers the 7 lead counts in the original client's order, equal to the dashboard's", async () => {
    const { company, caller, head } = await team(t);
    const { from } = todayBounds('Asia/Kolkata');
    const mine = (over: Parameters<typeof lead>[1]) => pendingOf(caller, company.id, over);
    await mine({ telicaller_send_date: minutes(from, 1) });
    await mine({ telicaller_send_date: minutes(from, 2) });
    for (let i = 0; i < 3; i++) await mine({});
    for (let i = 0; i < 4; i++) await mine({ status: LEAD_STATUS.interested });
    for (let i = 0; i < 5; i++) await mine({ status: LEAD_STATUS.notInterested });
    for (let i = 0; i < 6; i++) await mine({ status: LEAD_STATUS.followUp });
    for (let i = 0; i < 7; i++) await mine({ status: LEAD_STATUS.invalid });
    for (let i = 0; i < 8; i++) await mine({ status: LEAD_STATUS.noSubmit });
    await mine({ status: LEAD_STATUS.noSubmit, retry_at: minutes(nowIso(), 30) });

    const res = await call('GET', '/pendingtellecallerCount', caller.session);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const tiles = (await query(t.app, 'dashboard.tiles', undefined, caller.session)).data.counts;
    expect(res.body).toEqual([
      tiles.newLeads,
      tiles.pendingLeads,
      tiles.interestedLeads,
      tiles.notInterestedLeads,
      tiles.followUpLeads,
      tiles.invalidLeads,
      tiles.noSubmitLeads,
    ]);
    expect((await call('GET', '/pendingtellecallerCount', head.session)).body).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
