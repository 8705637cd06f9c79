import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { historyValues, insertAdmin, insertLeadRows, insertUser, PASSWORD, uniqueMobile } from './helpers/fixtures.js';
import { legacy, query, signIn, type Session } from './helpers/http.js';
import { insertLeads } from '../server/services/leads/leads.repository.js';
import { nowIso } from '../server/db/dialect.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/** The original client's columns first, unchanged, then the lead's work (docs/lead-fields-lists.md#exports). */
const HEADER = 'Id,Name,Mobile,Requirement,Area,Category,Upload Time,Status,Owner,Last outcome,Feedback,Note,Callback,Attempts,Source,Email';

describe.each(dialects)('sub-admin lead lists on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  const company = () => signedInSubadmin(t);

  async function exportCsv(session: Session | null, params: Record<string, string | number>, via: 'cookie' | 'bearer' = 'cookie') {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const headers: Record<string, string> = {};
    if (session) {
      if (via === 'cookie') headers.cookie = session.cookie;
      else headers.authorization = `Bearer ${session.token}`;
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/webapi/leads/export.csv${qs ? `?${qs}` : ''}`, headers });
    return res;
  }

  /** The CSV's records (without the BOM), split on CRLF outside quotes. */
  function csvRecords(body: string): string[] {
    expect(body.startsWith('\uFEFF')).toBe(true);
    const text = body.slice(1);
    const records: string[] = [];
    let start = 0;
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === '\r' && text[i + 1] === '\n') {
        records.push(text.slice(start, i));
        start = i + 2;
        i++;
      }
    }
    expect(start).toBe(text.length);
    return records;
  }

  describe('telecallers with leads of a list', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let caller: { id: number; name: string };
    let head: { id: number; name: string };
    let blocked: { id: number; name: string };
    let otherCaller: { id: number; name: string };
    let b: Awaited<ReturnType<typeof company>>;

    beforeAll(async () => {
      a = await company();
      b = await company();
      caller = await insertUser(db(), a.id, 'Telicaller', { name: 'Zara Caller' });
      head = await insertUser(db(), a.id, 'Telicaller-hade', { name: 'Arun Head' });
      blocked = await insertUser(db(), a.id, 'Telicaller', { name: 'Bela Blocked', is_blocked: 1 });
      await insertUser(db(), a.id, 'Telicaller', { name: 'Idle Caller' });
      otherCaller = await insertUser(db(), b.id, 'Telicaller', { name: 'Other Company Caller' });
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await insertLeadRows(db(), a.id, [
        { telicaller_id: caller.id, status: LEAD_STATUS.new },
        { telicaller_id: caller.id, status: LEAD_STATUS.new, telicaller_send_date: yesterday },
        { telicaller_id: caller.id, status: LEAD_STATUS.new },
        { telicaller_id: caller.id, status: LEAD_STATUS.new, visible: 0 },
        { telicaller_id: caller.id, status: LEAD_STATUS.noSubmit },
        { telicaller_id: caller.id, status: LEAD_STATUS.interested },
        { telicaller_id: caller.id, status: LEAD_STATUS.interested, lead_quality: 'good' },
        { telicaller_id: caller.id, status: LEAD_STATUS.notInterested },
        { telicaller_id: caller.id, status: LEAD_STATUS.followUp, callback_date: '2030-01-02' },
        { telicaller_id: caller.id, status: LEAD_STATUS.invalid },
        { telicaller_id: head.id, status: LEAD_STATUS.new },
        { telicaller_id: head.id, status: LEAD_STATUS.notInterested },
        { telicaller_id: head.id, status: LEAD_STATUS.notInterested },
        { telicaller_id: blocked.id, status: LEAD_STATUS.new },
        { status: LEAD_STATUS.new },
        { status: LEAD_STATUS.new },
      ]);
      await insertLeadRows(db(), b.id, [
        { telicaller_id: otherCaller.id, status: LEAD_STATUS.new },
        { telicaller_id: otherCaller.id, status: LEAD_STATUS.invalid },
        // a crafted row pointing at company A's telecaller: never counted for A
        { telicaller_id: caller.id, status: LEAD_STATUS.new },
      ]);
    });

    it('counts per telecaller and status, most first, excluding other companies, invisible leads and other statuses', async () => {
      const pending = await query(t.app, 'leads.byTelecaller', { status: 'pending', page: 1, pageSize: 20 }, a.session);
      expect(pending.status).toBe(200);
      expect(pending.data).toMatchObject({ total: 3, page: 1, pageSize: 20, leadTotal: 5 });
      expect(pending.data.items).toEqual([
        { id: caller.id, name: 'Zara Caller', user_type: 'Telicaller', blocked: false, deleted: false, count: 3 },
        { id: head.id, name: 'Arun Head', user_type: 'Telicaller-hade', blocked: false, deleted: false, count: 1 },
        { id: blocked.id, name: 'Bela Blocked', user_type: 'Telicaller', blocked: true, deleted: false, count: 1 },
      ]);

      const notInterested = await query(t.app, 'leads.byTelecaller', { status: 'notInterested', page: 1, pageSize: 20 }, a.session);
      expect(notInterested.data.items.map((r) => [r.id, r.count])).toEqual([
        [head.id, 2],
        [caller.id, 1],
      ]);
      const interested = await query(t.app, 'leads.byTelecaller', { status: 'interested' }, a.session);
      expect(interested.data.items.map((r) => [r.id, r.count])).toEqual([[caller.id, 2]]);
      const followUp = await query(t.app, 'leads.byTelecaller', { status: 'followUp' }, a.session);
      expect(followUp.data.items.map((r) => [r.id, r.count])).toEqual([[caller.id, 1]]);
      const invalid = await query(t.app, 'leads.byTelecaller', { status: 'invalid' }, a.session);
      expect(invalid.data.items.map((r) => [r.id, r.count])).toEqual([[caller.id, 1]]);

      const otherPending = await query(t.app, 'leads.byTelecaller', { status: 'pending' }, b.session);
      expect(otherPending.data.items).toEqual([
        { id: otherCaller.id, name: 'Other Company Caller', user_type: 'Telicaller', blocked: false, deleted: false, count: 1 },
      ]);
    });

    it('pages and searches the telecaller table', async () => {
      const page2 = await query(t.app, 'leads.byTelecaller', { status: 'pending', page: 2, pageSize: 2 }, a.session);
      expect(page2.data).toMatchObject({ total: 3, page: 2 });
      expect(page2.data.items.map((r) => r.id)).toEqual([blocked.id]);
      const search = await query(t.app, 'leads.byTelecaller', { status: 'pending', search: 'arun' }, a.session);
      expect(search.data.items.map((r) => r.id)).toEqual([head.id]);
      const bad = await query(t.app, 'leads.byTelecaller', { status: 'done' }, a.session);
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toBe('Choose a lead list.');
    });

    it('keeps a removed telecaller who still holds worked leads, marked', async () => {
      const gone = await insertUser(db(), a.id, 'Telicaller', { name: 'Gone Caller' });
      await insertLeadRows(db(), a.id, [{ telicaller_id: gone.id, status: LEAD_STATUS.invalid }]);
      await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', gone.id).execute();
      const invalid = await query(t.app, 'leads.byTelecaller', { status: 'invalid' }, a.session);
      expect(invalid.data.items).toContainEqual({ id: gone.id, name: 'Gone Caller', user_type: 'Telicaller', blocked: false, deleted: true, count: 1 });
      const leads = await query(t.app, 'leads.ofTelecaller', { telecallerId: gone.id, status: 'invalid' }, a.session);
      expect(leads.data).toMatchObject({ total: 1, telecaller: { id: gone.id, deleted: true } });
    });

    it("answers the legacy lists in the original client's shapes", async () => {
      const cases = [
        [
          'Pending',
          'pending_leads_count',
          [
            [caller.id, 3],
            [head.id, 1],
            [blocked.id, 1],
          ],
        ],
        ['Interested', 'interested_leads_count', [[caller.id, 2]]],
        [
          'NotInterested',
          'not_interested_leads_count',
          [
            [head.id, 2],
            [caller.id, 1],
          ],
        ],
        ['FollowUp', 'follow_up_leads_count', [[caller.id, 1]]],
      ] as const;
      for (const [word, field, expected] of cases) {
        const res = await legacy(t.app, 'GET', `/getTelecallersWith${word}Leads`, a.session);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(true);
        expect(res.body.telecallers.map((r: Record<string, unknown>) => [r.id, r[field]])).toEqual(expected);
        for (const r of res.body.telecallers) expect(Object.keys(r).sort()).toEqual(['id', 'name', field].sort());
      }
      const invalid = await legacy(t.app, 'GET', '/getTelecallersWithInvalidLeads', a.session);
      expect(invalid.body.status).toBe(true);
      expect(invalid.body.telecallers).toContainEqual({ id: caller.id, name: 'Zara Caller', invalid_leads_count: 1 });

      const pendingLeads = await legacy(t.app, 'GET', `/getPendingLeadsByTelecaller/${caller.id}`, a.session);
      expect(pendingLeads.status).toBe(200);
      expect(pendingLeads.body).toMatchObject({ status: true, total: 3 });
      expect(pendingLeads.body.leads).toHaveLength(3);
      for (const lead of pendingLeads.body.leads) {
        expect(lead).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          mobile: expect.any(String),
          requirement: expect.any(String),
          area: expect.any(String),
          category: expect.any(String),
          upload_date: expect.any(String),
          telicaller_id: caller.id,
          telicaller_send_date: expect.any(String),
          created_at: expect.any(String),
          status: '0',
        });
        expect(lead).toHaveProperty('submit_status');
        expect(lead).toHaveProperty('lead_quality');
      }
      const followUp = await legacy(t.app, 'GET', `/getFollowUpLeadsByTelecaller/${caller.id}`, a.session);
      expect(followUp.body.leads).toEqual([expect.objectContaining({ status: '4', callback_date: '2030-01-02' })]);
      const interested = await legacy(t.app, 'GET', `/getInterestedLeadsByTelecaller/${caller.id}`, a.session);
      expect(interested.body.leads.map((l: { status: string }) => l.status)).toEqual(['2', '2']);
      const notInterested = await legacy(t.app, 'GET', `/getNotInterestedLeadsByTelecaller/${head.id}`, a.session);
      expect(notInterested.body).toMatchObject({ status: true, total: 2 });
      const invalidLeads = await legacy(t.app, 'GET', `/getInvalidLeadsByTelecaller/${caller.id}`, a.session);
      expect(invalidLeads.body.leads.map((l: { status: string }) => l.status)).toEqual(['5']);
      const none = await legacy(t.app, 'GET', `/getInvalidLeadsByTelecaller/${head.id}`, a.session);
      expect(none.body).toEqual({ status: true, leads: [], total: 0 });
    });

    it("answers NOT_FOUND for another company's telecaller or a missing one, on tRPC and legacy", async () => {
      for (const telecallerId of [otherCaller.id, 999_999]) {
        const res = await query(t.app, 'leads.ofTelecaller', { telecallerId, status: 'pending' }, a.session);
        expect(res.status).toBe(404);
        expect(res.error?.message).toBe('Telecaller not found.');
        for (const word of ['Pending', 'Interested', 'NotInterested', 'FollowUp', 'Invalid']) {
          const l = await legacy(t.app, 'GET', `/get${word}LeadsByTelecaller/${telecallerId}`, a.session);
          expect(l.status).toBe(404);
          expect(l.body).toEqual({ status: false, success: false, message: 'Telecaller not found.' });
        }
      }
      const badId = await legacy(t.app, 'GET', '/getPendingLeadsByTelecaller/abc', a.session);
      expect(badId.status).toBe(400);
      expect(badId.body.status).toBe(false);
    });
  });

  describe("one telecaller's leads", () => {
    it('pages newest activity first, searches by name and by mobile digits, and carries the latest call', async () => {
      const a = await company();
      const caller = await insertUser(db(), a.id);
      const base = Date.parse('2025-01-01T00:00:00Z');
      const rows = Array.from({ length: 25 }, (_, i) => ({
        name: i === 7 ? 'Meera Kapoor' : `Lead ${String(i).padStart(2, '0')}`,
        mobile: i === 11 ? '9812345678' : uniqueMobile(),
        telicaller_id: caller.id,
        status: LEAD_STATUS.interested,
        lead_quality: i === 3 ? 'excellent' : null,
        requirement: '<p>Website</p><p>and app</p>',
      }));
      const ids = await insertLeadRows(db(), a.id, rows);
      // Activity time: lead i changed at base + i minutes, so the newest is the last inserted.
      for (const [i, id] of ids.entries()) {
        await db()
          .updateTable('leads')
          .set({ updated_at: new Date(base + i * 60_000).toISOString() })
          .where('id', '=', id)
          .execute();
      }
      await db()
        .insertInto('lead_history')
        .values([
          historyValues(a.id, ids[24]!, {
            user_id: caller.id,
            status: LEAD_STATUS.followUp,
            feedback: 'Follow-up Option',
            call_duration: 30,
            remarks: 'call later',
            created_at: '2025-01-02T00:00:00.000Z',
          }),
          historyValues(a.id, ids[24]!, {
            user_id: caller.id,
            status: LEAD_STATUS.interested,
            feedback: 'Price Negotiation',
            call_duration: 60,
            remarks: 'wants a quote',
            created_at: '2025-01-03T00:00:00.000Z',
          }),
        ])
        .execute();

      const p1 = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'interested', page: 1, pageSize: 10 }, a.session);
      expect(p1.status).toBe(200);
      expect(p1.data).toMatchObject({ total: 25, page: 1, pageSize: 10, telecaller: { id: caller.id, name: caller.name, blocked: false, deleted: false } });
      expect(p1.data.items.map((r) => r.id)).toEqual(ids.slice(15).reverse());
      expect(p1.data.items[0]).toMatchObject({
        id: ids[24],
        status: '2',
        requirement: '<p>Website</p><p>and app</p>',
        last_feedback: 'Price Negotiation',
        last_remarks: 'wants a quote',
        area: 'Pune',
        category: 'Local Leads',
        upload_date: expect.any(String),
        telicaller_send_date: expect.any(String),
        callback_date: null,
      });
      expect(p1.data.items[1]).toMatchObject({ last_feedback: null, last_remarks: null });
      const p3 = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'interested', page: 3, pageSize: 10 }, a.session);
      expect(p3.data.items.map((r) => r.id)).toEqual(ids.slice(0, 5).reverse());
      expect(p3.data.items.find((r) => r.id === ids[3])!.lead_quality).toBe('excellent');

      const byName = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'interested', search: 'meera' }, a.session);
      expect(byName.data.items.map((r) => r.id)).toEqual([ids[7]]);
      // A mobile's first digits, or the whole number with or without +91 or 0.
      for (const search of ['98123', '+91 98123 45678', '09812345678', '981234']) {
        const res = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'interested', search }, a.session);
        expect(
          res.data.items.map((r) => r.id),
          search,
        ).toEqual([ids[11]]);
      }
      const wildcard = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'interested', search: '%' }, a.session);
      expect(wildcard.data.total).toBe(0);
      const otherList = await query(t.app, 'leads.ofTelecaller', { telecallerId: caller.id, status: 'pending' }, a.session);
      expect(otherList.data).toMatchObject({ total: 0, items: [] });
    });
  });

  describe('uploaded leads', () => {
    it('lists every visible lead of the company with its assignee, filtered and paged', async () => {
      const a = await company();
      const b = await company();
      const caller = await insertUser(db(), a.id, 'Telicaller', { name: 'Kiran Caller' });
      const ids = await insertLeadRows(db(), a.id, [
        { name: 'Ravi', category: 'IndiaMART', telicaller_id: caller.id, status: LEAD_STATUS.interested },
        { name: 'Sita', category: 'IndiaMART' },
        { name: 'Mohan', category: 'JustDial', mobile: '9700011122' },
        { name: 'Hidden', category: 'JustDial', visible: 0 },
        { name: 'Lata', category: 'Local Leads', telicaller_id: caller.id, status: LEAD_STATUS.new },
      ]);
      await insertLeadRows(db(), b.id, [{ name: 'Other', category: 'Expo 2025' }]);

      const all = await query(t.app, 'leads.uploaded', { page: 1, pageSize: 20 }, a.session);
      expect(all.status).toBe(200);
      expect(all.data.total).toBe(4);
      expect(all.data.items.map((r) => r.name)).toEqual(['Lata', 'Mohan', 'Sita', 'Ravi']);
      expect(all.data.items[0]).toMatchObject({ id: ids[4], telicaller_id: caller.id, assignee_name: 'Kiran Caller', status: '0', category: 'Local Leads' });
      expect(all.data.items[1]).toMatchObject({ telicaller_id: null, assignee_name: null });

      const names = async (input: Record<string, unknown>) => (await query(t.app, 'leads.uploaded', input, a.session)).data.items.map((r) => r.name);
      expect(await names({ category: 'IndiaMART' })).toEqual(['Sita', 'Ravi']);
      expect(await names({ assigned: 'assigned' })).toEqual(['Lata', 'Ravi']);
      expect(await names({ assigned: 'unassigned' })).toEqual(['Mohan', 'Sita']);
      expect(await names({ status: '2' })).toEqual(['Ravi']);
      expect(await names({ search: 'moh' })).toEqual(['Mohan']);
      expect(await names({ search: '97000' })).toEqual(['Mohan']);
      expect(await names({ category: 'IndiaMART', assigned: 'unassigned' })).toEqual(['Sita']);
      expect(await names({ category: 'Expo 2025' })).toEqual([]);
      const paged = await query(t.app, 'leads.uploaded', { page: 2, pageSize: 3 }, a.session);
      expect(paged.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(paged.data.items.map((r) => r.name)).toEqual(['Ravi']);
      const bad = await query(t.app, 'leads.uploaded', { status: '9' }, a.session);
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toBe('Choose a valid lead status.');

      const categories = await query(t.app, 'leads.categories', undefined, a.session);
      expect(categories.data).toEqual([
        { category: 'IndiaMART', count: 2 },
        { category: 'JustDial', count: 1 },
        { category: 'Local Leads', count: 1 },
      ]);
    });
  });

  describe('CSV export', () => {
    it("writes the original client's columns with CSV quoting and formula escaping, for the company only", async () => {
      const a = await company();
      const b = await company();
      const caller = await insertUser(db(), a.id);
      const ids = await insertLeadRows(db(), a.id, [
        { name: 'Plain Name', mobile: '9876543210', requirement: 'Website', area: 'Pune', category: 'IndiaMART', created_at: '2025-03-05T10:00:00.000Z' },
        {
          name: 'Shah, Amit',
          requirement: 'Says "urgent"',
          area: 'Navi\nMumbai',
          category: 'JustDial',
          telicaller_id: caller.id,
          status: LEAD_STATUS.interested,
        },
        { name: '=HYPERLINK("http://x")', requirement: '+91 call', area: '-5', category: '@SUM(A1)', telicaller_id: caller.id, status: LEAD_STATUS.interested },
        { name: '\tTabbed', requirement: '<p>Line one</p><p>Line two</p>', area: 'Delhi', category: 'Manual' },
        { name: 'Invisible', visible: 0 },
      ]);
      await insertLeadRows(db(), b.id, [{ name: 'Other Company Lead' }]);

      const res = await exportCsv(a.session, {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
      const records = csvRecords(res.body);
      expect(records[0]).toBe(HEADER);
      expect(records.slice(1)).toEqual([
        `${ids[0]},Plain Name,9876543210,Website,Pune,IndiaMART,2025-03-05 15:30:00,New,,,,,,0,,`,
        expect.stringMatching(
          new RegExp(`^${ids[1]},"Shah, Amit",\\d{10},"Says ""urgent""","Navi\nMumbai",JustDial,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,Interested,`),
        ),
        expect.stringMatching(new RegExp(`^${ids[2]},"'=HYPERLINK\\(""http://x""\\)",\\d{10},'\\+91 call,'-5,'@SUM\\(A1\\),`)),
        expect.stringMatching(new RegExp(`^${ids[3]},'\tTabbed,\\d{10},"Line one\n\nLine two",Delhi,Manual,`)),
      ]);
      expect(res.body).not.toContain('Other Company Lead');
      expect(res.body).not.toContain('Invisible');

      // Bearer works too, as for every legacy call.
      expect((await exportCsv(a.session, {}, 'bearer')).statusCode).toBe(200);

      const filtered = csvRecords(
        (await exportCsv(a.session, { category: 'JustDial', assigned: 'assigned', status: LEAD_STATUS.interested, search: 'shah' })).body,
      );
      expect(filtered).toHaveLength(2);
      expect(filtered[1]).toMatch(new RegExp(`^${ids[1]},`));

      const mine = csvRecords((await exportCsv(a.session, { telecallerId: caller.id, status: 'interested' })).body);
      expect(mine.slice(1).map((r) => Number(r.split(',')[0]))).toEqual([ids[1], ids[2]]);
      const none = csvRecords((await exportCsv(a.session, { telecallerId: caller.id, status: 'pending' })).body);
      expect(none).toEqual([HEADER]);
    });

    it("never exports another company's leads, even with a crafted telecaller id", async () => {
      const a = await company();
      const b = await company();
      const otherCaller = await insertUser(db(), b.id);
      await insertLeadRows(db(), b.id, [{ name: 'Secret Lead', telicaller_id: otherCaller.id, status: LEAD_STATUS.interested }]);
      // Even a lead of company A wrongly pointing at B's telecaller does not open B's list.
      await insertLeadRows(db(), a.id, [{ name: 'Mine', telicaller_id: otherCaller.id, status: LEAD_STATUS.interested }]);
      const res = await exportCsv(a.session, { telecallerId: otherCaller.id, status: 'interested' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, success: false, message: 'Telecaller not found.' });
      const all = await exportCsv(a.session, {});
      expect(all.body).not.toContain('Secret Lead');
      const bad = await exportCsv(a.session, { telecallerId: otherCaller.id, status: LEAD_STATUS.interested });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBe(false);
      expect((await exportCsv(a.session, { assigned: 'maybe' })).statusCode).toBe(400);
    });

    it('streams a large export page by page', async () => {
      const a = await company();
      const now = nowIso();
      const total = 20_000;
      const rows = Array.from({ length: total }, (_, i) => ({
        name: `Bulk ${i}`,
        mobile: String(6_000_000_000 + i),
        requirement: i % 2 ? 'Needs, "quotes"' : 'Plain',
        area: 'Chennai',
      }));
      await insertLeads(db(), { subadminId: a.id, category: 'Bulk', batchId: null, visible: 1, now }, rows);
      const res = await exportCsv(a.session, { category: 'Bulk' });
      expect(res.statusCode).toBe(200);
      const records = csvRecords(res.body);
      expect(records).toHaveLength(total + 1);
      expect(records[0]).toBe(HEADER);
      const exportedIds = records.slice(1).map((r) => Number(r.split(',')[0]));
      expect(new Set(exportedIds).size).toBe(total);
      expect(exportedIds).toEqual([...exportedIds].sort((x, y) => x - y));
      expect(records[records.length - 1]).toContain('6000019999');
    });
  });

  describe('access', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let userSession: Session;
    let adminSession: Session;
    beforeAll(async () => {
      a = await company();
      const user = await insertUser(db(), a.id);
      userSession = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
      const admin = await insertAdmin(db());
      adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    });

    it('lets only the sub-admin export: anonymous 401, user and admin 403', async () => {
      const anonymous = await exportCsv(null, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: false, success: false });
      for (const s of [userSession, adminSession]) {
        const res = await exportCsv(s, {});
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: false, success: false });
      }
    });

    it('lets only the sub-admin read the lists', async () => {
      const input = { status: 'pending' };
      expect((await query(t.app, 'leads.byTelecaller', input, null)).status).toBe(401);
      for (const s of [userSession, adminSession]) {
        expect((await query(t.app, 'leads.byTelecaller', input, s)).status).toBe(403);
        expect((await query(t.app, 'leads.uploaded', {}, s)).status).toBe(403);
        expect((await legacy(t.app, 'GET', '/getTelecallersWithPendingLeads', s)).status).toBe(403);
        expect((await legacy(t.app, 'GET', '/getInvalidLeadsByTelecaller/1', s)).status).toBe(403);
      }
      expect((await legacy(t.app, 'GET', '/getTelecallersWithInvalidLeads', null)).status).toBe(401);
    });
  });
});
