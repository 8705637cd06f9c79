import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { countRows, insertLeadRows } from './helpers/fixtures.js';
import { team as newTeam } from './helpers/company.js';
import { mutate, query, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { PROJECT_STATUS } from '../shared/constants.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { projectForm } from './helpers/projects.js';

const today = () => todayIn('Asia/Kolkata');

describe.each(dialects)('projects on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const team = async () => {
    const { colleague: other, ...rest } = await newTeam(t, { colleagueName: 'Bina Other' });
    return { ...rest, other };
  };
  const project = projectForm;
  const create = async (s: Session, over: Record<string, unknown> = {}) => {
    const res = await mutate(t.app, 'projects.create', project(over), s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.data.id as number;
  };
  const row = (id: number) => db().selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ids = async (s: Session, procedure: string, input: Record<string, unknown>) => {
    const res = await query(t.app, procedure, { pageSize: 100, ...input }, s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return (res.data as { items: Array<{ id: number }> }).items.map((p) => p.id);
  };
  const count = () => countRows(db(), 'projects');

  it("creates a pending project in paise with the original app's message; the advance waits for approval to enter the ledger", async () => {
    const { caller } = await team();
    const res = await mutate(t.app, 'projects.create', project({ price: '1,250.50', advance: 250.25 }), caller.session);
    expect(res.data).toMatchObject({ message: 'Project created successfully!' });
    const p = await row(res.data.id);
    expect(p).toMatchObject({
      status: PROJECT_STATUS.pending,
      price_paise: 125050,
      received_paise: 25025,
      commission_percentage: 10,
      telicaller_id: caller.id,
      lead_id: null,
    });
    expect(await db().selectFrom('project_payments').selectAll().where('project_id', '=', p.id).execute()).toEqual([]);
  });

  it('refuses bad projects with clear messages and stores nothing', async () => {
    const { caller } = await team();
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ project_name: ' ' }, 'project_name', 'Project name is required.'],
      [{ clint_name: '' }, 'clint_name', 'Client name is required.'],
      [{ number: '12345' }, 'number', 'Enter a valid 10-digit Indian mobile number.'],
      [{ price: '0' }, 'price', 'Price must be more than 0.'],
      [{ price: '12.345' }, 'price', 'Price must be an amount in rupees with at most two decimals.'],
      [{ advance: '30000' }, 'advance', 'Advance cannot be more than the price.'],
      [{ commission_percentage: 7 }, 'commission_percentage', 'Choose a commission of 2, 5, 10, 15, 20 %.'],
      [{ endtime: '2025-02-30' }, 'endtime', 'Enter the end date as YYYY-MM-DD.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await mutate(t.app, 'projects.create', project(over), caller.session);
      expect(res.status).toBe(400);
      expect(res.error!.data.fieldErrors?.[field], field).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('defaults the commission to 2 % and the advance to nothing', async () => {
    const { caller } = await team();
    const id = await create(caller.session, { commission_percentage: undefined, advance: undefined });
    expect(await row(id)).toMatchObject({ commission_percentage: 2, received_paise: 0 });
  });

  it("links a project to a lead the caller holds; another's lead, or another company's, is not found", async () => {
    const a = await team();
    const b = await team();
    const [mine, colleagues, foreign] = [
      ...(await insertLeadRows(db(), a.company.id, [
        { telicaller_id: a.caller.id, status: LEAD_STATUS.interested },
        { telicaller_id: a.other.id, status: LEAD_STATUS.interested },
      ])),
      ...(await insertLeadRows(db(), b.company.id, [{ telicaller_id: b.caller.id, status: LEAD_STATUS.interested }])),
    ];
    const id = await create(a.caller.session, { lead_id: mine });
    expect((await row(id)).lead_id).toBe(mine);
    for (const leadId of [colleagues, foreign]) {
      const res = await mutate(t.app, 'projects.create', project({ lead_id: leadId }), a.caller.session);
      expect(res.status).toBe(404);
    }
    const fromLeads = await query(t.app, 'projects.list', { list: 'fromLeads' }, a.owner);
    expect(fromLeads.data.items).toHaveLength(1);
    expect(fromLeads.data.items[0]).toMatchObject({ id, lead: { id: mine } });
  });

  it('moves only 0 -> 1 or 3 and 1 -> 2; the approval writes the advance to the ledger', async () => {
    const { owner, caller } = await team();
    const a = await create(caller.session);
    const r = await create(caller.session);
    expect((await mutate(t.app, 'projects.complete', { id: a }, owner)).status).toBe(409);
    expect((await mutate(t.app, 'projects.approve', { id: a }, owner)).status).toBe(200);
    expect((await mutate(t.app, 'projects.approve', { id: a }, owner)).status).toBe(409);
    expect((await mutate(t.app, 'projects.reject', { id: a }, owner)).status).toBe(409);
    expect((await mutate(t.app, 'projects.reject', { id: r }, owner)).status).toBe(200);
    expect((await mutate(t.app, 'projects.approve', { id: r }, owner)).status).toBe(409);
    expect((await mutate(t.app, 'projects.complete', { id: r }, owner)).status).toBe(409);
    expect((await row(a)).status).toBe(PROJECT_STATUS.running);
    expect((await row(r)).status).toBe(PROJECT_STATUS.rejected);
    const ledger = await db().selectFrom('project_payments').selectAll().where('project_id', '=', a).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount_paise: 500000, received_after_paise: 500000, kind: 'advance', approved_by_kind: 'subadmin' });
    expect((await mutate(t.app, 'projects.complete', { id: a }, owner)).status).toBe(200);
    expect((await row(a)).status).toBe(PROJECT_STATUS.completed);
    expect(await ids(caller.session, 'projects.mine', { list: 'completed' })).toEqual([a]);
    expect(await ids(caller.session, 'projects.mine', { list: 'rejected' })).toEqual([r]);
  });

  it('lists the telecaller its own projects only; delayed is running with the end date past', async () => {
    const { owner, caller, other } = await team();
    const pending = await create(caller.session);
    const running = await create(caller.session);
    const late = await create(caller.session, { endtime: addDays(today(), -1) });
    const colleagues = await create(other.session);
    for (const id of [running, late, colleagues]) await mutate(t.app, 'projects.approve', { id }, owner);
    expect(await ids(caller.session, 'projects.mine', { list: 'pending' })).toEqual([pending]);
    expect(await ids(caller.session, 'projects.mine', { list: 'running' })).toEqual([late, running]);
    expect(await ids(caller.session, 'projects.mine', { list: 'delayed' })).toEqual([late]);
    expect(await ids(caller.session, 'projects.mine', { list: 'all' })).toEqual([late, running, pending]);
    expect((await query(t.app, 'projects.myDetail', { id: colleagues }, caller.session)).status).toBe(404);
    const tiles = await query(t.app, 'dashboard.tiles', undefined, caller.session);
    expect(tiles.data.counts).toMatchObject({ runningProjects: 2, delayedProjects: 1 });
  });

  it('keeps a payment update apart until approved, refuses a second one, and applies it with a ledger entry', async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session);
    const early = await mutate(t.app, 'projects.requestUpdate', { id, ...project({ received: '10000' }) }, caller.session);
    expect(early.status).toBe(409);
    await mutate(t.app, 'projects.approve', { id }, owner);
    const update = { id, ...project({ received: '12,000.50', price: '26000' }) };
    const sent = await mutate(t.app, 'projects.requestUpdate', update, caller.session);
    expect(sent.data).toMatchObject({ message: 'Update request sent to your company for approval!' });
    expect(await row(id)).toMatchObject({
      status: PROJECT_STATUS.updateRequested,
      previous_status: PROJECT_STATUS.running,
      received_paise: 500000,
      price_paise: 2500000,
    });
    const again = await mutate(t.app, 'projects.requestUpdate', update, caller.session);
    expect(again.status).toBe(409);
    expect(again.error!.message).toBe('An update for this project is already waiting for approval.');
    // Still running (and paid short) while it waits.
    expect(await ids(caller.session, 'projects.mine', { list: 'running' })).toEqual([id]);
    expect(await ids(caller.session, 'projects.mine', { list: 'pendingPayment' })).toEqual([id]);
    expect((await query(t.app, 'dashboard.tiles', undefined, caller.session)).data.counts).toMatchObject({ runningProjects: 1 });

    const waiting = await query(t.app, 'projects.pendingUpdates', {}, owner);
    expect(waiting.data.items).toHaveLength(1);
    expect(waiting.data.items[0]).toMatchObject({
      project_id: id,
      telecaller_name: 'Asha Caller',
      current: { price: 25000, received: 5000, pending: 20000 },
      proposed: { price: 26000, received: 12000.5, pending: 13999.5 },
    });
    const decided = await mutate(t.app, 'projects.decideUpdate', { id: waiting.data.items[0]!.id, approve: true }, owner);
    expect(decided.data).toMatchObject({ message: 'Project update approved.' });
    expect(await row(id)).toMatchObject({ status: PROJECT_STATUS.running, previous_status: null, received_paise: 1200050, price_paise: 2600000 });
    expect((await mutate(t.app, 'projects.decideUpdate', { id: waiting.data.items[0]!.id, approve: false }, owner)).status).toBe(409);

    const detail = await query(t.app, 'projects.myDetail', { id }, caller.session);
    expect(detail.data.ledger.map((e: { amount: number; received_after: number; kind: string }) => [e.kind, e.amount, e.received_after])).toEqual([
      ['advance', 5000, 5000],
      ['update', 7000.5, 12000.5],
    ]);
    expect(detail.data.request).toBeNull();
    expect((await query(t.app, 'projects.pendingUpdates', {}, owner)).data.items).toEqual([]);
  });

  it("keeps the advance as the advance after approved payment updates, beside the total received, in the company's and the telecaller's lists", async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session, { price: '2,00,000', advance: '50,000' });
    await mutate(t.app, 'projects.approve', { id }, owner);
    for (const received of ['1,00,000', '1,50,000']) {
      await mutate(t.app, 'projects.requestUpdate', { id, ...project({ price: '2,00,000', received }) }, caller.session);
      const [req] = (await query(t.app, 'projects.pendingUpdates', {}, owner)).data.items;
      expect((await mutate(t.app, 'projects.decideUpdate', { id: req!.id, approve: true }, owner)).status).toBe(200);
    }
    const money = { id, price: 200000, advance: 50000, received: 150000, pending: 50000 };
    const running = await query(t.app, 'projects.list', { list: 'running' }, owner);
    expect(running.data.items).toEqual([expect.objectContaining(money)]);
    expect((await query(t.app, 'projects.mine', { list: 'running' }, caller.session)).data.items).toEqual([expect.objectContaining(money)]);
    expect((await query(t.app, 'projects.myDetail', { id }, caller.session)).data.project).toMatchObject(money);
  });

  it('rejecting an update restores the project and its values, and writes no ledger entry', async () => {
    const { owner, caller } = await team();
    const id = await create(caller.session);
    await mutate(t.app, 'projects.approve', { id }, owner);
    await mutate(t.app, 'projects.complete', { id }, owner);
    await mutate(t.app, 'projects.requestUpdate', { id, ...project({ received: '25000' }) }, caller.session);
    expect(await ids(caller.session, 'projects.mine', { list: 'completed' })).toEqual([id]);
    const [req] = (await query(t.app, 'projects.pendingUpdates', {}, owner)).data.items;
    const res = await mutate(t.app, 'projects.decideUpdate', { id: req!.id, approve: false }, owner);
    expect(res.data).toMatchObject({ message: 'Project update rejected.' });
    expect(await row(id)).toMatchObject({ status: PROJECT_STATUS.completed, previous_status: null, received_paise: 500000 });
    expect(await db().selectFrom('project_payments').select('kind').where('project_id', '=', id).execute()).toEqual([{ kind: 'advance' }]);
  });

  it("keeps every company's projects its own: another company's ids answer not found and change nothing", async () => {
    const a = await team();
    const b = await team();
    const id = await create(a.caller.session);
    const other = b.owner;
    for (const p of ['projects.approve', 'projects.reject', 'projects.complete']) {
      expect((await mutate(t.app, p, { id }, other)).status, p).toBe(404);
    }
    expect((await query(t.app, 'projects.detail', { id }, other)).status).toBe(404);
    expect((await query(t.app, 'projects.list', { list: 'pending', telecallerId: a.caller.id }, other)).status).toBe(404);
    expect((await query(t.app, 'projects.list', { list: 'pending' }, other)).data.items).toEqual([]);
    expect((await query(t.app, 'projects.telecallers', undefined, other)).data.map((r: { telicaller_id: number }) => r.telicaller_id)).not.toContain(
      a.caller.id,
    );
    await mutate(t.app, 'projects.approve', { id }, a.owner);
    await mutate(t.app, 'projects.requestUpdate', { id, ...project({ received: '9000' }) }, a.caller.session);
    const [req] = (await query(t.app, 'projects.pendingUpdates', {}, a.owner)).data.items;
    expect((await query(t.app, 'projects.pendingUpdates', {}, other)).data.items).toEqual([]);
    expect((await mutate(t.app, 'projects.decideUpdate', { id: req!.id, approve: true }, other)).status).toBe(404);
    expect(await row(id)).toMatchObject({ status: PROJECT_STATUS.updateRequested, received_paise: 500000 });
    // A colleague cannot ask to change someone else's project.
    expect((await mutate(t.app, 'projects.requestUpdate', { id, ...project({ received: '9000' }) }, a.other.session)).status).toBe(404);
  });

  it('counts each telecaller for Approve Projects, most pending first', async () => {
    const { owner, caller, other, head } = await team();
    await create(caller.session);
    await create(other.session);
    await create(other.session);
    const rows = (await query(t.app, 'projects.telecallers', undefined, owner)).data;
    expect(
      rows.map((r: { telecaller_name: string; total_projects: number; pending_projects: number }) => [r.telecaller_name, r.total_projects, r.pending_projects]),
    ).toEqual([
      ['Bina Other', 2, 2],
      ['Asha Caller', 1, 1],
      ['Chetan Head', 0, 0],
    ]);
    expect(await ids(owner, 'projects.list', { list: 'pending', telecallerId: other.id })).toHaveLength(2);
    expect(head.id).toBeGreaterThan(0);
  });

  it('sums the business from the rounded rows: totals equal the sum of the rows, commission on price and on money received', async () => {
    const { owner, caller, other } = await team();
    // 999.99 at 15 % is 149.9985 -> 150.00; received 333.33 at 15 % is 49.9995 -> 50.00.
    const a = await create(caller.session, { price: '999.99', advance: '333.33', commission_percentage: 15 });
    const b = await create(caller.session, { price: '999.90', advance: '0', commission_percentage: 15 });
    const c = await create(other.session, { price: '100', advance: '100', commission_percentage: 2 });
    await create(caller.session, { price: '5000' }); // pending approval: not business yet
    for (const id of [a, b, c]) await mutate(t.app, 'projects.approve', { id }, owner);

    const mine = (await query(t.app, 'projects.myBusiness', { pageSize: 50 }, caller.session)).data;
    expect(mine.totals).toEqual({ projects: 2, value: 1999.89, received: 333.33, pending: 1666.56, commission: 299.99, commission_earned: 50 });
    const rows = mine.projects.items as Array<{ id: number; commission: number; commission_earned: number; price: number }>;
    expect(rows.map((r) => [r.id, r.commission, r.commission_earned])).toEqual([
      [b, 149.99, 0],
      [a, 150, 50],
    ]);
    const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x * 100, 0)) / 100;
    expect(sum(rows.map((r) => r.commission))).toBe(mine.totals.commission);
    expect(sum(rows.map((r) => r.price))).toBe(mine.totals.value);

    const company = (await query(t.app, 'projects.business', {}, owner)).data;
    expect(company).toMatchObject({ from: `${today().slice(0, 8)}01`, to: today() }); // this month so far, unless asked
    expect(company.totals).toMatchObject({ projects: 3, value: 2099.89, received: 433.33, commission: 301.99 });
    expect(company.byTelecaller.map((r: { telecaller_name: string; value: number }) => [r.telecaller_name, r.value])).toEqual([
      ['Asha Caller', 1999.89],
      ['Bina Other', 100],
    ]);
    expect(company.byMonth).toEqual([expect.objectContaining({ month: today().slice(0, 7), projects: 3, value: 2099.89 })]);
    const pendingRow = (await query(t.app, 'projects.mine', { list: 'pendingPayment' }, caller.session)).data.items.find((p: { id: number }) => p.id === a);
    expect(pendingRow!.reminder!.link).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(decodeURIComponent(pendingRow!.reminder!.link)).toContain('₹666.66 of ₹999.99 is still pending');
  });
});
