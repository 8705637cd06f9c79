import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { signedInSubadmin, signedInUser } from './helpers/company.js';
import { mutate, query, type Session } from './helpers/http.js';
import { multipart, type Part } from './helpers/multipart.js';
import { EVERY_TYPE, insertField } from './helpers/lead-fields.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { fieldValuesOfLeads } from '../server/services/lead-fields/values.js';

/*
 * Files read as they come (docs/file-import.md): a file's columns mapped to the lead's parts, the
 * company's fields and extra details, guessed from the known exports or saved by the company;
 * mobiles in the forms people send, landlines kept, do-not-call rows never routed or distributed.
 */

let seq = 0;
const base = 7_000_000_000 + (process.pid % 1000) * 1_000_000;
const nextMobile = () => String(base + ++seq * 11);

describe.each(dialects)('files read as they come on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());
  const db = () => t.deps.db;

  async function post(session: Session, url: string, parts: Part[]) {
    const { payload, contentType } = multipart(parts);
    const res = await t.app.inject({ method: 'POST', url: `/api/webapi${url}`, headers: { 'content-type': contentType, cookie: session.cookie }, payload });
    return { status: res.statusCode, body: res.json() };
  }
  const stage = async (session: Session, content: string, filename = 'leads.csv') => {
    const res = await post(session, '/upload-csv/file', [['csvFile', { filename, content }]]);
    expect(res.status).toBe(200);
    return res.body.fileId as string;
  };
  const legacyUpload = (session: Session, content: string, category = 'JustDial', extra: Part[] = []) =>
    post(session, '/upload-csv', [['category', category], ...extra, ['csvFile', { filename: 'leads.csv', content }]]);
  const leadsOf = (subadminId: number) => db().selectFrom('leads').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();
  const extrasOf = (l: { extra_details: string | null }) => (l.extra_details ? JSON.parse(l.extra_details) : null);

  it('maps a JustDial download: its columns guessed, a preview of its rows as stored (landline, do-not-call), then imported with the mapping', async () => {
    const c = await signedInSubadmin(t);
    const [m1, m3] = [nextMobile(), nextMobile()];
    const content = [
      'Caller Name,Caller Number,Caller Email,Search Category,City,Area,Date,DNC Status',
      `Rahul Verma,+91-${m1.slice(0, 5)} ${m1.slice(5)},rahul@example.in,Solar Panel Dealers,Pune,Kothrud,2026-11-20,No`,
      'Asha Stores,020-26123456,,Solar Water Heaters,Pune,Baner,2026-11-20,No',
      `Ravi,0${m3},not-an-email,Inverter Dealers,Nagpur,,2026-11-21,Yes`,
      'Nobody,12345,,Batteries,Pune,,2026-11-21,',
    ].join('\n');
    const fileId = await stage(c.session, content, 'justdial.csv');
    const analysed = await query(t.app, 'intake.analyseFile', { fileId }, c.session);
    expect(analysed.status).toBe(200);
    expect(analysed.data.layout).toEqual({ id: 'justdial', name: 'JustDial' });
    expect(analysed.data.saved).toBe(false);
    expect(analysed.data.columns.map((col) => [col.header, col.target])).toEqual([
      ['Caller Name', 'name'],
      ['Caller Number', 'mobile'],
      ['Caller Email', 'email'],
      ['Search Category', 'requirement'],
      ['City', 'area'],
      ['Area', 'area'],
      ['Date', 'extra'],
      ['DNC Status', 'dnc'],
    ]);
    expect(analysed.data.columns[0]!.samples).toEqual(['Rahul Verma', 'Asha Stores', 'Ravi']);
    const preview = analysed.data.preview!;
    expect(preview.map((r) => [r.line, r.mobile, r.phoneKind, r.dnc, r.refused])).toEqual([
      [2, m1, null, false, null],
      [3, '2026123456', 'landline', false, null],
      [4, m3, null, true, null],
      [5, '', null, false, 'Invalid mobile number "12345"'],
    ]);
    expect(preview[0]).toMatchObject({
      name: 'Rahul Verma',
      email: 'rahul@example.in',
      requirement: 'Solar Panel Dealers',
      area: 'Pune, Kothrud',
      extras: { Date: '2026-11-20' },
      problems: [],
    });
    expect(preview[2]!.extras).toEqual({ 'Caller Email': 'not-an-email', Date: '2026-11-21' });
    expect(preview[2]!.problems).toEqual(['"not-an-email" is not an email: kept as an extra detail']);

    const res = await mutate(
      t.app,
      'intake.importFile',
      { fileId, fileName: 'justdial.csv', category: 'JustDial', routeNow: true, targets: analysed.data.columns.map((col) => col.target) },
      c.session,
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ rows: 4, inserted: 3, invalid: 1, extraColumns: ['Date'], ignoredColumns: [] });
    const leads = await leadsOf(c.id);
    expect(leads.map((l) => [l.name, l.mobile, l.phone_kind, l.dnc, l.email, l.requirement, l.area, l.category])).toEqual([
      ['Rahul Verma', m1, null, 0, 'rahul@example.in', 'Solar Panel Dealers', 'Pune, Kothrud', 'JustDial'],
      ['Asha Stores', '2026123456', 'landline', 0, null, 'Solar Water Heaters', 'Pune, Baner', 'JustDial'],
      ['Ravi', m3, null, 1, null, 'Inverter Dealers', 'Nagpur', 'JustDial'],
    ]);
    // A do-not-call lead is never routed: the others wait for someone eligible, it does not.
    expect(leads.map((l) => l.route_waiting)).toEqual([1, 1, 0]);
    // The file was kept for the import only.
    expect((await query(t.app, 'intake.analyseFile', { fileId }, c.session)).error?.data.code).toBe('NOT_FOUND');
  });

  it('never distributes a do-not-call lead', async () => {
    const c = await signedInSubadmin(t);
    const caller = await signedInUser(t, c.id);
    const [a, b] = [nextMobile(), nextMobile()];
    const up = await legacyUpload(c.session, `Caller Name,Caller Number,DNC Status\nA,${a},DNC\nB,${b},\n`);
    expect(up.body).toMatchObject({ inserted: 2 });
    const res = await mutate(t.app, 'distribution.distribute', { userIds: [caller.id], count: 2, category: 'JustDial' }, c.session);
    expect(res.status).toBe(200);
    const leads = await leadsOf(c.id);
    expect(leads.map((l) => [l.mobile, l.dnc, l.telicaller_id])).toEqual([
      [a, 1, null],
      [b, 0, caller.id],
    ]);
  });

  it("reads IndiaMART's export: email kept on the lead; query id, time, pincode and the alternate mobile as extra details", async () => {
    const c = await signedInSubadmin(t);
    const [m1, alt] = [nextMobile(), nextMobile()];
    const content = [
      'UNIQUE_QUERY_ID,QUERY_TIME,SENDER_NAME,SENDER_MOBILE,SENDER_MOBILE_ALT,SENDER_EMAIL,SENDER_CITY,SENDER_STATE,SENDER_PINCODE,QUERY_PRODUCT_NAME',
      `Q9,2026-11-20 10:00:00,Rahul,${m1},${alt},R@X.in,Pune,Maharashtra,411001,Solar`,
    ].join('\n');
    const fileId = await stage(c.session, content);
    const analysed = await query(t.app, 'intake.analyseFile', { fileId }, c.session);
    expect(analysed.data.layout?.id).toBe('indiamart');
    const up = await legacyUpload(c.session, content, 'IndiaMART');
    expect(up.body).toMatchObject({ inserted: 1, extraColumns: ['UNIQUE_QUERY_ID', 'QUERY_TIME', 'SENDER_PINCODE'] });
    const [lead] = await leadsOf(c.id);
    expect(lead).toMatchObject({ name: 'Rahul', mobile: m1, email: 'r@x.in', area: 'Pune, Maharashtra', requirement: 'Solar' });
    expect(extrasOf(lead!)).toEqual({ SENDER_MOBILE_ALT: alt, UNIQUE_QUERY_ID: 'Q9', QUERY_TIME: '2026-11-20 10:00:00', SENDER_PINCODE: '411001' });
  });

  it('keeps every column of a file with unknown headers as extra details, the mobile found by its values', async () => {
    const c = await signedInSubadmin(t);
    const [m1, m2] = [nextMobile(), nextMobile()];
    const content = `Kunde,Telefon,Wunsch,Ort\nAnil,${m1},Dach,Pune\nBina,${m2},,Delhi\n`;
    // The original client's upload has no mapping step: without a mobile header the file is refused, as before.
    expect((await legacyUpload(c.session, content)).status).toBe(400);
    const fileId = await stage(c.session, content);
    const analysed = await query(t.app, 'intake.analyseFile', { fileId }, c.session);
    expect(analysed.data.columns.map((col) => col.target)).toEqual(['extra', 'mobile', 'extra', 'extra']);
    expect(analysed.data.preview![0]).toMatchObject({ mobile: m1, name: '', extras: { Kunde: 'Anil', Wunsch: 'Dach', Ort: 'Pune' } });
    const res = await mutate(
      t.app,
      'intake.importFile',
      { fileId, fileName: 'kunden.csv', category: 'Local Leads', targets: analysed.data.columns.map((col) => col.target) },
      c.session,
    );
    expect(res.data).toMatchObject({ inserted: 2, extraColumns: ['Kunde', 'Wunsch', 'Ort'] });
    expect((await leadsOf(c.id)).map(extrasOf)).toEqual([
      { Kunde: 'Anil', Wunsch: 'Dach', Ort: 'Pune' },
      { Kunde: 'Bina', Ort: 'Delhi' },
    ]);
  });

  it('reads every field type from a file (headers by label or key), a value it cannot read kept as an extra detail', async () => {
    const c = await signedInSubadmin(t);
    for (const [i, f] of EVERY_TYPE.entries()) await insertField(db(), c.id, { ...f, position: i });
    const [m1, m2] = [nextMobile(), nextMobile()];
    const header = [
      'Mobile',
      'Short note',
      'STORY',
      'family size',
      'Loan amount',
      'visit_date',
      'Meeting at',
      'Roof type',
      'Interests',
      'Alternate phone',
      'Work email',
      'Owns house',
      'Website',
    ];
    const row1 = [
      m1,
      'Near the temple',
      'Called twice.',
      '5',
      '2,50,000.50',
      '01/12/2026',
      '2026-12-01T11:00:00+05:30',
      'rcc',
      'Solar; battery',
      '919822022001',
      'asha@example.com',
      'no',
      'https://asha.example.com',
    ];
    const row2 = [m2, '', '', 'twelve', '', '', '', '', '', '', '', '', ''];
    const csvText = [header, row1, row2].map((r) => r.map((v) => (v.includes(',') ? `"${v}"` : v)).join(',')).join('\n');
    const up = await legacyUpload(c.session, csvText);
    expect(up.body).toMatchObject({ inserted: 2, extraColumns: [], ignoredColumns: [] });
    const leads = await leadsOf(c.id);
    const { fields } = await companyShape(db(), c.id);
    const values = await fieldValuesOfLeads(
      db(),
      c.id,
      fields,
      leads.map((l) => l.id),
    );
    expect(values.get(leads[0]!.id)).toEqual({
      note_text: 'Near the temple',
      story: 'Called twice.',
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
    expect(values.get(leads[1]!.id) ?? {}).toEqual({});
    expect(extrasOf(leads[1]!)).toEqual({ 'Family size': 'twelve' });
  });

  it('reads mobiles in the forms people send, and a landline with its STD code', async () => {
    const c = await signedInSubadmin(t);
    const content = [
      'Name,Mobile',
      'A,+91-98230 11001',
      'B,919822022001',
      'C,09822033001',
      'D,98220 44001',
      'E,020-26123456',
      'F,0712 2561234',
      'G,26123456',
    ].join('\n');
    const up = await legacyUpload(c.session, content);
    expect(up.body).toMatchObject({ inserted: 6, invalid: 1, invalidRows: [{ line: 8, reason: 'Invalid mobile number "26123456"' }] });
    expect((await leadsOf(c.id)).map((l) => [l.mobile, l.phone_kind])).toEqual([
      ['9823011001', null],
      ['9822022001', null],
      ['9822033001', null],
      ['9822044001', null],
      ['2026123456', 'landline'],
      ['7122561234', 'landline'],
    ]);
  });

  it("saves a mapping for files with the same columns: chosen automatically next time, by the original client's upload too", async () => {
    const c = await signedInSubadmin(t);
    const other = await signedInSubadmin(t);
    const [m1, m2, m3] = [nextMobile(), nextMobile(), nextMobile()];
    const fileId = await stage(c.session, `Name,Mobile,Budget,Remarks\nA,${m1},5 lakh,call after 6\n`);
    const first = await query(t.app, 'intake.analyseFile', { fileId }, c.session);
    expect(first.data.columns.map((col) => col.target)).toEqual(['name', 'mobile', 'extra', 'requirement']);
    // The company changes what it likes and sees the preview again.
    const targets = ['name', 'mobile', 'ignore', 'extra'];
    const again = await query(t.app, 'intake.analyseFile', { fileId, targets }, c.session);
    expect(again.data.preview![0]).toMatchObject({ requirement: '', extras: { Remarks: 'call after 6' } });
    const res = await mutate(t.app, 'intake.importFile', { fileId, fileName: 'a.csv', category: 'JustDial', targets, save: true }, c.session);
    expect(res.data).toMatchObject({ inserted: 1, ignoredColumns: ['Budget'], extraColumns: ['Remarks'] });

    // The same columns in another order and case: the saved mapping.
    const next = await stage(c.session, `remarks,BUDGET,mobile,name\nlater,9 lakh,${m2},B\n`);
    const chosen = await query(t.app, 'intake.analyseFile', { fileId: next }, c.session);
    expect(chosen.data.saved).toBe(true);
    expect(chosen.data.columns.map((col) => col.target)).toEqual(['extra', 'ignore', 'mobile', 'name']);
    const legacy = await legacyUpload(c.session, `Name,Mobile,Budget,Remarks\nC,${m3},1 lakh,soon\n`);
    expect(legacy.body).toMatchObject({ inserted: 1, ignoredColumns: ['Budget'], extraColumns: ['Remarks'] });
    expect(extrasOf((await leadsOf(c.id)).at(-1)!)).toEqual({ Remarks: 'soon' });

    // Another company's mapping and files are its own.
    const theirs = await stage(other.session, `Name,Mobile,Budget,Remarks\nD,${nextMobile()},2 lakh,x\n`);
    expect((await query(t.app, 'intake.analyseFile', { fileId: theirs }, other.session)).data.saved).toBe(false);
    expect((await query(t.app, 'intake.analyseFile', { fileId: theirs }, c.session)).error?.data.code).toBe('NOT_FOUND');
  });

  it('refuses a mapping that does not fit the file, changing nothing', async () => {
    const c = await signedInSubadmin(t);
    const fileId = await stage(c.session, `Name,Mobile\nA,${nextMobile()}\n`);
    const res = await mutate(t.app, 'intake.importFile', { fileId, fileName: 'a.csv', category: 'JustDial', targets: ['mobile'] }, c.session);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("The mapping does not match the file's columns. Choose the file again.");
    const bad = await query(t.app, 'intake.analyseFile', { fileId, targets: ['name', 'bogus'] }, c.session);
    expect(bad.status).toBe(400);
    expect(await leadsOf(c.id)).toEqual([]);
  });
});
