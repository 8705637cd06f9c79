import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLead } from './helpers/fixtures.js';
import { EVERY_TYPE, insertField } from './helpers/lead-fields.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { fieldValuesOfLeads, readFieldInput, setLeadValues } from '../server/services/lead-fields/values.js';
import { DEFAULT_FEEDBACK } from '../shared/company-shape.js';
import { FIELD_TYPE_IDS, fieldKeyFrom, readFieldValue, type FieldDef } from '../shared/lead-fields.js';

/*
 * The foundation of a company's own shape (docs/lead-fields.md): every field type read from what people
 * and systems send, stored, read back and changed with a history line; the company's shape a kept read
 * that a new field is seen in at once; each company its own.
 */

const field = (over: Partial<FieldDef>): FieldDef => ({
  id: 1,
  key: 'f',
  label: 'F',
  type: 'text',
  choices: null,
  required: false,
  statuses: null,
  callersEdit: true,
  onCards: false,
  hidden: false,
  retired: false,
  position: 0,
  ...over,
});

describe('field types read what people and files send', () => {
  const read = (type: FieldDef['type'], raw: unknown, over: Partial<FieldDef> = {}) => readFieldValue(field({ type, label: 'Value', ...over }), raw);
  const choices = [
    { key: 'rcc', label: 'RCC' },
    { key: 'tin', label: 'Tin sheet' },
    { key: 'old', label: 'Old', retired: true },
  ];

  it('covers every type in the registry', () => {
    expect(FIELD_TYPE_IDS.sort()).toEqual(EVERY_TYPE.map((f) => f.type).sort());
  });

  it('reads each type, and refuses what is not one with the field’s name', () => {
    expect(read('text', '  Pune  ')).toEqual({ ok: true, values: [{ text: 'Pune', num: null, long: null }] });
    expect(read('text', 'x'.repeat(201))).toEqual({ ok: false, message: 'Value must be at most 200 characters.' });
    expect(read('longText', 'x'.repeat(3000))).toMatchObject({ ok: true, values: [{ text: null, long: 'x'.repeat(3000) }] });
    expect(read('number', '1,250.5')).toMatchObject({ ok: true, values: [{ num: 1250.5 }] });
    expect(read('number', 'twelve')).toEqual({ ok: false, message: 'Value must be a number.' });
    expect(read('money', '₹ 2,50,000.50')).toMatchObject({ ok: true, values: [{ num: 25_000_050 }] });
    expect(read('money', '1.234')).toMatchObject({ ok: false });
    expect(read('date', '29/11/2026')).toMatchObject({ ok: true, values: [{ text: '2026-11-29' }] });
    expect(read('date', '31/02/2026')).toMatchObject({ ok: false });
    expect(read('dateTime', '2026-11-29T10:30:00+05:30')).toMatchObject({ ok: true, values: [{ text: '2026-11-29T05:00:00.000Z' }] });
    expect(read('dateTime', '2026-11-29 10:30')).toMatchObject({ ok: false });
    expect(read('choice', 'tin sheet', { choices })).toMatchObject({ ok: true, values: [{ text: 'tin' }] });
    expect(read('choice', 'Old', { choices })).toEqual({ ok: false, message: 'Value must be one of: RCC, Tin sheet.' });
    expect(read('multiChoice', ['rcc', 'Tin sheet', 'rcc'], { choices })).toMatchObject({ ok: true, values: [{ text: 'rcc' }, { text: 'tin' }] });
    expect(read('multiChoice', 'RCC; tin sheet', { choices })).toMatchObject({ ok: true, values: [{ text: 'rcc' }, { text: 'tin' }] });
    expect(read('phone', '+91-98230 11001')).toMatchObject({ ok: true, values: [{ text: '9823011001' }] });
    expect(read('phone', '020 2612 3456')).toMatchObject({ ok: true, values: [{ text: '2026123456' }] });
    expect(read('email', ' Asha@Example.COM ')).toMatchObject({ ok: true, values: [{ text: 'asha@example.com' }] });
    expect(read('email', 'asha@')).toMatchObject({ ok: false });
    expect(read('yesNo', 'Yes')).toMatchObject({ ok: true, values: [{ num: 1 }] });
    expect(read('yesNo', false)).toMatchObject({ ok: true, values: [{ num: 0 }] });
    expect(read('yesNo', 'maybe')).toEqual({ ok: false, message: 'Value must be yes or no.' });
    expect(read('link', 'https://example.com/a?b=1')).toMatchObject({ ok: true, values: [{ text: 'https://example.com/a?b=1' }] });
    expect(read('link', 'javascript:alert(1)')).toMatchObject({ ok: false });
    expect(read('text', '')).toEqual({ ok: true, values: [] });
  });

  it('makes a key from a label that no other field and none of the lead’s own fields has', () => {
    expect(fieldKeyFrom('Loan amount (₹)', new Set())).toBe('loan_amount');
    expect(fieldKeyFrom('Loan amount', new Set(['loan_amount']))).toBe('loan_amount_2');
    expect(fieldKeyFrom('Email', new Set())).toBe('email_2');
    expect(fieldKeyFrom('2nd phone', new Set())).toBe('field_2nd_phone');
    expect(fieldKeyFrom('पता', new Set())).toBe('field');
  });
});

describe.each(dialects)('a company’s fields and their values on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  it('starts every company with the spec’s feedback choices, its own rows', async () => {
    const a = await insertCompany(db());
    const b = await insertCompany(db());
    const shapeA = await companyShape(db(), a.id);
    expect(
      Object.values(shapeA.feedback)
        .flat()
        .map((c) => [c.status, c.label, c.needsCallback, c.needsReason]),
    ).toEqual(DEFAULT_FEEDBACK.map((d) => [d.status, d.label, d.needsCallback, d.needsReason]));
    const shapeB = await companyShape(db(), b.id);
    expect(shapeB.feedback['3'].map((c) => c.id)).not.toEqual(shapeA.feedback['3'].map((c) => c.id));
    expect(shapeA.fields).toEqual([]);
  });

  it('sees a new field at once (the shape is kept, and forgotten on a write)', async () => {
    const a = await insertCompany(db());
    expect((await companyShape(db(), a.id)).fields).toEqual([]);
    await insertField(db(), a.id, { key: 'roof', type: 'choice', choices: [{ key: 'rcc', label: 'RCC' }] });
    expect((await companyShape(db(), a.id)).fields.map((f) => f.key)).toEqual(['roof']);
  });

  it('stores a value of every type, reads them back as sent, and keeps each change as a history line', async () => {
    const a = await insertCompany(db());
    for (const [i, f] of EVERY_TYPE.entries()) await insertField(db(), a.id, { ...f, position: i });
    const { fields } = await companyShape(db(), a.id);
    const lead = await insertLead(db(), a.id);
    const sent = {
      note_text: 'Near the temple',
      story: 'Called twice. '.repeat(50),
      family_size: '5',
      loan_amount: '250000.50',
      visit_date: '2026-12-01',
      meeting_at: '2026-12-01T11:00:00+05:30',
      roof: 'RCC',
      interests: ['solar', 'Battery'],
      alt_phone: '919822022001',
      work_email: 'asha@example.com',
      owns_house: 'no',
      website: 'https://asha.example.com',
    };
    const read = readFieldInput(fields, sent);
    expect(read.errors).toEqual({});
    const changes = await db()
      .transaction()
      .execute((trx) => setLeadValues(trx, { subadminId: a.id, leadId: lead }, fields, read.values));
    expect(changes).toHaveLength(12);
    expect(changes.find((c) => c.key === 'interests')).toEqual({ key: 'interests', label: 'Interests', from: '', to: 'Solar, Battery' });
    const back = (await fieldValuesOfLeads(db(), a.id, fields, [lead])).get(lead);
    expect(back).toEqual({
      note_text: 'Near the temple',
      story: 'Called twice. '.repeat(50).trim(),
      family_size: 5,
      loan_amount: 250000.5,
      visit_date: '2026-12-01',
      meeting_at: '2026-12-01T05:30:00.000Z',
      roof: 'rcc',
      interests: ['battery', 'solar'],
      alt_phone: '9822022001',
      work_email: 'asha@example.com',
      owns_house: false,
      website: 'https://asha.example.com',
    });

    // the same values again change nothing; a cleared and a changed value are one line
    const again = readFieldInput(fields, sent).values;
    expect(
      await db()
        .transaction()
        .execute((trx) => setLeadValues(trx, { subadminId: a.id, leadId: lead }, fields, again)),
    ).toEqual([]);
    const next = readFieldInput(fields, { roof: 'tin sheet', website: '' }).values;
    await db()
      .transaction()
      .execute((trx) => setLeadValues(trx, { subadminId: a.id, leadId: lead }, fields, next, { subadminId: a.id }));
    const lines = await db().selectFrom('lead_changes').selectAll().where('lead_id', '=', lead).orderBy('id').execute();
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!.changes)).toEqual([
      { key: 'roof', label: 'Roof type', from: 'RCC', to: 'Tin sheet' },
      { key: 'website', label: 'Website', from: 'https://asha.example.com', to: '' },
    ]);
    expect(lines[1]).toMatchObject({ acted_by_subadmin: a.id, user_id: null });
    expect((await fieldValuesOfLeads(db(), a.id, fields, [lead])).get(lead)).not.toHaveProperty('website');
  });

  it('refuses unknown, retired and not-allowed keys and missing required values, by key', async () => {
    const a = await insertCompany(db());
    await insertField(db(), a.id, { key: 'budget', label: 'Budget', type: 'money', required: true });
    await insertField(db(), a.id, { key: 'gone', label: 'Gone', type: 'text', retired: true });
    await insertField(db(), a.id, { key: 'locked', label: 'Locked', type: 'text', callersEdit: false });
    const { fields } = await companyShape(db(), a.id);
    const read = readFieldInput(fields, { gone: 'x', nope: 'y', locked: 'z' }, { may: (f) => f.callersEdit, required: fields.filter((f) => f.required) });
    expect(read.errors).toEqual({
      gone: 'There is no lead field "gone".',
      nope: 'There is no lead field "nope".',
      locked: 'Locked cannot be changed here.',
      budget: 'Budget is required.',
    });
    expect(read.values.size).toBe(0);
  });

  it('reads only the company’s own values', async () => {
    const a = await insertCompany(db());
    const b = await insertCompany(db());
    await insertField(db(), a.id, { key: 'city', type: 'text' });
    const { fields } = await companyShape(db(), a.id);
    const lead = await insertLead(db(), a.id);
    await db()
      .transaction()
      .execute((trx) => setLeadValues(trx, { subadminId: a.id, leadId: lead }, fields, readFieldInput(fields, { city: 'Nashik' }).values));
    expect((await fieldValuesOfLeads(db(), b.id, fields, [lead])).size).toBe(0);
    expect((await fieldValuesOfLeads(db(), a.id, fields, [lead])).get(lead)).toEqual({ city: 'Nashik' });
  });
});
