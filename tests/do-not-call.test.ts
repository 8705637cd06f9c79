import { describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { team } from './helpers/company.js';
import { exotelAppFor } from './helpers/exotel-app.js';
import { insertLeadRows, insertUploadedLead, insertUser } from './helpers/fixtures.js';
import { legacy, mutate, query, type Session } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/* A do-not-call lead (leads.dnc = 1) is never distributed or dialled, and no queue offers it. */
describe.each(dialects)('do-not-call leads on %s', (dialect) => {
  const world = exotelAppFor(dialect);
  const db = () => world.t.deps.db;
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const markDnc = (ids: number[]) => db().updateTable('leads').set({ dnc: 1 }).where('id', 'in', ids).execute();
  const distribute = (session: Session, input: unknown) => mutate(world.t.app, 'distribution.distribute', input, session);

  async function company() {
    const w = await team(world.t);
    const dana = await insertUser(db(), w.company.id, 'Telicaller', { name: 'Dana' });
    return { ...w, dana };
  }

  describe('distribution', () => {
    it('passes over do-not-call leads, gives the next ones instead, and says how many it skipped', async () => {
      const w = await company();
      const ids = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 8 }, () => ({ category: 'JustDial' })),
      );
      await markDnc([ids[0]!, ids[2]!, ids[7]!]);
      const res = await distribute(w.owner, { userIds: [w.dana.id], count: 3, category: 'JustDial' });
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data).toMatchObject({
        assigned: 3,
        skippedDnc: 2,
        message: 'Assigned 3 leads from JustDial to Dana. Skipped 2 do-not-call leads: they are never given out.',
      });
      const rows = await Promise.all(ids.map(leadRow));
      expect(rows.filter((l) => l.telicaller_id === w.dana.id).map((l) => l.id)).toEqual([ids[1], ids[3], ids[4]]);
      for (const i of [0, 2, 7]) expect(rows[i]!.telicaller_id).toBeNull();

      // Asking for more than there are: every do-not-call lead left is passed over.
      const rest = await distribute(w.owner, { userIds: [w.dana.id, w.caller.id], count: 10, category: null });
      expect(rest.data).toMatchObject({ assigned: 2, skippedDnc: 3 });
      expect(rest.data.message).toBe('Assigned 2 of 10 requested to 2 people: only 2 unassigned leads. Skipped 3 do-not-call leads: they are never given out.');
      for (const i of [0, 2, 7]) expect((await leadRow(ids[i]!)).telicaller_id).toBeNull();

      const none = await distribute(w.owner, { userIds: [w.dana.id], count: 5, category: 'JustDial' });
      expect(none.data).toMatchObject({ assigned: 0, skippedDnc: 3 });
      expect(none.data.message).toBe('Nothing was assigned: the 3 unassigned leads in JustDial are do-not-call, never given out.');
      const audit = await db().selectFrom('audit_log').select('detail').where('subadmin_id', '=', w.company.id).where('action', '=', 'distribute').execute();
      expect(audit.map((a) => JSON.parse(a.detail!).skippedDnc)).toEqual([2, 3]);
    });

    it('counts only the do-not-call leads of the category asked for, and says nothing when there are none', async () => {
      const w = await company();
      const jd = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 3 }, () => ({ category: 'JustDial' })),
      );
      const im = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 3 }, () => ({ category: 'IndiaMART' })),
      );
      await markDnc([jd[0]!, im[0]!, im[1]!]);
      const res = await distribute(w.owner, { userIds: [w.dana.id], count: 2, category: 'JustDial' });
      expect(res.data).toMatchObject({ assigned: 2, skippedDnc: 1 });
      const clean = await insertLeadRows(db(), w.company.id, [{ category: 'Local Leads' }]);
      const plain = await distribute(w.owner, { userIds: [w.dana.id], count: 1, category: 'Local Leads' });
      expect(plain.data).toMatchObject({ assigned: 1, skippedDnc: 0, message: 'Assigned 1 lead from Local Leads to Dana.' });
      expect((await leadRow(clean[0]!)).telicaller_id).toBe(w.dana.id);
      // Any category: the oldest that may be called, across categories.
      const any = await distribute(w.owner, { userIds: [w.caller.id], count: 5, category: null });
      expect(any.data).toMatchObject({ assigned: 1, skippedDnc: 3 });
      expect((await leadRow(im[2]!)).telicaller_id).toBe(w.caller.id);
    });

    it('takes do-not-call leads back out of a telecaller’s hands and says distribution skips them', async () => {
      const w = await company();
      const held = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 3 }, () => ({ telicaller_id: w.dana.id, category: 'JustDial' })),
      );
      await markDnc([held[1]!]);
      const res = await mutate(world.t.app, 'distribution.takeBack', { userId: w.dana.id }, w.owner);
      expect(res.data).toEqual({ returned: 3, message: 'Returned 3 leads from Dana to the pool. 1 of them is do-not-call: distribution skips it.' });
      const again = await distribute(w.owner, { userIds: [w.caller.id], count: 3, category: 'JustDial' });
      expect(again.data).toMatchObject({ assigned: 2, skippedDnc: 1 });
      expect((await leadRow(held[1]!)).telicaller_id).toBeNull();
    });

    it('the legacy distributeLeads gives no do-not-call lead either', async () => {
      const w = await company();
      const ids = await insertLeadRows(db(), w.company.id, [{ category: 'Local Leads' }, { category: 'Local Leads' }]);
      await markDnc([ids[0]!]);
      const res = await legacy(world.t.app, 'POST', '/distributeLeads', w.owner, { id: w.dana.id, sendleads: 2, category: 'Local Leads' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: true, assigned: 1 });
      expect((await leadRow(ids[0]!)).telicaller_id).toBeNull();
    });
  });

  describe('queues', () => {
    it('never offers a do-not-call lead in a queue, as its next lead or in its pages', async () => {
      const w = await company();
      const sent = nowIso();
      const ids = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 3 }, () => ({ telicaller_id: w.caller.id, telicaller_send_date: sent })),
      );
      await markDnc([ids[1]!]);
      const page = await query(world.t.app, 'work.queue', { queue: 'new', pageSize: 50 }, w.caller.session);
      expect(page.status, JSON.stringify(page.error)).toBe(200);
      expect(page.data.items.map((i: { id: number }) => i.id)).toEqual([ids[0], ids[2]]);
      const searched = await query(world.t.app, 'work.queue', { queue: 'new', pageSize: 50, search: 'Lead' }, w.caller.session);
      expect(searched.data.items.map((i: { id: number }) => i.id)).toEqual([ids[0], ids[2]]);
      const opened = await mutate(world.t.app, 'work.open', { leadId: ids[0], queue: 'new' }, w.caller.session);
      expect(opened.status, JSON.stringify(opened.error)).toBe(200);
      expect(opened.data.queue).toMatchObject({ nextId: ids[2], previousId: null });
    });

    it('finds the next lead that may be called past a long run of do-not-call ones', async () => {
      const w = await company();
      const sent = nowIso();
      const ids = await insertLeadRows(
        db(),
        w.company.id,
        Array.from({ length: 14 }, () => ({ telicaller_id: w.caller.id, telicaller_send_date: sent })),
      );
      await markDnc(ids.slice(1, 13));
      const page = await query(world.t.app, 'work.queue', { queue: 'new', pageSize: 50 }, w.caller.session);
      expect(page.data.items.map((i: { id: number }) => i.id)).toEqual([ids[0], ids[13]]);
      const opened = await mutate(world.t.app, 'work.open', { leadId: ids[0], queue: 'new' }, w.caller.session);
      expect(opened.data.queue).toMatchObject({ nextId: ids[13] });
      // Every lead left do-not-call: there is no next one.
      await markDnc([ids[13]!]);
      const alone = await mutate(world.t.app, 'work.submit', { leadId: ids[0], status: '3', feedback: 'Price Issue', queue: 'new' }, w.caller.session);
      expect(alone.status, JSON.stringify(alone.error)).toBe(200);
      expect(alone.data.nextId).toBeNull();
    });
  });

  describe('click-to-call', () => {
    async function callerOnExotel() {
      const w = await company();
      await storeTelephony(world.t, w.company.id, 'exotel', world.exotel.settings(), { callerIds: ['+918047112233'] });
      return w;
    }

    it('refuses a do-not-call lead with its own answer and asks the provider nothing', async () => {
      const w = await callerOnExotel();
      const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, status: LEAD_STATUS.noSubmit, dnc: 1 });
      const before = world.exotel.requests.length;
      const res = await mutate(world.t.app, 'telephony.placeCall', { leadId: lead, dialer: true }, w.caller.session);
      expect(res.status).toBe(412);
      expect(res.error?.message).toBe('This lead asked not to be called.');
      expect(world.exotel.requests.length).toBe(before);
      expect(await db().selectFrom('calls').select('id').where('lead_id', '=', lead).execute()).toEqual([]);
      // Another company's lead is still not found, do-not-call or not.
      const other = await callerOnExotel();
      const theirs = await insertUploadedLead(db(), other.company.id, { telicaller_id: other.caller.id, dnc: 1 });
      expect((await mutate(world.t.app, 'telephony.placeCall', { leadId: theirs }, w.caller.session)).status).toBe(404);
    });

    it('still places a call on a lead that may be called', async () => {
      const w = await callerOnExotel();
      const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, status: LEAD_STATUS.noSubmit });
      const res = await mutate(world.t.app, 'telephony.placeCall', { leadId: lead }, w.caller.session);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
    });
  });
});
