import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { historyValues, insertAdmin, insertCompany, insertLead, insertUser, PASSWORD, uniqueMobile, type LeadFixture } from './helpers/fixtures.js';
import { query, signIn } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays } from '../shared/dates.js';
import { todayBounds } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

describe.each(dialects)('dashboards on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const day = () => todayBounds('Asia/Kolkata');

  const lead = (subadminId: number, over: LeadFixture = {}) => insertLead(db(), subadminId, { upload_date: nowIso().slice(0, 10), ...over });
  async function history(subadminId: number, leadId: number, userId: number, createdAt: string) {
    await db()
      .insertInto('lead_history')
      .values(historyValues(subadminId, leadId, { user_id: userId, call_duration: 30, created_at: createdAt }))
      .execute();
  }
  async function project(subadminId: number, telicallerId: number, status: number, endtime: string) {
    const now = nowIso();
    await db()
      .insertInto('projects')
      .values({
        subadmin_id: subadminId,
        telicaller_id: telicallerId,
        project_name: 'P',
        clint_name: 'C',
        number: uniqueMobile(),
        price_paise: 100000,
        received_paise: 0,
        commission_percentage: 2,
        endtime,
        status,
        previous_status: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  async function task(subadminId: number, developerId: number, status: number, endDate: string) {
    const now = nowIso();
    await db()
      .insertInto('tasks')
      .values({
        subadmin_id: subadminId,
        developer_id: developerId,
        name: 'T',
        description: 'D',
        start_date: addDays(day().today, -5),
        end_date: endDate,
        status,
        image_path: null,
        video_path: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  async function complaint(subadminId: number, fromKind: 'user' | 'subadmin', status: number, userId: number | null) {
    const now = nowIso();
    await db()
      .insertInto('complaints')
      .values({
        subadmin_id: subadminId,
        from_kind: fromKind,
        user_id: userId,
        title: 'T',
        body: 'B',
        status,
        reply: null,
        replied_at: null,
        resolved_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const userSession = (u: { mobile: string }) => signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });

  it("shows a sub-admin its own company's real figures", async () => {
    const { today, from } = day();
    const company = await insertCompany(db(), { telecaller_creat_limit: 8, expiry_date: addDays(today, 30) });
    const other = await insertCompany(db());
    const caller = await insertUser(db(), company.id, 'Telicaller');
    await insertUser(db(), company.id, 'Telicaller', { is_blocked: 1 });
    await insertUser(db(), company.id, 'Telicaller-hade');
    await insertUser(db(), company.id, 'Developer');
    const gone = await insertUser(db(), company.id, 'Telicaller');
    await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', gone.id).execute();
    await insertUser(db(), other.id, 'Telicaller');

    for (let i = 0; i < 3; i++) await lead(company.id);
    await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1) });
    await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 600), status: LEAD_STATUS.interested });
    await lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, -1) });
    await lead(company.id, { visible: 0 });
    await lead(other.id);
    await lead(other.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, 1) });

    await project(company.id, caller.id, 0, addDays(today, 10));
    await project(company.id, caller.id, 0, addDays(today, 10));
    await project(company.id, caller.id, 1, addDays(today, 10));
    await project(other.id, caller.id, 0, addDays(today, 10));

    await complaint(company.id, 'user', 0, caller.id);
    await complaint(company.id, 'user', 0, caller.id);
    await complaint(company.id, 'user', 1, caller.id);
    await complaint(company.id, 'subadmin', 0, null);
    await complaint(other.id, 'user', 0, null);

    const session = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const res = await query(t.app, 'dashboard.subadmin', undefined, session);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      companyName: expect.any(String),
      today,
      timeZone: 'Asia/Kolkata',
      users: { telecallers: 2, heads: 1, developers: 1, blocked: 1, total: 4 },
      limit: { used: 3, max: 8 },
      expiry: { date: addDays(today, 30), daysLeft: 30 },
      leads: { total: 6, unassigned: 3, assignedToday: 2 },
      projectsPendingApproval: 2,
      pendingComplaints: 2,
      // Six visible leads arrived today, none called yet, none waiting 5 working minutes yet.
      speed: { arrived: 6, called: 0, medianMs: null, p90Ms: null, quick: 0, decided: 0, quickShare: null, verified: 0 },
      // No provider and no call today: no floor figures.
      floor: null,
    });
  });

  it("counts a telecaller's and a head's tiles from their own rows only", async () => {
    const { today, from } = day();
    const company = await insertCompany(db());
    const other = await insertCompany(db());
    const caller = await insertUser(db(), company.id, 'Telicaller');
    const colleague = await insertUser(db(), company.id, 'Telicaller');
    const head = await insertUser(db(), company.id, 'Telicaller-hade');
    const sentToday = minutes(from, 1);
    const mine = (over: LeadFixture) => lead(company.id, { telicaller_id: caller.id, telicaller_send_date: minutes(from, -3 * 1440), ...over });

    await mine({ telicaller_send_date: sentToday });
    await mine({ telicaller_send_date: minutes(from, 900) });
    await mine({ telicaller_send_date: minutes(from, -1) }); // late yesterday, local time
    await mine({});
    const worked = await mine({ status: LEAD_STATUS.interested });
    await mine({ status: LEAD_STATUS.interested, lead_quality: 'good' });
    await mine({ status: LEAD_STATUS.notInterested, lead_quality: 'poor' });
    await mine({ status: LEAD_STATUS.followUp, callback_date: today, callback_time: '10:00' });
    await mine({ status: LEAD_STATUS.followUp, callback_date: addDays(today, 1), callback_time: '10:00' });
    await mine({ status: LEAD_STATUS.invalid });
    await mine({ status: LEAD_STATUS.noSubmit });
    await mine({ telicaller_send_date: sentToday, visible: 0 });
    // rows that must not count: a colleague's, and another company's carrying the same user id
    const colleagues = await lead(company.id, { telicaller_id: colleague.id, telicaller_send_date: sentToday });
    const elsewhere = await lead(other.id, { telicaller_id: caller.id, telicaller_send_date: sentToday, status: LEAD_STATUS.interested });
    // handed over to the head: two still to be worked, one done
    await lead(company.id, { telicaller_id: colleague.id, status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0' });
    await lead(company.id, { telicaller_id: colleague.id, status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '0' });
    await lead(company.id, { telicaller_id: colleague.id, status: LEAD_STATUS.interested, handler_id: head.id, submit_status: '1' });

    await history(company.id, worked, caller.id, minutes(from, 5));
    await history(company.id, worked, caller.id, minutes(from, 1000));
    await history(company.id, worked, caller.id, minutes(from, -1));
    await history(company.id, colleagues, colleague.id, minutes(from, 5));
    await history(other.id, elsewhere, caller.id, minutes(from, 5));

    await project(company.id, caller.id, 1, addDays(today, 5));
    await project(company.id, caller.id, 1, addDays(today, -1));
    await project(company.id, caller.id, 1, today);
    await project(company.id, caller.id, 2, addDays(today, -10));
    await project(company.id, caller.id, 3, addDays(today, 5));
    await project(company.id, caller.id, 0, addDays(today, 5));
    await project(company.id, caller.id, 4, addDays(today, 5));
    await project(company.id, colleague.id, 1, addDays(today, -1));
    await project(other.id, caller.id, 2, addDays(today, -1));

    const res = await query(t.app, 'dashboard.tiles', undefined, await userSession(caller));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      userType: 'Telicaller',
      counts: {
        newLeads: 2,
        pendingLeads: 2,
        juniorLeads: 0,
        callbackToday: 1,
        interestedLeads: 1,
        notInterestedLeads: 1,
        followUpLeads: 2,
        callLogs: 2,
        loginHours: 60,
        invalidLeads: 1,
        noSubmitLeads: 1,
        leadQuality: 2,
        runningProjects: 3,
        completedProjects: 1,
        pendingPayment: 3,
        totalBusiness: 1,
        delayedProjects: 1,
        rejectedProjects: 1,
      },
    });

    const headTiles = await query(t.app, 'dashboard.tiles', undefined, await userSession(head));
    expect(headTiles.data.userType).toBe('Telicaller-hade');
    expect(headTiles.data.counts).toMatchObject({ juniorLeads: 2, newLeads: 0, interestedLeads: 0, runningProjects: 0 });
    expect(Object.keys(headTiles.data.counts)).toHaveLength(18);
  });

  it("counts a developer's task tiles as its lists show them: overdue running tasks as delayed only, approved ones as completed", async () => {
    const { today } = day();
    const company = await insertCompany(db());
    const other = await insertCompany(db());
    const dev = await insertUser(db(), company.id, 'Developer');
    const otherDev = await insertUser(db(), company.id, 'Developer');
    await task(company.id, dev.id, 0, addDays(today, 3));
    await task(company.id, dev.id, 1, addDays(today, 3));
    await task(company.id, dev.id, 1, today);
    await task(company.id, dev.id, 1, addDays(today, -1));
    await task(company.id, dev.id, 2, addDays(today, -3));
    await task(company.id, dev.id, 2, addDays(today, -3));
    await task(company.id, dev.id, 3, addDays(today, -3));
    await task(company.id, dev.id, 4, addDays(today, -3));
    await task(company.id, otherDev.id, 0, addDays(today, 3));
    await task(other.id, dev.id, 0, addDays(today, 3));

    const res = await query(t.app, 'dashboard.tiles', undefined, await userSession(dev));
    expect(res.data).toEqual({ userType: 'Developer', counts: { newTasks: 1, runningTasks: 2, completedTasks: 3, delayedTasks: 2 } });

    const fresh = await insertUser(db(), company.id, 'Developer');
    expect((await query(t.app, 'dashboard.tiles', undefined, await userSession(fresh))).data.counts).toEqual({
      newTasks: 0,
      runningTasks: 0,
      completedTasks: 0,
      delayedTasks: 0,
    });
  });

  it('reads zeros for a new telecaller', async () => {
    const company = await insertCompany(db());
    const caller = await insertUser(db(), company.id, 'Telicaller');
    const res = await query(t.app, 'dashboard.tiles', undefined, await userSession(caller));
    expect(Object.values(res.data.counts)).toEqual(Array(18).fill(0));
  });

  it('refuses the dashboards to the signed-out (401) and to other roles (403)', async () => {
    const admin = await insertAdmin(db());
    const company = await insertCompany(db());
    const user = await insertUser(db(), company.id);
    const a = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const u = await userSession(user);
    expect((await query(t.app, 'dashboard.subadmin', undefined, null)).status).toBe(401);
    expect((await query(t.app, 'dashboard.subadmin', undefined, a)).status).toBe(403);
    expect((await query(t.app, 'dashboard.subadmin', undefined, u)).status).toBe(403);
    expect((await query(t.app, 'dashboard.tiles', undefined, null)).status).toBe(401);
    expect((await query(t.app, 'dashboard.tiles', undefined, a)).status).toBe(403);
    expect((await query(t.app, 'dashboard.tiles', undefined, s)).status).toBe(403);
  });
});
