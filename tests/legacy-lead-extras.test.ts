// The legacy API's lead answers carry the lead's email, fields and extra details after the spec's
// keys, in their order (docs/legacy-api.md#extra-keys): the original client ignores what it does not know.
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertLead } from './helpers/fixtures.js';
import { legacy } from './helpers/http.js';
import { EVERY_TYPE, insertField } from './helpers/lead-fields.js';
import { nowIso } from '../server/db/dialect.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { newLeadValueRows, insertValueRows, readFieldInput } from '../server/services/lead-fields/values.js';
import { toLegacyAssignedLead, toLegacyCallback, toLegacyLead } from '../server/rest/lead-work.legacy.js';
import type { QueueCard } from '../server/services/lead-work/queues.service.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { todayIn } from '../shared/dates.js';

const EXTRA_KEYS = ['email', 'fields', 'extra_details'];
// the spec's keys of each answer, in order, as the mappers give them
const card = new Proxy({}, { get: () => null }) as QueueCard;
const SPEC = { lead: Object.keys(toLegacyLead(card)), assigned: Object.keys(toLegacyAssignedLead(card)), callback: Object.keys(toLegacyCallback(card)) };

async function leadWithEverything(t: TestApp, subadminId: number, over: Parameters<typeof insertLead>[2]) {
  const id = await insertLead(t.deps.db, subadminId, { email: 'ravi@example.com', extra_details: JSON.stringify({ Pincode: '411001' }), ...over });
  const { fields } = await companyShape(t.deps.db, subadminId);
  const read = readFieldInput(fields, { roof: 'rcc', interests: ['solar', 'battery'], loan_amount: '1500.50', owns_house: 'no' });
  await insertValueRows(t.deps.db, newLeadValueRows(subadminId, id, fields, read.values));
  return id;
}

describe.each(dialects)('legacy lead answers with extra keys on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('getLeads, getLeadsALL and the per-telecaller lists add email, fields and extra_details after the spec keys', async () => {
    const { company, owner, caller } = await team(t);
    for (const f of EVERY_TYPE) await insertField(t.deps.db, company.id, f);
    const now = nowIso();
    const fresh = await leadWithEverything(t, company.id, { telicaller_id: caller.id, telicaller_send_date: now, status: LEAD_STATUS.new });
    const bare = await insertLead(t.deps.db, company.id, { telicaller_id: caller.id, telicaller_send_date: now, status: LEAD_STATUS.new });
    const today = todayIn('Asia/Kolkata', new Date());
    await leadWithEverything(t, company.id, {
      telicaller_id: caller.id,
      telicaller_send_date: now,
      status: LEAD_STATUS.followUp,
      callback_date: today,
      callback_time: '23:59',
    });

    const expected = {
      email: 'ravi@example.com',
      fields: { roof: 'rcc', interests: ['battery', 'solar'], loan_amount: 1500.5, owns_house: false },
      extra_details: { Pincode: '411001' },
    };
    const res = await legacy(t.app, 'GET', '/getLeads', caller.session);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.leads.map((l: { id: number }) => [l.id, l]));
    expect(Object.keys(byId.get(fresh) as object)).toEqual([...SPEC.lead, ...EXTRA_KEYS]);
    expect(byId.get(fresh)).toMatchObject(expected);
    expect(byId.get(bare)).toMatchObject({ email: null, fields: {}, extra_details: {} });

    const all = await legacy(t.app, 'GET', '/getLeadsALL', caller.session);
    for (const l of all.body.leads) expect(Object.keys(l)).toEqual([...SPEC.lead, ...EXTRA_KEYS]);

    // a callback row is a reminder, not a lead row: it keeps exactly the spec's keys
    const callbacks = await legacy(t.app, 'GET', '/getCallbacks', caller.session);
    expect(callbacks.body.callbacks).toHaveLength(1);
    expect(Object.keys(callbacks.body.callbacks[0])).toEqual(SPEC.callback);

    const pending = await legacy(t.app, 'GET', `/getFollowUpLeadsByTelecaller/${caller.id}`, owner);
    expect(pending.body.leads).toHaveLength(1);
    const keys = Object.keys(pending.body.leads[0]);
    expect(keys.slice(-3)).toEqual(EXTRA_KEYS);
    expect(keys.slice(0, -3)).not.toContain('fields');
    expect(pending.body.leads[0]).toMatchObject(expected);
  });

  it("a head's junior leads carry them too; another company's field values never appear", async () => {
    const { company, head, caller } = await team(t);
    const other = await team(t);
    await insertField(t.deps.db, company.id, EVERY_TYPE.find((f) => f.key === 'roof')!);
    await insertField(t.deps.db, company.id, EVERY_TYPE.find((f) => f.key === 'interests')!);
    await insertField(t.deps.db, company.id, EVERY_TYPE.find((f) => f.key === 'loan_amount')!);
    await insertField(t.deps.db, company.id, EVERY_TYPE.find((f) => f.key === 'owns_house')!);
    const id = await leadWithEverything(t, company.id, {
      telicaller_id: caller.id,
      telicaller_send_date: nowIso(),
      status: LEAD_STATUS.interested,
      handler_id: head.id,
      submit_status: '0',
      handler_assigned_by: caller.id,
    });
    const junior = await legacy(t.app, 'GET', '/getAssignedLeadsForHandler', head.session);
    const row = junior.body.leads.find((l: { id: number }) => l.id === id);
    expect(Object.keys(row)).toEqual([...SPEC.assigned, ...EXTRA_KEYS]);
    expect(row.fields).toEqual({ roof: 'rcc', interests: ['battery', 'solar'], loan_amount: 1500.5, owns_house: false });
    const theirs = await legacy(t.app, 'GET', '/getLeadsALL', other.caller.session);
    expect(theirs.body.leads).toEqual([]);
  });
});
