import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { callerWithNewLeads } from './helpers/company.js';
import { insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, signIn } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { findSentToSubadmins } from '../server/services/notifications/notifications.repository.js';
import { TAKEN_BACK_MESSAGES } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// A phone offline submits a lead that its company took back meanwhile: the telecaller is told that
// the company took it back, and the company gets the outcome, so an interested customer is not lost.
describe.each(dialects)('an outcome for a lead taken back, on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  let n = 0;
  const keyOf = () => `k${Date.now().toString(36)}${(++n).toString(36)}taken`;

  const caller = () => callerWithNewLeads(t, 2);
  /** The company takes back the telecaller's untouched leads (Distribution's Take back). */
  async function takeBack(c: Awaited<ReturnType<typeof caller>>) {
    const owner = await signIn(t.app, { kind: 'subadmin', email: c.company.email, password: PASSWORD });
    const answer = await mutate(t.app, 'distribution.takeBack', { userId: c.user.id, category: null }, owner);
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.returned).toBe(2);
  }
  const noticesOf = (subadminId: number) =>
    db().selectFrom('notifications').selectAll().where('audience', '=', 'subadmins').where('subadmin_id', '=', subadminId).execute();

  it("says the company took it back, and hands the outcome with its remarks to the company's inbox", async () => {
    const c = await caller();
    await takeBack(c);
    const form = {
      leadId: c.leads[0],
      queue: 'new',
      status: LEAD_STATUS.interested,
      feedback: 'Running',
      remarks: 'Wants 500 units, call after 5',
      project_name: 'Pipes',
      call_duration: 60,
      client_key: keyOf(),
    };
    const answer = await mutate(t.app, 'work.submit', form, c.session);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(TAKEN_BACK_MESSAGES.submit);

    const notices = await noticesOf(c.company.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.user_id).toBe(c.user.id);
    expect(notices[0]!.title).toBe('Outcome for a lead taken back: Interested');
    expect(notices[0]!.message).toContain('Lead 0');
    expect(notices[0]!.message).toContain('Remarks: Wants 500 units, call after 5');
    expect(notices[0]!.message).toContain('Feedback: Running');
    // Nothing was written to the lead itself.
    expect(await db().selectFrom('lead_history').select('id').where('lead_id', '=', c.leads[0]!).execute()).toEqual([]);
    // The company reads it in its inbox; the admin does not see it among the notices it sent.
    const sent = await findSentToSubadmins(db(), { page: 1, pageSize: 100 });
    expect(sent.items.map((s) => s.id)).not.toContain(notices[0]!.id);
  });

  it('an attempt (not connected) on a lead taken back is refused with the same words and notifies nobody', async () => {
    const c = await caller();
    await takeBack(c);
    const answer = await mutate(t.app, 'work.notConnected', { leadId: c.leads[1], outcome: 'busy', call_duration: 5, client_key: keyOf() }, c.session);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(TAKEN_BACK_MESSAGES.attempt);
    expect(await noticesOf(c.company.id)).toEqual([]);
  });

  it('the legacy API: submitLeadForm answers 409 with the words; update-status skips the lead and changes the others', async () => {
    const c = await caller();
    await takeBack(c);
    const [mine] = await insertLeadRows(db(), c.company.id, [
      { name: 'Kept', telicaller_id: c.user.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.new },
    ]);
    const submit = await legacy(t.app, 'POST', '/submitLeadForm', c.session, { customer_id: c.leads[0], status: '3', feedback: 'Price Issue' });
    expect(submit.status).toBe(409);
    expect(submit.body).toEqual({ status: false, success: false, message: TAKEN_BACK_MESSAGES.submit });
    const bulk = await legacy(t.app, 'POST', '/update-status', c.session, {
      telicaller_id: c.user.id,
      lead_ids: [c.leads[1], mine],
      status: 3,
      feedback: 'Price Issue',
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ updated: [mine], not_found: [c.leads[1]] });
    expect((await noticesOf(c.company.id)).length).toBe(2);
  });

  it("a colleague's lead, or one taken back from a colleague, stays not found", async () => {
    const c = await caller();
    const colleague = await insertUser(db(), c.company.id);
    const session = await signIn(t.app, { kind: 'user', mobile: colleague.mobile, password: PASSWORD });
    const form = (leadId: number) => ({ leadId, status: LEAD_STATUS.interested, feedback: 'Running', remarks: 'x' });
    expect((await mutate(t.app, 'work.submit', form(c.leads[0]!), session)).status).toBe(404);
    await takeBack(c);
    const answer = await mutate(t.app, 'work.submit', form(c.leads[1]!), session);
    expect(answer.status).toBe(404);
    expect(answer.error?.message).toBe('Lead not found.');
    expect(await noticesOf(c.company.id)).toEqual([]);
  });

  it("another company's lead stays not found, and nobody is told anything", async () => {
    const a = await caller();
    const b = await caller();
    const answer = await mutate(t.app, 'work.submit', { leadId: b.leads[0], status: LEAD_STATUS.interested, feedback: 'Running', remarks: 'x' }, a.session);
    expect(answer.status).toBe(404);
    expect(answer.error?.message).toBe('Lead not found.');
    expect(await noticesOf(a.company.id)).toEqual([]);
    expect(await noticesOf(b.company.id)).toEqual([]);
  });
});
