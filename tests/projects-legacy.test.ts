import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, signIn, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { PROJECT_STATUS } from '../shared/constants.js';

type Method = 'GET' | 'POST' | 'PUT';
type Who = 'admin' | 'subadmin' | 'Telicaller' | 'Telicaller-hade' | 'Developer';
const CALLERS: Who[] = ['Telicaller', 'Telicaller-hade'];

describe.each(dialects)('legacy projects API on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  async function team() {
    const company = await insertCompany(db());
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const u = await insertUser(db(), company.id, 'Telicaller', { name: 'Asha Caller' });
    const caller = { ...u, session: await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD }) };
    return { company, owner, caller };
  }
  const body = (over: Record<string, unknown> = {}) => ({
    project_name: 'Shop website',
    clint_name: 'Ravi Mehta',
    number: '9876543210',
    price: 25000,
    Advance_payment: 5000,
    commission: 10,
    endtime: addDays(todayIn('Asia/Kolkata'), 20),
    ...over,
  });
  const row = (id: number) => db().selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('who may call what', () => {
    const sessions = new Map<Who, Session>();
    beforeAll(async () => {
      const company = await insertCompany(db());
      const admin = await insertAdmin(db());
      sessions.set('admin', await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }));
      sessions.set('subadmin', await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD }));
      for (const type of ['Telicaller', 'Telicaller-hade', 'Developer'] as const) {
        const u = await insertUser(db(), company.id, type);
        sessions.set(type, await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD }));
      }
    });
    const ROUTES: [Method, string, Who[]][] = [
      ['POST', '/createProject', CALLERS],
      ['GET', '/projects', CALLERS],
      ['POST', '/approveProjectUpdate', CALLERS],
      ['GET', '/business-overview', CALLERS],
      ['GET', '/projecttellecallerCount', CALLERS],
      ['GET', '/getTelecallersWithProjects', ['subadmin']],
      ['GET', '/projectsByTelecaller/1', ['subadmin']],
      ['PUT', '/projects/1/approve', ['subadmin']],
      ['PUT', '/projects/1/reject', ['subadmin']],
      ['PUT', '/projects/1/complete', ['subadmin']],
      ['GET', '/pendingProjectUpdates', ['subadmin']],
      ['POST', '/approveProjectUpdateByAdmin', ['subadmin']],
    ];
    it.each(ROUTES)('%s %s: 401 signed out, 403 for other roles', async (method, url, allowed) => {
      const out = await legacy(t.app, method, url, null, method === 'GET' ? undefined : {});
      expect(out.status).toBe(401);
      expect(out.body).toMatchObject({ status: false, success: false, message: expect.any(String) });
      for (const [who, s] of sessions) {
        const res = await legacy(t.app, method, url, s, method === 'GET' ? undefined : {});
        if (allowed.includes(who)) expect(res.status, who).not.toBe(403);
        else expect(res.status, who).toBe(403);
      }
    });
  });

  it("runs a project through the original client's calls, in rupees and its field names", async () => {
    const { owner, caller } = await team();
    const created = await legacy(t.app, 'POST', '/createProject', caller.session, body({ price: '25,000.50' }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, message: 'Project created successfully!' });
    const id = created.body.project_id as number;
    expect(await row(id)).toMatchObject({ price_paise: 2500050, received_paise: 500000, commission_percentage: 10 });

    const mine = await legacy(t.app, 'GET', '/projects', caller.session);
    expect(mine.body.status).toBe(true);
    expect(mine.body.data[0]).toMatchObject({
      id,
      project_id: id,
      project_name: 'Shop website',
      clint_name: 'Ravi Mehta',
      number: '9876543210',
      price: 25000.5,
      Advance_payment: 5000,
      pending_payment: 20000.5,
      commission: 2500.05,
      commission_percentage: 10,
      status: 0,
      telicaller_id: caller.id,
    });
    expect(await legacy(t.app, 'GET', '/projecttellecallerCount', caller.session)).toMatchObject({ body: [1, 0, 0, 0, 0] });

    const people = await legacy(t.app, 'GET', '/getTelecallersWithProjects', owner);
    expect(people.body.data).toEqual([
      expect.objectContaining({
        telicaller_id: caller.id,
        telecaller_name: 'Asha Caller',
        total_projects: 1,
        pending_projects: 1,
        projects: [expect.objectContaining({ id })],
      }),
    ]);
    const byCaller = await legacy(t.app, 'GET', `/projectsByTelecaller/${caller.id}`, owner);
    expect(byCaller.body).toMatchObject({ success: true, projects: [expect.objectContaining({ id, status: 0 })] });

    expect((await legacy(t.app, 'PUT', `/projects/${id}/approve`, owner)).body).toMatchObject({ success: true, project_status: 1 });
    const request = await legacy(t.app, 'POST', '/approveProjectUpdate', caller.session, {
      ...body({ Advance_payment: 15000 }),
      id,
      commission_percentage: 10,
      status: 4,
      telicaller_id: 99999,
    });
    expect(request.body).toMatchObject({ success: true, message: 'Update request sent to your company for approval!' });
    expect((await row(id)).status).toBe(PROJECT_STATUS.updateRequested);
    const second = await legacy(t.app, 'POST', '/approveProjectUpdate', caller.session, { ...body(), id, commission_percentage: 10 });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'An update for this project is already waiting for approval.' });

    const waiting = await legacy(t.app, 'GET', '/pendingProjectUpdates', owner);
    expect(waiting.body.data).toEqual([
      expect.objectContaining({ project_id: id, Advance_payment: 15000, approval_status: 'pending', telecaller_name: 'Asha Caller' }),
    ]);
    const decided = await legacy(t.app, 'POST', '/approveProjectUpdateByAdmin', owner, { id: waiting.body.data[0].id, approval_status: 'approved' });
    expect(decided.body).toMatchObject({ success: true, message: 'Project update approved.' });
    expect(await row(id)).toMatchObject({ status: PROJECT_STATUS.running, received_paise: 1500000, price_paise: 2500000 });

    const overview = await legacy(t.app, 'GET', '/business-overview', caller.session);
    expect(overview.body.data.totals).toMatchObject({ totalProjects: 1, totalPrice: 25000, totalAdvance: 15000, totalPending: 10000 });
    expect(overview.body.data.projectDetails).toEqual([
      expect.objectContaining({
        project_id: id,
        projectName: 'Shop website',
        totalPrice: 25000,
        receivedPayment: 15000,
        pendingPayment: 10000,
        commission: 10,
        commissionValue: 2500,
      }),
    ]);
    expect((await legacy(t.app, 'PUT', `/projects/${id}/complete`, owner)).body).toMatchObject({ success: true, project_status: 2 });
    expect(await legacy(t.app, 'GET', '/projecttellecallerCount', caller.session)).toMatchObject({ body: [0, 0, 1, 0, 0] });
  });

  it("refuses bad bodies with the first problem as the message, and another company's ids as not found", async () => {
    const a = await team();
    const b = await team();
    const bad = await legacy(t.app, 'POST', '/createProject', a.caller.session, body({ Advance_payment: 30000 }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Advance cannot be more than the price.' });
    const id = (await legacy(t.app, 'POST', '/createProject', a.caller.session, body())).body.project_id as number;
    for (const move of ['approve', 'reject', 'complete']) {
      const res = await legacy(t.app, 'PUT', `/projects/${id}/${move}`, b.owner);
      expect(res.status, move).toBe(404);
    }
    expect((await legacy(t.app, 'GET', `/projectsByTelecaller/${a.caller.id}`, b.owner)).status).toBe(404);
    expect((await legacy(t.app, 'POST', '/approveProjectUpdateByAdmin', a.owner, { id: 1, approval_status: 'maybe' })).body).toMatchObject({
      success: false,
      message: "approval_status must be 'approved' or 'rejected'.",
    });
    expect((await row(id)).status).toBe(PROJECT_STATUS.pending);
  });

  it("exports the company's business as CSV: per telecaller, per month and the total", async () => {
    const { owner, caller } = await team();
    const id = (await legacy(t.app, 'POST', '/createProject', caller.session, body({ price: 999.99, Advance_payment: 333.33, commission: 15 }))).body
      .project_id;
    await legacy(t.app, 'PUT', `/projects/${id}/approve`, owner);
    const res = await t.app.inject({ method: 'GET', url: '/api/webapi/projects/business.csv', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = todayIn('Asia/Kolkata');
    // No dates: this month so far.
    const range = today.endsWith('-01') ? today : `${today.slice(0, 8)}01 to ${today}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="business-${range.replace(' to ', '-to-')}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Section,Telecaller / month,Projects,Value sold (INR),Received (INR),Pending (INR),Commission on price (INR),Commission earned (INR)',
      'Telecaller,Asha Caller,1,999.99,333.33,666.66,150.00,50.00',
      `Month,${today.slice(0, 7)},1,999.99,333.33,666.66,150.00,50.00`,
      `Total,${range},1,999.99,333.33,666.66,150.00,50.00`,
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/webapi/projects/business.csv?from=2026-13-01', headers: { cookie: owner.cookie } });
    expect(bad.statusCode).toBe(400);
    expect((await legacy(t.app, 'GET', '/projects/business.csv', caller.session)).status).toBe(403);
    expect((await legacy(t.app, 'GET', '/projects/business.csv', null)).status).toBe(401);
  });
});
