import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, signIn, type Session } from './helpers/http.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/** The original client's columns first, unchanged, then the lead's work (docs/lead-fields-lists.md#exports). */
const HEADER = 'Id,Name,Mobile,Requirement,Area,Category,Upload Time,Status,Owner,Last outcome,Feedback,Note,Callback,Attempts,Source,Email';
const DAY = 86_400_000;

describe.each(dialects)('what the telecaller screens rely on, on %s', (dialect) => {
  const t = testAppFor(dialect);

  async function companyWithCaller() {
    const c = await insertCompany(t.deps.db);
    const caller = await insertUser(t.deps.db, c.id, 'Telicaller');
    const session = await signIn(t.app, { kind: 'user', mobile: caller.mobile, password: PASSWORD });
    return { company: c, caller, session };
  }

  describe('reopening a lead (a reload, Previous) keeps the form of the queue it was opened from', () => {
    it('answers the standard form again, not the Not Submitted one', async () => {
      const { company, caller, session } = await companyWithCaller();
      const [id] = await insertLeadRows(t.deps.db, company.id, [{ telicaller_id: caller.id }]);
      const first = await mutate(t.app, 'work.open', { leadId: id, queue: 'new' }, session);
      expect(first.data.variant).toBe('standard');
      expect(first.data.lead.status).toBe('6');
      const again = await mutate(t.app, 'work.open', { leadId: id, queue: 'new' }, session);
      expect(again.data.variant).toBe('standard');
      // From the Not Submitted queue, or with no queue at all, a lead in '6' is a Not Submitted one.
      expect((await mutate(t.app, 'work.open', { leadId: id, queue: 'noSubmit' }, session)).data.variant).toBe('noSubmit');
      expect((await mutate(t.app, 'work.open', { leadId: id }, session)).data.variant).toBe('noSubmit');
      // And the standard form it shows is accepted.
      const submit = await mutate(
        t.app,
        'work.submit',
        { leadId: id, variant: 'standard', queue: 'new', status: LEAD_STATUS.notInterested, feedback: 'Price Issue', call_duration: 12 },
        session,
      );
      expect(submit.error).toBeUndefined();
      expect(submit.data.status).toBe('3');
    });
  });

  describe('the New Leads export', () => {
    const exportCsv = (session: Session | null, qs = '') =>
      t.app.inject({ method: 'GET', url: `/api/webapi/work/new-leads.csv${qs}`, headers: session ? { cookie: session.cookie } : {} });

    it("lists exactly the user's new leads, in the original app's columns, with the page's search", async () => {
      const { company, caller, session } = await companyWithCaller();
      const other = await insertUser(t.deps.db, company.id, 'Telicaller');
      const elsewhere = await insertCompany(t.deps.db);
      const stranger = await insertUser(t.deps.db, elsewhere.id, 'Telicaller');
      const yesterday = new Date(Date.now() - DAY).toISOString();
      const [mine, mineToo] = await insertLeadRows(t.deps.db, company.id, [
        { telicaller_id: caller.id, name: 'Asha Patil', mobile: '9822011111', requirement: 'Website<br>with payments', area: 'Pune', category: 'IndiaMART' },
        { telicaller_id: caller.id, name: '=Ravi Shah', mobile: '9822011112', requirement: 'Logo, and branding', area: 'Mumbai', category: 'JustDial' },
      ]);
      await insertLeadRows(t.deps.db, company.id, [
        { telicaller_id: caller.id, name: 'Pending One', telicaller_send_date: yesterday },
        { telicaller_id: caller.id, name: 'Worked One', status: LEAD_STATUS.interested },
        { telicaller_id: other.id, name: 'Colleague Lead' },
      ]);
      await insertLeadRows(t.deps.db, elsewhere.id, [{ telicaller_id: stranger.id, name: 'Other Company Lead' }]);

      const res = await exportCsv(session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(HEADER);
      expect(lines).toHaveLength(4); // header, two leads, and the empty string after the last CRLF
      expect(lines[1]).toMatch(
        new RegExp(`^${mine},Asha Patil,9822011111,"Website\nwith payments",Pune,IndiaMART,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},New,`),
      );
      // A cell a spreadsheet would run as a formula is defused.
      expect(lines[2]).toMatch(new RegExp(`^${mineToo},'=Ravi Shah,9822011112,"Logo, and branding",Mumbai,JustDial,`));
      expect(res.body).not.toMatch(/Pending One|Worked One|Colleague Lead|Other Company Lead/);

      const searched = await exportCsv(session, '?search=asha');
      expect(
        searched.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
      ).toHaveLength(2);
      expect(searched.body).toContain('Asha Patil');
    });

    it('is for telecallers and heads only', async () => {
      const { company } = await companyWithCaller();
      expect((await exportCsv(null)).statusCode).toBe(401);
      const developer = await insertUser(t.deps.db, company.id, 'Developer');
      const dev = await signIn(t.app, { kind: 'user', mobile: developer.mobile, password: PASSWORD });
      expect((await exportCsv(dev)).statusCode).toBe(403);
      const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
      expect((await exportCsv(owner)).statusCode).toBe(403);
      const head = await insertUser(t.deps.db, company.id, 'Telicaller-hade');
      const headSession = await signIn(t.app, { kind: 'user', mobile: head.mobile, password: PASSWORD });
      const res = await exportCsv(headSession);
      expect(res.statusCode).toBe(200);
      expect(res.body.replace(/^\uFEFF/, '')).toBe(`${HEADER}\r\n`);
    });
  });
});
