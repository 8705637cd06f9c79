import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLeadRows, insertUser } from './helpers/fixtures.js';
import { mutate, signIn } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// Work the queue (docs/product-rules.md#work-the-queue): the form knows the leads around it, and a submit names the next lead
// of its queue, wrapping to the start when the last one is done.
describe.each(dialects)('working a queue in order on %s', (dialect) => {
  const t = testAppFor(dialect);

  async function caller() {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const session = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: user.password });
    return { company, user, session };
  }

  it('opens with the leads before and after, and each submit names the next new lead, wrapping to the first', async () => {
    const { company, user, session } = await caller();
    const [a, b, c] = await insertLeadRows(t.deps.db, company.id, [{ telicaller_id: user.id }, { telicaller_id: user.id }, { telicaller_id: user.id }]);
    const submit = (leadId: number) =>
      mutate(t.app, 'work.submit', { leadId, queue: 'new', status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead' }, session);

    const openB = await mutate(t.app, 'work.open', { leadId: b, queue: 'new' }, session);
    expect(openB.data.queue).toEqual({ name: 'new', previousId: a, nextId: c });
    expect((await submit(b!)).data).toEqual({ nextId: c, status: '3' });

    // b has left the queue: after c comes a again.
    const openC = await mutate(t.app, 'work.open', { leadId: c, queue: 'new' }, session);
    expect(openC.data.queue).toEqual({ name: 'new', previousId: a, nextId: a });
    expect((await submit(c!)).data).toEqual({ nextId: a, status: '3' });

    const openA = await mutate(t.app, 'work.open', { leadId: a, queue: 'new' }, session);
    expect(openA.data.queue).toEqual({ name: 'new', previousId: null, nextId: null });
    expect((await submit(a!)).data).toEqual({ nextId: null, status: '3' });
  });

  it('follows the callbacks by when they are due, not by id', async () => {
    const { company, user, session } = await caller();
    const today = todayIn('Asia/Kolkata');
    const callback = (date: string) => ({ telicaller_id: user.id, status: LEAD_STATUS.followUp, callback_date: date });
    // Inserted out of their order: the latest first.
    const [late, missed, early] = await insertLeadRows(t.deps.db, company.id, [callback(today), callback(addDays(today, -1)), callback(today)]);
    await t.deps.db.updateTable('leads').set({ callback_time: '23:59' }).where('id', '=', late!).execute();
    await t.deps.db.updateTable('leads').set({ callback_time: '10:00' }).where('id', '=', missed!).execute();
    await t.deps.db.updateTable('leads').set({ callback_time: '23:58' }).where('id', '=', early!).execute();

    const open = await mutate(t.app, 'work.open', { leadId: early, queue: 'callback' }, session);
    expect(open.data.queue).toEqual({ name: 'callback', previousId: missed, nextId: late });
    const done = await mutate(t.app, 'work.submit', { leadId: early, queue: 'callback', status: LEAD_STATUS.notInterested, feedback: 'Price Issue' }, session);
    expect(done.data).toEqual({ nextId: late, status: '3' });
  });
});
