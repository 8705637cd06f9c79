// The capture API and website form carry a company's own lead fields, the email and whatever else
// the sender gave (docs/lead-capture.md#fields): nothing the company was given is thrown away.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { uniqueMobile } from './helpers/fixtures.js';
import { mutate, type Session } from './helpers/http.js';
import { EVERY_TYPE, insertField } from './helpers/lead-fields.js';
import { fieldValuesOfLeads } from '../server/services/lead-fields/values.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { formSnippet } from '../shared/capture-form.js';
import { captureFieldsSchema, requiredOnCapture } from '../shared/capture-fields-schema.js';

async function newKey(app: FastifyInstance, owner: Session, kind: 'api' | 'form') {
  const res = await mutate(app, 'capture.create', { kind, name: kind === 'api' ? 'CRM' : 'Contact page' }, owner);
  if (res.status !== 200) throw new Error(`key not made: ${JSON.stringify(res.error)}`);
  return res.data as { secret: string };
}

const postLead = (app: FastifyInstance, key: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/capture/leads',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const postForm = (app: FastifyInstance, formKey: string, body: URLSearchParams) =>
  app.inject({
    method: 'POST',
    url: `/api/capture/form/${formKey}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' },
    payload: body.toString(),
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });

const leadsOf = (t: TestApp, subadminId: number) => t.deps.db.selectFrom('leads').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();

async function valuesOf(t: TestApp, subadminId: number, leadId: number) {
  const { fields } = await companyShape(t.deps.db, subadminId);
  return (await fieldValuesOfLeads(t.deps.db, subadminId, fields, [leadId])).get(leadId) ?? {};
}

async function companyWithEveryType(t: TestApp) {
  const c = await signedInCompany(t);
  for (const [i, f] of EVERY_TYPE.entries()) await insertField(t.deps.db, c.company.id, { ...f, position: i });
  return c;
}

const EVERY_VALUE = {
  note_text: 'Corner plot',
  story: 'Saw the ad on TV.\nWants a quote.',
  family_size: 4,
  loan_amount: '250000.50',
  visit_date: '05/12/2026',
  meeting_at: '2026-12-05T10:30:00+05:30',
  roof: 'Tin sheet',
  interests: ['solar', 'Battery'],
  alt_phone: '+91 98230 11001',
  work_email: 'Ravi@Example.com',
  owns_house: 'yes',
  website: 'https://ravi.example/home',
};

describe.each(dialects)('capture with lead fields on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('stores a value of every field type, the email, and keeps unknown keys as extra details', async () => {
    const { owner, company } = await companyWithEveryType(t);
    const key = await newKey(t.app, owner, 'api');
    const res = await postLead(t.app, key.secret, {
      name: 'Ravi',
      mobile: uniqueMobile(),
      email: ' Ravi.Kumar@Example.COM ',
      fields: EVERY_VALUE,
      pincode: '411001',
      'Enquiry time': '2026-11-29 10:00',
      utm: { source: 'google' },
      // the website form's honeypot is the form's only: on the API it is a detail like any other
      website: 'https://ravi.example',
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await leadsOf(t, company.id);
    expect(lead!.email).toBe('ravi.kumar@example.com');
    expect(JSON.parse(lead!.extra_details!)).toEqual({
      pincode: '411001',
      'Enquiry time': '2026-11-29 10:00',
      utm: '{"source":"google"}',
      website: 'https://ravi.example',
    });
    expect(await valuesOf(t, company.id, lead!.id)).toEqual({
      note_text: 'Corner plot',
      story: 'Saw the ad on TV.\nWants a quote.',
      family_size: 4,
      loan_amount: 250000.5,
      visit_date: '2026-12-05',
      meeting_at: '2026-12-05T05:00:00.000Z',
      roof: 'tin',
      interests: ['battery', 'solar'],
      alt_phone: '9823011001',
      work_email: 'ravi@example.com',
      owns_house: true,
      website: 'https://ravi.example/home',
    });
  });

  const INVALID: [string, unknown, string][] = [
    ['family_size', 'four', 'Family size must be a number.'],
    ['loan_amount', '12.345', 'Loan amount must be an amount in rupees (at most 2 decimals).'],
    ['visit_date', '31/02/2026', 'Visit date must be a date (YYYY-MM-DD or DD/MM/YYYY).'],
    ['meeting_at', '2026-12-05 10:30', 'Meeting at must be a date and time with its zone (2026-11-29T10:30:00+05:30).'],
    ['roof', 'old', 'Roof type must be one of: RCC, Tin sheet.'],
    ['interests', ['solar', 'wind'], 'Interests must be chosen from: Solar, Battery, Inverter.'],
    ['alt_phone', '12', 'Alternate phone must be a phone number.'],
    ['work_email', 'not-an-email', 'Work email must be an email address.'],
    ['owns_house', 'maybe', 'Owns house must be yes or no.'],
    ['website', 'ravi.example', 'Website must be a web address (https://…).'],
    ['note_text', 'x'.repeat(201), 'Short note must be at most 200 characters.'],
    ['story', { a: 1 }, 'Story must be text.'],
    ['no_such', 'x', 'There is no lead field "no_such".'],
  ];

  it('refuses an invalid value of each type, naming the key, and stores nothing', async () => {
    const { owner, company } = await companyWithEveryType(t);
    const key = await newKey(t.app, owner, 'api');
    for (const [k, value, message] of INVALID) {
      const res = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), email: 'r@example.com', fields: { note_text: 'ok', [k]: value } });
      expect(res.statusCode, k).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: `fields.${k}: ${message}`, fieldErrors: { [`fields.${k}`]: message } });
    }
    expect(await leadsOf(t, company.id)).toEqual([]);
    expect(await t.deps.db.selectFrom('lead_values').select('lead_id').where('subadmin_id', '=', company.id).execute()).toEqual([]);
  });

  it('refuses a bad email, fields that are not an object, and a missing required details field; a status section field is not required here', async () => {
    const { owner, company } = await signedInCompany(t);
    await insertField(t.deps.db, company.id, { key: 'budget', label: 'Budget', type: 'money', required: true });
    await insertField(t.deps.db, company.id, { key: 'reason', label: 'Reason', type: 'text', required: true, statuses: ['3'] });
    await insertField(t.deps.db, company.id, { key: 'secret_note', label: 'Secret', type: 'text', required: true, hidden: true });
    const key = await newKey(t.app, owner, 'api');
    const bad = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), email: 'ravi@', fields: { budget: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid email address.');
    const notObject = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), fields: ['budget'] });
    expect(notObject.statusCode).toBe(400);
    const missing = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), fields: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'fields.budget: Budget is required.' });
    expect(await leadsOf(t, company.id)).toEqual([]);
    const ok = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), fields: { budget: '₹ 5,000' } });
    expect(ok.statusCode).toBe(201);
    expect(await valuesOf(t, company.id, ok.json().leadId)).toEqual({ budget: 5000 });
  });

  it("refuses another company's field keys and a retired field's key", async () => {
    const a = await signedInCompany(t);
    const b = await signedInCompany(t);
    await insertField(t.deps.db, b.company.id, { key: 'theirs', type: 'text' });
    await insertField(t.deps.db, a.company.id, { key: 'old_one', label: 'Old one', type: 'text', retired: true });
    const key = await newKey(t.app, a.owner, 'api');
    for (const k of ['theirs', 'old_one']) {
      const res = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), fields: { [k]: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`fields.${k}: There is no lead field "${k}".`);
    }
    expect(await leadsOf(t, a.company.id)).toEqual([]);
  });

  it('a repeat enquiry on a known mobile applies its new values and email, with a history line; extra details are added', async () => {
    const { owner, company } = await companyWithEveryType(t);
    const key = await newKey(t.app, owner, 'api');
    const mobile = uniqueMobile();
    const first = await postLead(t.app, key.secret, {
      name: 'Ravi',
      mobile,
      email: 'old@example.com',
      fields: { roof: 'rcc', family_size: 3 },
      pincode: '411001',
    });
    const leadId = first.json().leadId;
    const again = await postLead(t.app, key.secret, {
      name: 'Ravi',
      mobile,
      email: 'new@example.com',
      fields: { roof: 'tin', interests: ['solar'] },
      budget: 'low',
    });
    expect(again.json()).toMatchObject({ leadId, status: 'repeat' });
    expect(await valuesOf(t, company.id, leadId)).toEqual({ roof: 'tin', family_size: 3, interests: ['solar'] });
    const lead = await t.deps.db.selectFrom('leads').select(['email', 'extra_details']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead.email).toBe('new@example.com');
    expect(JSON.parse(lead.extra_details!)).toEqual({ pincode: '411001', budget: 'low' });
    const lines = await t.deps.db.selectFrom('lead_changes').select('changes').where('lead_id', '=', leadId).orderBy('id').execute();
    expect(lines.map((l) => JSON.parse(l.changes))).toEqual([
      [
        { key: 'roof', label: 'Roof type', from: 'RCC', to: 'Tin sheet' },
        { key: 'interests', label: 'Interests', from: '', to: 'Solar' },
      ],
      [{ key: 'email', label: 'Email', from: 'old@example.com', to: 'new@example.com' }],
    ]);
    // a retry of an enquiry (same externalId) changes nothing
    const retried = { name: 'Ravi', mobile, fields: { roof: 'rcc' }, externalId: 'crm-9' };
    await postLead(t.app, key.secret, retried);
    await postLead(t.app, key.secret, { ...retried, fields: { roof: 'tin' } });
    expect((await valuesOf(t, company.id, leadId)).roof).toBe('rcc');
  });

  it("the website form takes the company's fields as fields[key], the email, and keeps other inputs as extra details", async () => {
    const { owner, company } = await companyWithEveryType(t);
    const key = await newKey(t.app, owner, 'form');
    const body = new URLSearchParams([
      ['name', 'Asha'],
      ['mobile', uniqueMobile()],
      ['email', 'asha@example.com'],
      ['fields[roof]', 'rcc'],
      ['fields[interests]', 'solar'],
      ['fields[interests]', 'inverter'],
      ['fields[owns_house]', 'yes'],
      ['fields[family_size]', ''],
      ['city', 'Pune'],
      ['website', ''],
    ]);
    const res = await postForm(t.app, key.secret, body);
    expect(res.statusCode).toBe(303);
    const [lead] = await leadsOf(t, company.id);
    expect(lead).toMatchObject({ email: 'asha@example.com', category: 'Website' });
    expect(JSON.parse(lead!.extra_details!)).toEqual({ city: 'Pune' });
    expect(await valuesOf(t, company.id, lead!.id)).toEqual({ roof: 'rcc', interests: ['inverter', 'solar'], owns_house: true });

    const bad = await postForm(
      t.app,
      key.secret,
      new URLSearchParams([
        ['name', 'Asha'],
        ['mobile', uniqueMobile()],
        ['fields[roof]', 'glass'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Roof type must be one of: RCC, Tin sheet.');
    expect(await leadsOf(t, company.id)).toHaveLength(1);
  });
});

describe.each(dialects)('the website form snippet on %s', (dialect) => {
  const t = testAppFor(dialect);

  it("offers the company's details fields (not hidden, retired or of a status's section), and what it sends is read", async () => {
    const { owner, company } = await companyWithEveryType(t);
    await insertField(t.deps.db, company.id, { key: 'kept_quiet', label: 'Kept quiet', type: 'text', hidden: true });
    await insertField(t.deps.db, company.id, { key: 'gone', label: 'Gone', type: 'text', retired: true });
    await insertField(t.deps.db, company.id, { key: 'why_not', label: 'Why not', type: 'text', statuses: ['3'] });
    await insertField(t.deps.db, company.id, { key: 'must', label: 'Must <b>', type: 'text', required: true });
    const { fields } = await companyShape(t.deps.db, company.id);
    const key = await newKey(t.app, owner, 'form');
    const html = formSnippet('https://crm.example', key.secret, fields);
    const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(
      new Set(['name', 'mobile', 'requirement', 'area', 'email', 'website', ...EVERY_TYPE.map((f) => `fields[${f.key}]`), 'fields[must]']),
    );
    expect(html).toContain('<label>Must &lt;b&gt; <input name="fields[must]" maxlength="200" required></label>');
    expect(html).toContain('<input type="checkbox" name="fields[interests]" value="battery"> Battery');
    expect(html).not.toContain('value="old"');
    // what a browser sends from it: a date-and-time box's local time is the company's (India's)
    const sent = new URLSearchParams([
      ['name', 'Asha'],
      ['mobile', uniqueMobile()],
      ['fields[must]', 'yes'],
      ['fields[meeting_at]', '2026-12-05T10:30'],
      ['fields[visit_date]', '2026-12-05'],
      ['fields[loan_amount]', '1200'],
      ['fields[owns_house]', 'no'],
    ]);
    expect((await postForm(t.app, key.secret, sent)).statusCode).toBe(303);
    const [lead] = await leadsOf(t, company.id);
    expect(await valuesOf(t, company.id, lead!.id)).toEqual({
      must: 'yes',
      meeting_at: '2026-12-05T05:00:00.000Z',
      visit_date: '2026-12-05',
      loan_amount: 1200,
      owns_house: false,
    });
  });
});

describe("the company's copy of the capture API's fields", () => {
  it('names each field in use with its type, choices and whether it must be sent', () => {
    const fields = [...EVERY_TYPE, { key: 'must', type: 'text' as const, required: true }, { key: 'gone', type: 'text' as const, retired: true }].map(
      (f, i) => ({
        id: i + 1,
        label: f.label ?? f.key,
        choices: f.choices ?? null,
        required: !!f.required,
        statuses: null,
        callersEdit: true,
        onCards: false,
        hidden: false,
        retired: !!f.retired,
        position: i,
        key: f.key,
        type: f.type,
      }),
    );
    const schema = captureFieldsSchema(fields, requiredOnCapture(fields)) as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(schema.required).toEqual(['must']);
    expect(Object.keys(schema.properties)).toEqual([...EVERY_TYPE.map((f) => f.key), 'must']);
    expect(schema.properties.roof).toMatchObject({ type: 'string', enum: ['rcc', 'tin'] });
    expect(schema.properties.interests).toMatchObject({ type: 'array', items: { enum: ['solar', 'battery', 'inverter'] } });
    expect(schema.properties.visit_date).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.properties.loan_amount!.description).toBe('Loan amount: an amount in rupees (at most 2 decimals; "₹", "Rs" and commas are read).');
  });
});
