import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUploadedLead, type LeadFixture } from './helpers/fixtures.js';
import { signedInUser, team } from './helpers/company.js';
import { mutate, query, type Session } from './helpers/http.js';
import { EVERY_TYPE, insertField, type FieldFixture } from './helpers/lead-fields.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// The lead form with the company's shape (docs/lead-fields.md): its fields in their sections, its
// feedback choices and what each asks for, through tRPC and the original client's submitLeadForm.
describe.each(dialects)('the lead form with company fields on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const leadOf = (p: { id: number }, companyId: number, over: LeadFixture = {}) =>
    insertUploadedLead(db(), companyId, { telicaller_id: p.id, telicaller_send_date: new Date(Date.now() - 3 * 86_400_000).toISOString(), ...over });
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (id: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', id).orderBy('id').execute();
  const valueRows = (id: number) => db().selectFrom('lead_values').selectAll().where('lead_id', '=', id).orderBy('field_id').orderBy('item').execute();
  const changeRows = (id: number) => db().selectFrom('lead_changes').selectAll().where('lead_id', '=', id).orderBy('id').execute();
  const submit = (s: Session, input: Record<string, unknown>) => mutate(t.app, 'work.submit', input, s);
  const open = (s: Session, leadId: number) => mutate(t.app, 'work.open', { leadId }, s);
  const fields = (companyId: number, list: FieldFixture[]) => Promise.all(list.map((f, position) => insertField(db(), companyId, { position, ...f })));
  const choice = (companyId: number, status: string, label: string) =>
    db().updateTable('feedback_choices').where('subadmin_id', '=', companyId).where('status', '=', status).where('label', '=', label);

  async function legacy(session: Session, url: string, payload: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webapi${url}`,
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  /** A value of every type as a person types it, and as the wire gives it back. */
  const TYPED = {
    note_text: ['  Near the temple ', 'Near the temple'],
    story: ['Line one\nLine two', 'Line one\nLine two'],
    family_size: ['4', 4],
    loan_amount: ['₹1,25,000.50', 125000.5],
    visit_date: ['29/11/2026', '2026-11-29'],
    meeting_at: ['2026-11-29T10:30:00+05:30', '2026-11-29T05:00:00.000Z'],
    roof: ['Tin sheet', 'tin'],
    interests: [
      ['Solar', 'battery'],
      ['battery', 'solar'],
    ],
    alt_phone: ['+91-98230 11001', expect.stringContaining('9823011001')],
    work_email: ['Asha@Example.COM', 'asha@example.com'],
    owns_house: [true, true],
    website: ['https://example.com/roof', 'https://example.com/roof'],
  } as const;
  const typed = Object.fromEntries(Object.entries(TYPED).map(([k, v]) => [k, v[0]]));
  const wire = Object.fromEntries(Object.entries(TYPED).map(([k, v]) => [k, v[1]]));

  it('takes a value of every field type with the submit (tRPC and the legacy form), a history line each time they change', async () => {
    const { company, caller } = await team(t);
    await fields(company.id, EVERY_TYPE);
    const id = await leadOf(caller, company.id);
    const res = await submit(caller.session, { leadId: id, status: '3', feedback: 'Price Issue', remarks: 'Bought elsewhere', fields: typed });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect((await open(caller.session, id)).data.fields).toEqual(wire);
    expect(await valueRows(id)).toHaveLength(13); // the multiple choice has a row per choice
    const [line] = await changeRows(id);
    expect(line).toMatchObject({ user_id: caller.id, subadmin_id: company.id });
    expect(JSON.parse(line!.changes)).toContainEqual({ key: 'roof', label: 'Roof type', from: '', to: 'Tin sheet' });

    // The original client's form with fields: only what changed is a line.
    const again = await legacy(caller.session, '/submitLeadForm', {
      customer_id: id,
      status: '3',
      feedback: 'Price Issue',
      fields: { ...typed, roof: 'RCC', owns_house: 'no' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const changes = await changeRows(id);
    expect(changes).toHaveLength(2);
    expect(JSON.parse(changes[1]!.changes)).toEqual([
      { key: 'roof', label: 'Roof type', from: 'Tin sheet', to: 'RCC' },
      { key: 'owns_house', label: 'Owns house', from: 'Yes', to: 'No' },
    ]);
    const detail = (await open(caller.session, id)).data;
    expect(detail.fields).toMatchObject({ roof: 'rcc', owns_house: false });
    expect(detail.changes.map((c: { changes: { key: string }[] }) => c.changes.length)).toEqual([2, 12]);
    expect(detail.changes[0]).toMatchObject({ by_name: 'Asha Caller', by_subadmin: false });
    // The same values again change nothing: no line.
    await legacy(caller.session, '/submitLeadForm', { customer_id: id, status: '3', feedback: 'Price Issue', fields: { roof: 'RCC' } });
    expect(await changeRows(id)).toHaveLength(2);
  });

  it('refuses a required field of the chosen status, a wrong value, a read-only or unknown field, and another company’s, changing nothing', async () => {
    const { company, caller } = await team(t);
    const other = await insertCompany(db());
    await insertField(db(), other.id, { key: 'secret', type: 'text' });
    await fields(company.id, [
      { key: 'roof', label: 'Roof type', type: 'choice', required: true, statuses: ['2'], choices: EVERY_TYPE[6]!.choices },
      { key: 'city_note', label: 'City note', type: 'text' },
      { key: 'family_size', label: 'Family size', type: 'number' },
      { key: 'grade', label: 'Grade', type: 'text', callersEdit: false },
      { key: 'site_visit', label: 'Site visit', type: 'date', statuses: ['4'] },
      { key: 'old_field', label: 'Old field', type: 'text', retired: true },
    ]);
    const id = await leadOf(caller, company.id);
    const before = await leadRow(id);
    const interested = { leadId: id, status: '2', feedback: 'Running' };
    const cases: [Record<string, unknown>, string, string][] = [
      [interested, 'Roof type is required.', 'fields.roof'],
      [{ ...interested, fields: { roof: '' } }, 'Roof type is required.', 'fields.roof'],
      [{ ...interested, fields: { roof: 'Thatch' } }, 'Roof type must be one of: RCC, Tin sheet.', 'fields.roof'],
      [{ ...interested, fields: { roof: 'Old choice' } }, 'Roof type must be one of: RCC, Tin sheet.', 'fields.roof'],
      [{ ...interested, fields: { roof: 'rcc', family_size: 'many' } }, 'Family size must be a number.', 'fields.family_size'],
      [{ ...interested, fields: { roof: 'rcc', grade: 'A' } }, 'Grade cannot be changed here.', 'fields.grade'],
      [{ ...interested, fields: { roof: 'rcc', site_visit: '2026-12-01' } }, 'Site visit cannot be changed here.', 'fields.site_visit'],
      [{ ...interested, fields: { roof: 'rcc', secret: 'x' } }, 'There is no lead field "secret".', 'fields.secret'],
      [{ ...interested, fields: { roof: 'rcc', old_field: 'x' } }, 'There is no lead field "old_field".', 'fields.old_field'],
    ];
    for (const [input, message, path] of cases) {
      const res = await submit(caller.session, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.message, JSON.stringify(input)).toBe(message);
      expect(res.error?.data.fieldErrors?.[path], JSON.stringify(input)).toBe(message);
    }
    // The legacy form refuses the same when it sends fields.
    const legacyRefused = await legacy(caller.session, '/submitLeadForm', { customer_id: id, status: '2', feedback: 'Running', fields: {} });
    expect(legacyRefused).toEqual({ status: 400, body: { status: false, success: false, message: 'Roof type is required.' } });
    const tooMany = await submit(caller.session, { ...interested, fields: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, 'x'])) });
    expect(tooMany.status).toBe(400);
    expect(await leadRow(id)).toEqual(before);
    expect(await historyRows(id)).toEqual([]);
    expect(await valueRows(id)).toEqual([]);

    // Not interested has no Roof type to ask for; the original client without fields keeps working.
    expect((await submit(caller.session, { leadId: id, status: '3', feedback: 'Price Issue', fields: { city_note: 'Pune' } })).status).toBe(200);
    const plain = await legacy(caller.session, '/submitLeadForm', { customer_id: id, status: '2', feedback: 'Running' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const ok = await submit(caller.session, { ...interested, fields: { roof: 'RCC', city_note: 'Pune' } });
    expect(ok.status, JSON.stringify(ok.error)).toBe(200);
    const detail = (await open(caller.session, id)).data;
    expect(detail.fields).toEqual({ roof: 'rcc', city_note: 'Pune' });
    // A required field with a value already on the lead need not be sent again.
    expect((await submit(caller.session, { ...interested, feedback: 'Deal Close' })).status).toBe(200);
  });

  it("keeps a note on any outcome, and asks for a callback, a reason or a note as each of the company's choices says", async () => {
    const { company, caller } = await team(t);
    const zone = 'Asia/Kolkata';
    const tomorrow = addDays(todayIn(zone), 1);
    const id = await leadOf(caller, company.id);
    const noted = await submit(caller.session, { leadId: id, status: '3', feedback: 'Price Issue', remarks: 'Found it cheaper at the dealer' });
    expect(noted.status).toBe(200);
    expect((await historyRows(id)).at(-1)).toMatchObject({ status: '3', feedback: 'Price Issue', remarks: 'Found it cheaper at the dealer' });
    expect((await open(caller.session, id)).data.history[0]).toMatchObject({ feedback: 'Price Issue', remarks: 'Found it cheaper at the dealer' });

    await choice(company.id, '3', 'Price Issue').set({ needs_note: 1 }).execute();
    await choice(company.id, '3', 'Demo Not Working').set({ needs_reason: 1 }).execute();
    await choice(company.id, '3', 'Not Relevant Lead').set({ needs_callback: 1 }).execute();
    await choice(company.id, '5', 'Wrong Lead').set({ needs_reason: 0 }).execute();
    const refused: [Record<string, unknown>, string, string][] = [
      [{ status: '3', feedback: 'Price Issue' }, 'Please write a note', 'remarks'],
      [{ status: '3', feedback: 'price issue', remarks: '  ' }, 'Please write a note', 'remarks'],
      [{ status: '3', feedback: 'Demo Not Working' }, 'Please provide a reason', 'invalid_reason'],
      [{ status: '3', feedback: 'Not Relevant Lead' }, 'Please provide callback date and time', 'callback_date'],
      [{ status: '4', feedback: 'Follow-up Option' }, 'Please provide callback date and time', 'callback_date'],
      [{ status: '4', feedback: 'Follow-up Option', callback_date: tomorrow }, 'Please provide callback date and time', 'callback_time'],
    ];
    for (const [input, message, path] of refused) {
      const res = await submit(caller.session, { leadId: id, ...input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.data.fieldErrors?.[path], JSON.stringify(input)).toBe(message);
    }
    const withReason = await submit(caller.session, { leadId: id, status: '3', feedback: 'Demo Not Working', invalid_reason: 'App crashed' });
    expect(withReason.status).toBe(200);
    expect((await historyRows(id)).at(-1)).toMatchObject({ feedback: 'Demo Not Working', invalid_reason: 'App crashed' });
    const withCallback = await submit(caller.session, {
      leadId: id,
      status: '3',
      feedback: 'Not Relevant Lead',
      callback_date: tomorrow,
      callback_time: '11:00',
    });
    expect(withCallback.status, JSON.stringify(withCallback.error)).toBe(200);
    expect(await leadRow(id)).toMatchObject({ status: '3', callback_date: tomorrow, callback_time: '11:00' });
    // The company turned Wrong Lead's reason off: an invalid lead may go without one.
    expect((await submit(caller.session, { leadId: id, status: '5', feedback: 'Wrong Lead' })).status).toBe(200);
    // The original client may still leave a follow-up's callback unticked.
    const legacyFollowUp = await legacy(caller.session, '/submitLeadForm', { customer_id: id, status: '4', feedback: 'Follow-up Option', callback: '0' });
    expect(legacyFollowUp.status, JSON.stringify(legacyFollowUp.body)).toBe(200);
    // The company turns the follow-up's callback off: the app's form lets it go without one too.
    await choice(company.id, '4', 'Follow-up Option').set({ needs_callback: 0 }).execute();
    expect((await submit(caller.session, { leadId: id, status: '4', feedback: 'Follow-up Option' })).status).toBe(200);
    expect(await leadRow(id)).toMatchObject({ status: '4', callback_date: null });
  });

  it("takes the company's own choice (its id kept), refuses it once retired, and still reads it on old history; another company's choices are its own", async () => {
    const { company, caller } = await team(t);
    const other = await team(t, { colleagueName: 'Other Colleague' });
    const now = nowIso();
    const added = await db()
      .insertInto('feedback_choices')
      .values({
        subadmin_id: company.id,
        status: '3',
        label: 'Already bought',
        needs_callback: 0,
        needs_reason: 0,
        needs_note: 0,
        position: 9,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await leadOf(caller, company.id);
    expect((await submit(caller.session, { leadId: id, status: '3', feedback: 'already BOUGHT', remarks: 'From a rival' })).status).toBe(200);
    expect((await historyRows(id)).at(-1)).toMatchObject({ feedback: 'Already bought', feedback_id: added.id, remarks: 'From a rival' });
    const spec = await db()
      .selectFrom('feedback_choices')
      .select('id')
      .where('subadmin_id', '=', company.id)
      .where('label', '=', 'Price Issue')
      .executeTakeFirstOrThrow();
    expect((await submit(caller.session, { leadId: id, status: '3', feedback: 'Price Issue' })).status).toBe(200);
    expect((await historyRows(id)).at(-1)).toMatchObject({ feedback_id: spec.id });

    // Another company's telecaller cannot use it.
    const theirs = await leadOf(other.caller, other.company.id);
    const foreign = await submit(other.caller.session, { leadId: theirs, status: '3', feedback: 'Already bought' });
    expect(foreign.error?.data.fieldErrors?.feedback).toBe('Please select a feedback.');

    await db().updateTable('feedback_choices').set({ retired_at: nowIso() }).where('id', '=', added.id).execute();
    const retired = await submit(caller.session, { leadId: id, status: '3', feedback: 'Already bought' });
    expect(retired.status).toBe(400);
    expect(retired.error?.message).toBe('Please select a feedback.');
    const history = (await open(caller.session, id)).data.history;
    expect(history.map((h: { feedback: string | null }) => h.feedback)).toEqual(['Price Issue', 'Already bought']);
    expect(history[1]).toMatchObject({ remarks: 'From a rival' });
  });

  it("shows the lead's email, other details and marks, its fields on queue cards as chosen, never another company's", async () => {
    const { company, caller } = await team(t);
    const other = await insertCompany(db());
    await fields(company.id, [
      { key: 'roof', label: 'Roof type', type: 'choice', onCards: true, choices: EVERY_TYPE[6]!.choices },
      { key: 'budget', label: 'Budget', type: 'money' },
      { key: 'hidden_score', label: 'Score', type: 'number', onCards: true, hidden: true },
    ]);
    const [theirField] = await fields(other.id, [{ key: 'roof', label: 'Their roof', type: 'text', onCards: true }]);
    const id = await leadOf(caller, company.id, { status: LEAD_STATUS.new });
    await db()
      .updateTable('leads')
      .set({ email: 'asha@example.com', extra_details: JSON.stringify({ Pincode: '411001', 'Query id': 'Q-9' }), phone_kind: 'landline' })
      .where('id', '=', id)
      .execute();
    const second = await leadOf(caller, company.id, { status: LEAD_STATUS.new });
    expect((await submit(caller.session, { leadId: id, status: '3', feedback: 'Price Issue', fields: { roof: 'tin', budget: '5000' } })).status).toBe(200);
    await db().updateTable('leads').set({ status: '0' }).where('id', 'in', [id, second]).execute();
    // A value of another company's field on this lead's id is never read.
    await db()
      .insertInto('lead_values')
      .values({ lead_id: second, field_id: theirField!, item: '', subadmin_id: other.id, v_text: 'leak', v_num: null, v_long: null })
      .execute();
    await db()
      .insertInto('lead_values')
      .values({
        lead_id: id,
        field_id: (await db().selectFrom('lead_fields').select('id').where('key', '=', 'hidden_score').executeTakeFirstOrThrow()).id,
        item: '',
        subadmin_id: company.id,
        v_text: null,
        v_num: 7,
        v_long: null,
      })
      .execute();

    const cards = await query(t.app, 'work.queue', { queue: 'pending', pageSize: 50 }, caller.session);
    expect(cards.status, JSON.stringify(cards.error)).toBe(200);
    const byId = new Map((cards.data.items as { id: number; fields: Record<string, unknown> }[]).map((c) => [c.id, c.fields]));
    expect(byId.get(id)).toEqual({ roof: 'tin' });
    expect(byId.get(second)).toEqual({});

    // A do-not-call lead is never on a queue card (docs/product-rules.md); its page says why.
    await db().updateTable('leads').set({ dnc: 1 }).where('id', '=', id).execute();
    const detail = (await open(caller.session, id)).data;
    expect(detail.lead).toMatchObject({ email: 'asha@example.com', extra_details: { Pincode: '411001', 'Query id': 'Q-9' }, landline: true, dnc: true });
    // a hidden field is the company's to see: neither on the card nor in the telecaller's open
    expect(detail.fields).toEqual({ roof: 'tin', budget: 5000 });
    expect((await open(caller.session, second)).data.fields).toEqual({});
  });

  it("Add Lead takes an email and the company's details fields, checked as the form checks them", async () => {
    const { company, caller, owner } = await team(t);
    const other = await insertCompany(db());
    await insertField(db(), other.id, { key: 'secret', type: 'text' });
    await fields(company.id, [
      { key: 'budget', label: 'Budget', type: 'money', required: true },
      { key: 'grade', label: 'Grade', type: 'text', callersEdit: false },
      { key: 'roof', label: 'Roof type', type: 'choice', statuses: ['2'], required: true, choices: EVERY_TYPE[6]!.choices },
    ]);
    const add = (s: Session, input: Record<string, unknown>) =>
      mutate(t.app, 'intake.addLead', { name: 'Ravi', requirement: '', area: '', category: 'Manual', ...input }, s);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mobile: '9811100001' }, 'Budget is required.', 'fields.budget'],
      [{ mobile: '9811100001', fields: { budget: 'lots' } }, 'Budget must be an amount in rupees (at most 2 decimals).', 'fields.budget'],
      [{ mobile: '9811100001', email: 'not-an-email', fields: { budget: '10' } }, 'Enter a valid email address.', 'email'],
      [{ mobile: '9811100001', fields: { budget: '10', grade: 'A' } }, 'Grade cannot be changed here.', 'fields.grade'],
      [{ mobile: '9811100001', fields: { budget: '10', roof: 'rcc' } }, 'Roof type cannot be changed here.', 'fields.roof'],
      [{ mobile: '9811100001', fields: { budget: '10', secret: 'x' } }, 'There is no lead field "secret".', 'fields.secret'],
    ];
    for (const [input, message, path] of cases) {
      const res = await add(caller.session, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.data.fieldErrors?.[path], JSON.stringify(input)).toBe(message);
    }
    expect(await db().selectFrom('leads').select('id').where('subadmin_id', '=', company.id).execute()).toEqual([]);

    const mine = await add(caller.session, { mobile: '9811100001', email: 'Ravi@Example.com', fields: { budget: '2,50,000' } });
    expect(mine.status, JSON.stringify(mine.error)).toBe(200);
    expect(await leadRow(mine.data.id)).toMatchObject({ email: 'ravi@example.com', telicaller_id: caller.id });
    expect((await open(caller.session, mine.data.id)).data.fields).toEqual({ budget: 250000 });
    // The company may fill in a field its telecallers only read.
    const theirs = await add(owner, { mobile: '9811100002', fields: { budget: '10', grade: 'A' } });
    expect(theirs.status, JSON.stringify(theirs.error)).toBe(200);
    expect((await valueRows(theirs.data.id)).map((r) => r.v_text ?? Number(r.v_num)).sort()).toEqual([1000, 'A']);
  });

  it('the legacy update-status works as before and also takes fields for each lead', async () => {
    const { company, caller } = await team(t);
    await fields(company.id, [{ key: 'city_note', label: 'City note', type: 'text' }]);
    const [a, b] = [await leadOf(caller, company.id), await leadOf(caller, company.id)];
    const plain = await legacy(caller.session, '/update-status', { lead_ids: [a], status: '3', feedback: 'Price Issue' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const withFields = await legacy(caller.session, '/update-status', {
      lead_ids: [a, b],
      status: '3',
      feedback: 'Demo Not Working',
      fields: { city_note: 'Nashik' },
    });
    expect(withFields.body).toMatchObject({ status: true, updated: [a, b] });
    for (const id of [a, b]) expect((await open(caller.session, id)).data.fields).toEqual({ city_note: 'Nashik' });
    const refused = await legacy(caller.session, '/update-status', { lead_ids: [a], status: '3', feedback: 'Price Issue', fields: { nope: 1 } });
    expect(refused).toEqual({ status: 400, body: { status: false, success: false, message: 'There is no lead field "nope".' } });
  });

  it("another company's telecaller reads none of this company's fields through the lead form", async () => {
    const { company, caller } = await team(t);
    await fields(company.id, [{ key: 'roof', label: 'Roof type', type: 'text' }]);
    const outsider = await signedInUser(t, (await insertCompany(db())).id, 'Telicaller', 'Out Sider');
    const id = await leadOf(caller, company.id);
    expect((await open(outsider.session, id)).status).toBe(404);
    const res = await submit(outsider.session, { leadId: id, status: '3', feedback: 'Price Issue', fields: { roof: 'x' } });
    expect(res.status).toBe(404);
    expect(await valueRows(id)).toEqual([]);
  });
});
