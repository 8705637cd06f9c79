// Routing rules on a company's lead fields, and do-not-call leads never routed (docs/routing.md#rules).
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { insertLead, insertUser, uniqueMobile } from './helpers/fixtures.js';
import { mutate, query, type Session } from './helpers/http.js';
import { insertField } from './helpers/lead-fields.js';
import { drainWaiting } from '../server/services/routing/waiting.service.js';
import { receiveLead } from '../server/services/routing/arrivals.service.js';
import { startRoutingRound, routeLeads } from '../server/services/routing/route-leads.js';

// 2026-11-23 is a Monday; noon in Kolkata.
const MONDAY_NOON_IST = new Date('2026-11-23T06:30:00Z');
const CHOICES = [
  { key: 'rcc', label: 'RCC' },
  { key: 'tin', label: 'Tin sheet' },
];

async function setup(t: TestApp) {
  const c = await signedInCompany(t);
  const [a, b, d] = [
    await insertUser(t.deps.db, c.company.id, 'Telicaller', { name: 'Anu' }),
    await insertUser(t.deps.db, c.company.id, 'Telicaller', { name: 'Bala' }),
    await insertUser(t.deps.db, c.company.id, 'Telicaller', { name: 'Dev' }),
  ];
  await t.deps.db
    .insertInto('routing_settings')
    .values({
      subadmin_id: c.company.id,
      route_capture: 1,
      work_days: '1,2,3,4,5,6,7',
      work_start: '00:00',
      work_end: '23:59',
      updated_at: new Date().toISOString(),
    })
    .execute();
  // the company's own signed-in telecaller stays out of the way: on a break
  await t.deps.db.updateTable('users').set({ on_break: 1 }).where('subadmin_id', '=', c.company.id).where('name', 'not in', ['Anu', 'Bala', 'Dev']).execute();
  const key = await mutate(t.app, 'capture.create', { kind: 'api', name: 'CRM' }, c.owner);
  return { ...c, a: a.id, b: b.id, d: d.id, secret: (key.data as { secret: string }).secret };
}

const rule = (app: FastifyInstance, owner: Session, input: Record<string, unknown>) => mutate(app, 'routing.createRule', input, owner);

const post = (app: FastifyInstance, secret: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/capture/leads',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe.each(dialects)('routing by lead field on %s', (dialect) => {
  const t = testAppFor(dialect);

  it("routes a lead whose field has the rule's value to the rule's people: a text field, a choice, one of a multiple choice", async () => {
    const s = await setup(t);
    const notes = await insertField(t.deps.db, s.company.id, { key: 'product', label: 'Product', type: 'text' });
    const roof = await insertField(t.deps.db, s.company.id, { key: 'roof', label: 'Roof type', type: 'choice', choices: CHOICES });
    const wants = await insertField(t.deps.db, s.company.id, { key: 'wants', label: 'Wants', type: 'multiChoice', choices: CHOICES });
    expect((await rule(t.app, s.owner, { field: 'field', fieldId: notes, match: 'contains', value: 'solar', userIds: [s.a] })).status).toBe(200);
    // a choice may be named by its label: the key is kept
    expect((await rule(t.app, s.owner, { field: 'field', fieldId: roof, match: 'is', value: 'Tin sheet', userIds: [s.b] })).status).toBe(200);
    expect((await rule(t.app, s.owner, { field: 'field', fieldId: wants, match: 'is', value: 'rcc', userIds: [s.d] })).status).toBe(200);
    const sent = async (fields: Record<string, unknown>) => (await post(t.app, s.secret, { name: 'R', mobile: uniqueMobile(), fields })).json().routedTo?.id;
    for (let i = 0; i < 3; i++) expect(await sent({ product: 'Rooftop SOLAR panels' })).toBe(s.a);
    for (let i = 0; i < 3; i++) expect(await sent({ roof: 'tin' })).toBe(s.b);
    for (let i = 0; i < 3; i++) expect(await sent({ wants: ['tin', 'rcc'] })).toBe(s.d);
    const rules = await query(t.app, 'routing.rules', undefined, s.owner);
    expect(rules.data).toMatchObject([
      { field: 'field', fieldId: notes, fieldLabel: 'Product', fieldRetired: false, value: 'solar', valueLabel: null },
      { field: 'field', fieldId: roof, fieldLabel: 'Roof type', value: 'tin', valueLabel: 'Tin sheet' },
      { field: 'field', fieldId: wants, value: 'rcc', valueLabel: 'RCC' },
    ]);
  });

  it("routes the company's Add Lead by a field's value given on the form (the values arrive with the lead)", async () => {
    const s = await setup(t);
    await t.deps.db.updateTable('routing_settings').set({ route_add_lead: 1 }).where('subadmin_id', '=', s.company.id).execute();
    const roof = await insertField(t.deps.db, s.company.id, { key: 'roof', label: 'Roof type', type: 'choice', choices: CHOICES });
    expect((await rule(t.app, s.owner, { field: 'field', fieldId: roof, match: 'is', value: 'rcc', userIds: [s.d] })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const added = await mutate(
        t.app,
        'intake.addLead',
        { name: `Added ${i}`, mobile: uniqueMobile(), category: 'Solar', email: 'lead@example.com', fields: { roof: 'RCC' } },
        s.owner,
      );
      expect(added.status, JSON.stringify(added.error)).toBe(200);
      expect(added.data).toMatchObject({ telicallerId: s.d });
      const lead = await t.deps.db.selectFrom('leads').select(['telicaller_id', 'email']).where('id', '=', added.data.id).executeTakeFirstOrThrow();
      expect(lead).toEqual({ telicaller_id: s.d, email: 'lead@example.com' });
    }
  });

  it("keeps the rule when its field is renamed; a retired field's rule matches no lead and says so", async () => {
    const s = await setup(t);
    const roof = await insertField(t.deps.db, s.company.id, { key: 'roof', label: 'Roof type', type: 'choice', choices: CHOICES });
    await rule(t.app, s.owner, { field: 'field', fieldId: roof, match: 'is', value: 'rcc', userIds: [s.a] });
    await t.deps.db.updateTable('lead_fields').set({ label: 'Roof' }).where('id', '=', roof).execute();
    const routed = async () => (await post(t.app, s.secret, { name: 'R', mobile: uniqueMobile(), fields: { roof: 'rcc' } })).json().routedTo?.id;
    for (let i = 0; i < 3; i++) expect(await routed()).toBe(s.a);
    expect((await query(t.app, 'routing.rules', undefined, s.owner)).data).toMatchObject([{ fieldLabel: 'Roof', fieldRetired: false }]);
    await t.deps.db.updateTable('lead_fields').set({ retired_at: new Date().toISOString() }).where('id', '=', roof).execute();
    // a lead the field once matched, waiting, now goes to anyone
    const id = await insertLead(t.deps.db, s.company.id);
    await t.deps.db
      .insertInto('lead_values')
      .values({ lead_id: id, field_id: roof, item: '', subadmin_id: s.company.id, v_text: 'rcc', v_num: null, v_long: null })
      .execute();
    await t.deps.db.updateTable('leads').set({ route_waiting: 1, route_source: 'capture', telicaller_id: null }).where('id', '=', id).execute();
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('id', '=', s.a).execute();
    expect(await drainWaiting(t.deps, s.company.id)).toBe(1);
    const lead = await t.deps.db.selectFrom('leads').select('telicaller_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect([s.b, s.d]).toContain(lead.telicaller_id);
    expect((await query(t.app, 'routing.rules', undefined, s.owner)).data).toMatchObject([{ fieldLabel: 'Roof', fieldRetired: true }]);
  });

  it('routes a waiting lead by the field values it already has (read from the database)', async () => {
    const s = await setup(t);
    const product = await insertField(t.deps.db, s.company.id, { key: 'product', label: 'Product', type: 'text' });
    await rule(t.app, s.owner, { field: 'field', fieldId: product, match: 'is', value: 'Solar', userIds: [s.b] });
    const id = await insertLead(t.deps.db, s.company.id);
    await t.deps.db
      .insertInto('lead_values')
      .values({ lead_id: id, field_id: product, item: '', subadmin_id: s.company.id, v_text: 'solar', v_num: null, v_long: null })
      .execute();
    await t.deps.db.updateTable('leads').set({ route_waiting: 1, route_source: 'capture', telicaller_id: null }).where('id', '=', id).execute();
    expect(await drainWaiting(t.deps, s.company.id)).toBe(1);
    expect((await t.deps.db.selectFrom('leads').select('telicaller_id').where('id', '=', id).executeTakeFirstOrThrow()).telicaller_id).toBe(s.b);
  });

  it("refuses a rule on another company's field, a retired field, a number field, an unknown choice or 'contains' on a choice", async () => {
    const s = await setup(t);
    const other = await signedInCompany(t);
    const theirs = await insertField(t.deps.db, other.company.id, { key: 'x', type: 'text' });
    const retired = await insertField(t.deps.db, s.company.id, { key: 'old', type: 'text', retired: true });
    const size = await insertField(t.deps.db, s.company.id, { key: 'size', type: 'number' });
    const roof = await insertField(t.deps.db, s.company.id, { key: 'roof', label: 'Roof type', type: 'choice', choices: CHOICES });
    const base = { field: 'field', match: 'is', value: 'x', userIds: [s.a] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fieldId: theirs }, 'NOT_FOUND', 'Lead field not found.'],
      [{ fieldId: retired }, 'BAD_REQUEST', 'This lead field is retired: pick a field in use.'],
      [{ fieldId: size }, 'BAD_REQUEST', 'A rule can look at a text, choice, phone, email or link field only.'],
      [{ fieldId: roof, value: 'glass' }, 'BAD_REQUEST', 'Roof type has no such choice: pick one of RCC, Tin sheet.'],
      [{ fieldId: roof, match: 'contains', value: 'rcc' }, 'BAD_REQUEST', 'A rule on a choice field matches a choice: use "is".'],
      [{ fieldId: null }, 'BAD_REQUEST', 'Pick the lead field the rule looks at.'],
    ];
    for (const [over, code, message] of cases) {
      const res = await rule(t.app, s.owner, { ...base, ...over });
      expect(res.error, JSON.stringify(over)).toMatchObject({ message, data: { code } });
    }
    expect(await t.deps.db.selectFrom('routing_rules').select('id').where('subadmin_id', '=', s.company.id).execute()).toEqual([]);
  });
});

describe.each(dialects)('do-not-call leads and routing on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('never routes a do-not-call lead: not from the waiting pool, not by routeLeads, not on a repeat enquiry; it stays nobody’s', async () => {
    const s = await setup(t);
    const waiting = await insertLead(t.deps.db, s.company.id);
    await t.deps.db.updateTable('leads').set({ dnc: 1, route_waiting: 1, route_source: 'capture', telicaller_id: null }).where('id', '=', waiting).execute();
    expect(await drainWaiting(t.deps, s.company.id, MONDAY_NOON_IST)).toBe(0);
    const after = await t.deps.db.selectFrom('leads').select(['telicaller_id', 'route_waiting']).where('id', '=', waiting).executeTakeFirstOrThrow();
    expect(after).toEqual({ telicaller_id: null, route_waiting: 0 });

    const direct = await insertLead(t.deps.db, s.company.id);
    await t.deps.db.updateTable('leads').set({ dnc: 1, telicaller_id: null }).where('id', '=', direct).execute();
    const out = await t.deps.db.transaction().execute(async (trx) => {
      const round = await startRoutingRound(trx, t.deps.dialect, s.company.id, MONDAY_NOON_IST);
      return routeLeads(trx, round, [{ id: direct, name: 'X', category: 'Website', area: '', language: null }], 'capture');
    });
    expect(out.routed.size + out.waiting.length).toBe(0);

    // a repeat enquiry on a do-not-call lead nobody owns is recorded, not routed
    const mobile = uniqueMobile();
    const known = await insertLead(t.deps.db, s.company.id, { mobile });
    await t.deps.db.updateTable('leads').set({ dnc: 1, telicaller_id: null }).where('id', '=', known).execute();
    const arrival = await receiveLead(t.deps, s.company.id, 'capture', { name: 'R', mobile, requirement: '', area: '', category: 'Website' }, MONDAY_NOON_IST);
    expect(arrival).toMatchObject({ leadId: known, outcome: 'repeat', routedTo: null });
    const leads = await t.deps.db.selectFrom('leads').select(['telicaller_id', 'route_waiting']).where('id', 'in', [direct, known]).execute();
    expect(leads).toEqual([
      { telicaller_id: null, route_waiting: 0 },
      { telicaller_id: null, route_waiting: 0 },
    ]);
    const routedEvents = await t.deps.db
      .selectFrom('lead_events')
      .select('lead_id')
      .where('lead_id', 'in', [waiting, direct, known])
      .where('kind', 'in', ['routed', 'waiting'])
      .execute();
    expect(routedEvents).toEqual([]);
  });
});
