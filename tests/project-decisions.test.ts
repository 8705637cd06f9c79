import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { countRows } from './helpers/fixtures.js';
import { signedInSubadmin, signedInUser } from './helpers/company.js';
import { projectForm } from './helpers/projects.js';
import { mutate, query, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { PROJECT_STATUS } from '../shared/constants.js';

const today = () => todayIn('Asia/Kolkata');

/** What the company decides about a telecaller's projects reaches the telecaller: its bell, its reason, its waiting list. */
describe.each(dialects)('project decisions on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  async function team() {
    const { session: owner, ...company } = await signedInSubadmin(t);
    return { company, owner, caller: await signedInUser(t, company.id), other: await signedInUser(t, company.id) };
  }
  const create = async (s: Session, name: string) => {
    const res = await mutate(t.app, 'projects.create', projectForm({ project_name: name }), s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.data.id as number;
  };
  const inbox = async (s: Session) => {
    const res = await query(t.app, 'notifications.inbox', { page: 1, pageSize: 50 }, s);
    expect(res.status).toBe(200);
    return res.data.items as Array<{ title: string; message: string; notice: { kind: string; params: Record<string, string> } | null; read: boolean }>;
  };
  const noticeCount = () => countRows(db(), 'notifications');

  it('tells the telecaller, and only it, that its project was approved', async () => {
    const { owner, caller, other } = await team();
    const id = await create(caller.session, 'Website for Mehta Sweets');
    expect((await mutate(t.app, 'projects.approve', { id }, owner)).status).toBe(200);
    const items = await inbox(caller.session);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: 'Project approved: Website for Mehta Sweets',
      read: false,
      notice: { kind: 'projectApproved', params: { project: 'Website for Mehta Sweets' } },
    });
    expect((await query(t.app, 'notifications.bell', undefined, caller.session)).data).toMatchObject({ count: 1 });
    expect(await inbox(other.session)).toEqual([]);
    // Completing it is the company's own step: no notice.
    await mutate(t.app, 'projects.complete', { id }, owner);
    expect(await inbox(caller.session)).toHaveLength(1);
  });

  it('stores the reason of a rejection, shows it with the project, and tells the telecaller', async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session, 'Shop app');
    const res = await mutate(t.app, 'projects.reject', { id, reason: '  The client already has a contract with us.  ' }, owner);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(await db().selectFrom('projects').select(['status', 'reject_reason']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: PROJECT_STATUS.rejected,
      reject_reason: 'The client already has a contract with us.',
    });
    const rejected = await query(t.app, 'projects.mine', { list: 'rejected', page: 1, pageSize: 20 }, caller.session);
    expect(rejected.data.items).toHaveLength(1);
    expect(rejected.data.items[0]).toMatchObject({ id, reject_reason: 'The client already has a contract with us.' });
    const [notice] = await inbox(caller.session);
    expect(notice).toMatchObject({
      title: 'Project rejected: Shop app',
      message: 'Your company rejected "Shop app".\nReason: The client already has a contract with us.',
      notice: { kind: 'projectRejected', params: { project: 'Shop app', reason: 'The client already has a contract with us.' } },
    });
  });

  it('rejects without a reason too (the legacy call has no body), and refuses a reason too long, changing nothing', async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session, 'Logo');
    const before = await noticeCount();
    const long = await mutate(t.app, 'projects.reject', { id, reason: 'x'.repeat(501) }, owner);
    expect(long.status).toBe(400);
    expect(long.error!.data.fieldErrors?.reason).toBe('Reason must be at most 500 characters.');
    expect(await noticeCount()).toBe(before);
    expect((await db().selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(PROJECT_STATUS.pending);

    const legacy = await t.app.inject({ method: 'PUT', url: `/api/webapi/projects/${id}/reject`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(legacy.statusCode).toBe(200);
    expect((await db().selectFrom('projects').select('reject_reason').where('id', '=', id).executeTakeFirstOrThrow()).reject_reason).toBeNull();
    const [notice] = await inbox(caller.session);
    expect(notice).toMatchObject({ title: 'Project rejected: Logo', message: 'Your company rejected "Logo".', notice: { params: { project: 'Logo' } } });
  });

  it('tells the telecaller when a payment update is approved or rejected', async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session, 'CRM setup');
    await mutate(t.app, 'projects.approve', { id }, owner);
    const update = (received: string, name = 'CRM setup') => ({
      id,
      project_name: name,
      clint_name: 'Ravi Mehta',
      number: '9876543210',
      price: '25000',
      received,
      commission_percentage: 10,
      endtime: addDays(today(), 30),
    });
    const sent = await mutate(t.app, 'projects.requestUpdate', update('10000', 'CRM setup (phase 1)'), caller.session);
    expect(sent.data).toMatchObject({ message: 'Update request sent to your company for approval!' });
    let [req] = (await query(t.app, 'projects.pendingUpdates', {}, owner)).data.items;
    await mutate(t.app, 'projects.decideUpdate', { id: req!.id, approve: true }, owner);
    await mutate(t.app, 'projects.requestUpdate', update('20000', 'CRM setup (phase 1)'), caller.session);
    [req] = (await query(t.app, 'projects.pendingUpdates', {}, owner)).data.items;
    await mutate(t.app, 'projects.decideUpdate', { id: req!.id, approve: false }, owner);
    const items = await inbox(caller.session);
    expect(items.map((n) => [n.notice?.kind, n.title])).toEqual([
      ['updateRejected', 'Payment update rejected: CRM setup (phase 1)'],
      ['updateApproved', 'Payment update approved: CRM setup (phase 1)'],
      ['projectApproved', 'Project approved: CRM setup'],
    ]);
  });

  it("refuses another company's project and writes no notice", async () => {
    const a = await team();
    const b = await team();
    const id = await create(a.caller.session, 'Mine');
    const before = await noticeCount();
    expect((await mutate(t.app, 'projects.reject', { id, reason: 'no' }, b.owner)).status).toBe(404);
    expect((await mutate(t.app, 'projects.approve', { id }, b.owner)).status).toBe(404);
    expect(await noticeCount()).toBe(before);
    expect(await inbox(a.caller.session)).toEqual([]);
    expect(await db().selectFrom('projects').select(['status', 'reject_reason']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: PROJECT_STATUS.pending,
      reject_reason: null,
    });
  });

  it("lists what waits for the company: the telecaller's new projects and its payment updates", async () => {
    const { owner, caller, other } = await team();
    const fresh = await create(caller.session, 'Fresh');
    const updating = await create(caller.session, 'Updating');
    const running = await create(caller.session, 'Running');
    await create(other.session, 'Not mine');
    for (const id of [updating, running]) await mutate(t.app, 'projects.approve', { id }, owner);
    await mutate(
      t.app,
      'projects.requestUpdate',
      {
        id: updating,
        project_name: 'Updating',
        clint_name: 'Ravi Mehta',
        number: '9876543210',
        price: '25000',
        received: '9000',
        commission_percentage: 10,
        endtime: addDays(today(), 30),
      },
      caller.session,
    );
    const waiting = await query(t.app, 'projects.mine', { list: 'waiting', page: 1, pageSize: 20 }, caller.session);
    expect(waiting.data.items.map((p: { id: number; update_pending: boolean }) => [p.id, p.update_pending])).toEqual([
      [updating, true],
      [fresh, false],
    ]);
  });
});
