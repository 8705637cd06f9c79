import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin, signedInUser } from './helpers/company.js';
import { insertLead } from './helpers/fixtures.js';
import { insertField } from './helpers/lead-fields.js';
import { mutate, query, type Session } from './helpers/http.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { fieldValuesOfLeads, readFieldInput, setLeadValues } from '../server/services/lead-fields/values.js';
import { ACTIVE_LIMIT, CHOICES_NEEDED, NO_CHOICES, TYPE_LOCKED } from '../server/services/lead-fields/fields.service.js';
import { CHOICE_LABELS_UNIQUE, STATUSES_REQUIRED } from '../shared/schemas/lead-fields.js';
import { MAX_ACTIVE_FIELDS, MAX_CHOICES } from '../shared/lead-fields.js';

/*
 * The company defines its lead fields (docs/lead-fields.md#defining-fields) through the Lead fields
 * page's calls: each rule, each refusal leaving everything as it was, each company its own.
 */

const field = (over: Record<string, unknown> = {}) => ({
  label: 'Budget',
  type: 'money',
  choices: null,
  required: false,
  statuses: null,
  callersEdit: true,
  onCards: false,
  hidden: false,
  ...over,
});
const roof = (over: Record<string, unknown> = {}) =>
  field({ label: 'Roof type', type: 'choice', choices: [{ label: 'RCC' }, { label: 'Tin sheet' }], ...over });

type View = { id: number; key: string; label: string; type: string; choices: { key: string; label: string; retired?: boolean }[] | null } & Record<
  string,
  unknown
>;

describe.each(dialects)('lead fields defined by the company on %s', (dialect) => {
  const t = testAppFor(dialect);
  const list = async (s: Session) => (await query(t.app, 'leadFields.list', undefined, s)).data as View[];
  const add = async (s: Session, over: Record<string, unknown> = {}) => {
    const res = await mutate(t.app, 'leadFields.add', field(over), s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.data as View;
  };
  const rows = (companyId: number) => t.deps.db.selectFrom('lead_fields').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();

  it('adds fields with what each says, and a key from its label that never changes', async () => {
    const { id, session } = await signedInSubadmin(t);
    const budget = await add(session, { label: 'Loan amount (₹)', required: true, statuses: ['2', '2'], callersEdit: false, onCards: true });
    expect(budget).toMatchObject({
      key: 'loan_amount',
      label: 'Loan amount (₹)',
      type: 'money',
      choices: null,
      required: true,
      statuses: ['2'],
      callersEdit: false,
      onCards: true,
      hidden: false,
      retired: false,
      hasValues: false,
    });
    const r = await add(session, roof());
    expect(r.choices).toEqual([
      { key: 'rcc', label: 'RCC' },
      { key: 'tin_sheet', label: 'Tin sheet' },
    ]);
    // a second "Loan amount" label is refused while the first is in use; a label making a taken key gets another
    expect((await mutate(t.app, 'leadFields.add', field({ label: 'loan AMOUNT (₹)' }), session)).error?.message).toBe(
      'There is already a field named loan AMOUNT (₹).',
    );
    expect((await add(session, { label: 'Loan amount' })).key).toBe('loan_amount_2');
    // renamed: the key stays
    const renamed = await mutate(t.app, 'leadFields.update', { id: budget.id, ...field({ label: 'Sanctioned amount', required: true }) }, session);
    expect(renamed.data).toMatchObject({ key: 'loan_amount', label: 'Sanctioned amount' });
    // the company's shape (what forms read) sees it at once
    const shape = await companyShape(t.deps.db, id);
    expect(shape.fields.map((f) => f.label)).toEqual(['Sanctioned amount', 'Roof type', 'Loan amount']);
    // a built-in name is refused
    expect((await mutate(t.app, 'leadFields.add', field({ label: 'Email' }), session)).error?.message).toBe('Email is a built-in field of every lead.');
  });

  it('refuses bad definitions with a clear message and stores nothing', async () => {
    const { id, session } = await signedInSubadmin(t);
    const refused = async (input: unknown, message: string) => {
      const res = await mutate(t.app, 'leadFields.add', input, session);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.message).toBe(message);
    };
    await refused(field({ label: '' }), 'Label is required.');
    await refused(field({ label: 'x'.repeat(61) }), 'Label must be at most 60 characters.');
    await refused(field({ type: 'colour' }), 'Pick a field type.');
    await refused(field({ statuses: [] }), STATUSES_REQUIRED);
    await refused(field({ statuses: ['0'] }), 'Pick outcomes a telecaller submits.');
    await refused(field({ required: 'yes' }), 'Say whether a value is required (true or false).');
    await refused(roof({ choices: [{ label: 'RCC' }, { label: 'rcc' }] }), CHOICE_LABELS_UNIQUE);
    await refused(roof({ choices: [] }), CHOICES_NEEDED);
    await refused(roof({ choices: [{ label: 'RCC', retired: true }] }), CHOICES_NEEDED);
    await refused(
      roof({ choices: Array.from({ length: MAX_CHOICES + 1 }, (_, i) => ({ label: `C${i}` })) }),
      `A field may have at most ${MAX_CHOICES} choices.`,
    );
    await refused(roof({ choices: [{ label: 'x'.repeat(101) }] }), 'A choice’s label must be at most 100 characters.');
    await refused(field({ type: 'text', choices: [{ label: 'A' }] }), NO_CHOICES);
    expect(await rows(id)).toEqual([]);
  });

  it('edits choices: added, renamed and retired ones keep their keys; a retired choice stays readable', async () => {
    const { id, session } = await signedInSubadmin(t);
    const r = await add(session, roof());
    const lead = await insertLead(t.deps.db, id);
    const shape = await companyShape(t.deps.db, id);
    const read = readFieldInput(shape.fields, { roof_type: 'Tin sheet' });
    await t.deps.db.transaction().execute((trx) => setLeadValues(trx, { subadminId: id, leadId: lead }, shape.fields, read.values));

    const res = await mutate(
      t.app,
      'leadFields.update',
      {
        id: r.id,
        ...roof({ choices: [{ key: 'rcc', label: 'RCC slab' }, { key: 'tin_sheet', label: 'Tin sheet', retired: true }, { label: 'Mangalore tiles' }] }),
      },
      session,
    );
    expect(res.data?.choices).toEqual([
      { key: 'rcc', label: 'RCC slab' },
      { key: 'tin_sheet', label: 'Tin sheet', retired: true },
      { key: 'mangalore_tiles', label: 'Mangalore tiles' },
    ]);
    expect(res.data?.hasValues).toBe(true);
    // a choice left out is kept, retired (leads may have it)
    const dropped = await mutate(t.app, 'leadFields.update', { id: r.id, ...roof({ choices: [{ key: 'rcc', label: 'RCC slab' }] }) }, session);
    expect(dropped.data?.choices).toEqual([
      { key: 'rcc', label: 'RCC slab' },
      { key: 'tin_sheet', label: 'Tin sheet', retired: true },
      { key: 'mangalore_tiles', label: 'Mangalore tiles', retired: true },
    ]);
    const now = await companyShape(t.deps.db, id);
    expect((await fieldValuesOfLeads(t.deps.db, id, now.fields, [lead])).get(lead)).toEqual({ roof_type: 'tin_sheet' });
    // a retired choice is no longer taken for a value
    expect(readFieldInput(now.fields, { roof_type: 'Tin sheet' }).errors).toEqual({ roof_type: 'Roof type must be one of: RCC slab.' });
    // a new choice named as a retired one, and a key the field never had, are refused
    const again = await mutate(t.app, 'leadFields.update', { id: r.id, ...roof({ choices: [{ key: 'rcc', label: 'RCC' }, { label: 'tin SHEET' }] }) }, session);
    expect(again.error?.message).toBe('A retired choice has that label: restore it instead.');
    const unknown = await mutate(t.app, 'leadFields.update', { id: r.id, ...roof({ choices: [{ key: 'zinc', label: 'Zinc' }] }) }, session);
    expect(unknown.error?.message).toBe('The field has no choice "zinc".');
  });

  it('changes a type only while the field has no values', async () => {
    const { id, session } = await signedInSubadmin(t);
    const f = await add(session, { label: 'Family size', type: 'text' });
    const changed = await mutate(t.app, 'leadFields.update', { id: f.id, ...field({ label: 'Family size', type: 'number' }) }, session);
    expect(changed.data).toMatchObject({ type: 'number', key: 'family_size' });
    const lead = await insertLead(t.deps.db, id);
    const shape = await companyShape(t.deps.db, id);
    await t.deps.db
      .transaction()
      .execute((trx) => setLeadValues(trx, { subadminId: id, leadId: lead }, shape.fields, readFieldInput(shape.fields, { family_size: 4 }).values));
    const before = await rows(id);
    const refused = await mutate(t.app, 'leadFields.update', { id: f.id, ...field({ label: 'Family', type: 'text' }) }, session);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(TYPE_LOCKED);
    expect(await rows(id)).toEqual(before);
  });

  it('orders, hides, retires and restores; a retired field keeps its values', async () => {
    const { id, session } = await signedInSubadmin(t);
    const a = await add(session, { label: 'A field', type: 'text' });
    const b = await add(session, { label: 'B field', type: 'number' });
    const c = await add(session, { label: 'C field', type: 'yesNo' });
    const moved = await mutate(t.app, 'leadFields.move', { id: c.id, direction: 'up' }, session);
    expect((moved.data as View[]).map((f) => f.label)).toEqual(['A field', 'C field', 'B field']);
    await mutate(t.app, 'leadFields.move', { id: a.id, direction: 'up' }, session); // already first: nothing moves
    expect((await list(session)).map((f) => f.label)).toEqual(['A field', 'C field', 'B field']);

    expect((await mutate(t.app, 'leadFields.setHidden', { id: b.id, hidden: true }, session)).data).toMatchObject({ hidden: true });

    const lead = await insertLead(t.deps.db, id);
    const shape = await companyShape(t.deps.db, id);
    const read = readFieldInput(shape.fields, { a_field: 'Kept', b_field: 7 });
    await t.deps.db.transaction().execute((trx) => setLeadValues(trx, { subadminId: id, leadId: lead }, shape.fields, read.values));

    expect((await mutate(t.app, 'leadFields.retire', { id: a.id }, session)).data).toMatchObject({ retired: true, hasValues: true });
    const after = await companyShape(t.deps.db, id);
    expect((await fieldValuesOfLeads(t.deps.db, id, after.fields, [lead])).get(lead)).toEqual({ a_field: 'Kept', b_field: 7 });
    expect(readFieldInput(after.fields, { a_field: 'New' }).errors).toEqual({ a_field: 'There is no lead field "a_field".' });
    expect((await mutate(t.app, 'leadFields.restore', { id: a.id }, session)).data).toMatchObject({ retired: false, key: 'a_field' });
  });

  it(`holds ${MAX_ACTIVE_FIELDS} fields in use; a retired one makes room, and a restore needs room`, async () => {
    const { id, session } = await signedInSubadmin(t);
    for (let i = 1; i < MAX_ACTIVE_FIELDS; i++) await insertField(t.deps.db, id, { key: `f${i}`, label: `Field ${i}`, type: 'text', position: i });
    const last = await add(session, { label: 'Fiftieth', type: 'text' });
    const before = await rows(id);
    const over = await mutate(t.app, 'leadFields.add', field({ label: 'One too many' }), session);
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe(ACTIVE_LIMIT);
    expect(await rows(id)).toEqual(before);

    await mutate(t.app, 'leadFields.retire', { id: last.id }, session);
    const next = await add(session, { label: 'In its place', type: 'text' });
    expect(next.retired).toBe(false);
    const restore = await mutate(t.app, 'leadFields.restore', { id: last.id }, session);
    expect(restore.error?.message).toBe(ACTIVE_LIMIT);
    expect((await rows(id)).find((r) => r.id === last.id)?.retired_at).not.toBeNull();
  });

  it('takes two adds at once for the last place one after the other: one is added, the other refused', async () => {
    const { id, session } = await signedInSubadmin(t);
    for (let i = 1; i < MAX_ACTIVE_FIELDS; i++) await insertField(t.deps.db, id, { key: `f${i}`, label: `Field ${i}`, type: 'text', position: i });
    const both = await Promise.all(['First in', 'Second in'].map((label) => mutate(t.app, 'leadFields.add', field({ label }), session)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await rows(id)).filter((r) => r.retired_at === null)).toHaveLength(MAX_ACTIVE_FIELDS);
  });

  it('shows a company only its own fields; another company’s ids are not found and stay as they were', async () => {
    const a = await signedInSubadmin(t);
    const b = await signedInSubadmin(t);
    const theirs = await add(b.session, { label: 'Secret budget' });
    await add(a.session, { label: 'Our budget' });
    expect((await list(a.session)).map((f) => f.label)).toEqual(['Our budget']);
    const shape = await query(t.app, 'shape.get', undefined, a.session);
    expect(JSON.stringify(shape.data)).not.toContain('Secret budget');
    const before = await rows(b.id);
    for (const [p, input] of [
      ['leadFields.update', { id: theirs.id, ...field({ label: 'Taken' }) }],
      ['leadFields.move', { id: theirs.id, direction: 'up' }],
      ['leadFields.setHidden', { id: theirs.id, hidden: true }],
      ['leadFields.retire', { id: theirs.id }],
      ['leadFields.restore', { id: theirs.id }],
    ] as const) {
      const res = await mutate(t.app, p, input, a.session);
      expect(res.status, p).toBe(404);
      expect(res.error?.message).toBe('Field not found.');
    }
    expect(await rows(b.id)).toEqual(before);
  });

  it('is the sub-admin’s only', async () => {
    const { id } = await signedInSubadmin(t);
    const caller = await signedInUser(t, id);
    expect((await mutate(t.app, 'leadFields.add', field(), caller.session)).status).toBe(403);
    expect((await query(t.app, 'leadFields.list', undefined, caller.session)).status).toBe(403);
  });
});
