import http from 'node:http';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { insertAdmin, insertCompany, insertLeadRows, insertUser, PASSWORD, uniqueMobile } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { importLeadsCsv, importChunkRows } from '../server/services/leads/csv-import.js';
import {
  ABANDONED_MESSAGE,
  BatchDiscardedError,
  completeBatch,
  createBatch,
  discardAbandonedBatches,
  renewBatchLease,
} from '../server/services/leads/upload-batches.js';
import type { SubadminActor } from '../server/auth/actor.js';
import { multipart, type Part } from './helpers/multipart.js';

/** Sequential mobiles that normalise to themselves (distinct per test run). */
let mobileSeq = 0;
const base = 6_000_000_000 + (process.pid % 1000) * 1_000_000;
const nextMobile = () => String(base + ++mobileSeq * 7);

describe.each(dialects)('lead intake on %s', (dialect) => {
  let t: TestApp;
  const IMPORT_CHUNK_ROWS = importChunkRows(dialect);
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  const db = () => t.deps.db;
  const company = () => signedInSubadmin(t);

  async function upload(session: Session | null, parts: Part[], via: 'cookie' | 'bearer' = 'cookie', app = t.app) {
    const { payload, contentType } = multipart(parts);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (session && via === 'cookie') headers.cookie = session.cookie;
    if (session && via === 'bearer') headers.authorization = `Bearer ${session.token}`;
    const res = await app.inject({ method: 'POST', url: '/api/webapi/upload-csv', headers, payload });
    return { status: res.statusCode, body: res.json() };
  }
  const csv = (session: Session, content: string | Buffer, category = 'JustDial', filename = 'leads.csv') =>
    upload(session, [
      ['category', category],
      ['csvFile', { filename, content }],
    ]);

  const leadsOf = (subadminId: number) => db().selectFrom('leads').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();
  const batchesOf = (subadminId: number) => db().selectFrom('upload_batches').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();

  it('imports a file: headers in any case, quoted commas and line breaks, BOM, CRLF, mobile forms', async () => {
    const c = await company();
    const m = [nextMobile(), nextMobile(), nextMobile(), nextMobile(), nextMobile(), nextMobile()];
    const content =
      '\uFEFF Phone Number ,NAME,Requirements,CITY\r\n' +
      `+91 ${m[0]!.slice(0, 5)} ${m[0]!.slice(5)},"Verma, Rahul","Website, SEO\r\nand an app",Pune\r\n` +
      `0${m[1]},Asha,"Says ""urgent""",Delhi\r\n` +
      `${m[2]!.slice(0, 3)}-${m[2]!.slice(3, 6)}-${m[2]!.slice(6)},Ravi,,\r\n` +
      `91${m[3]},Kiran,CRM,Mumbai\r\n` +
      `(${m[4]!.slice(0, 5)}) ${m[4]!.slice(5)},Meera,ERP\r\n` +
      `\r\n` +
      `+91-${m[5]},,Loan,"Navi Mumbai, MH"`;
    const res = await csv(c.session, content, '  Local Leads  ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      success: true,
      message: 'File uploaded successfully!',
      rows: 6,
      inserted: 6,
      duplicates: 0,
      duplicatesInFile: 0,
      duplicatesExisting: 0,
      invalid: 0,
      invalidRows: [],
    });
    const leads = await leadsOf(c.id);
    expect(leads.map((l) => l.mobile)).toEqual(m);
    expect(leads[0]).toMatchObject({ name: 'Verma, Rahul', requirement: 'Website, SEO\nand an app', area: 'Pune', category: 'Local Leads' });
    expect(leads[1]).toMatchObject({ name: 'Asha', requirement: 'Says "urgent"', area: 'Delhi' });
    expect(leads[2]).toMatchObject({ name: 'Ravi', requirement: '', area: '' });
    expect(leads[4]).toMatchObject({ name: 'Meera', requirement: 'ERP', area: '' });
    expect(leads[5]).toMatchObject({ name: '', requirement: 'Loan', area: 'Navi Mumbai, MH' });
    for (const l of leads) {
      expect(l).toMatchObject({ visible: 1, telicaller_id: null, status: '0', batch_id: res.body.batchId });
    }
  });

  it.each([
    ['mobile,name,service,location', 'Mobile'],
    ['Contact,Name,Query,Address', 'Contact'],
    ['number,customer name,requirement,area', 'number'],
    ['PHONE,Name', 'PHONE'],
  ])('maps the header %s', async (header) => {
    const c = await company();
    const mobile = nextMobile();
    const res = await csv(c.session, `${header}\n${mobile},Anil,Thing,Place\n`);
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(1);
    const [lead] = await leadsOf(c.id);
    expect(lead).toMatchObject({ mobile, name: 'Anil' });
    if (header.split(',').length === 4) expect(lead).toMatchObject({ requirement: 'Thing', area: 'Place' });
  });

  it("reports invalid rows by line, skips the same row in the file and of existing leads, not of another company; a mobile's other row is a repeat enquiry", async () => {
    const c = await company();
    const other = await company();
    const existing = nextMobile();
    const theirs = nextMobile();
    await insertLeadRows(db(), c.id, [{ mobile: existing, name: 'E', requirement: 'x', area: '' }]);
    await insertLeadRows(db(), other.id, [{ mobile: theirs }]);
    const a = nextMobile();
    const lines = [
      'name,mobile,requirement', // 1
      `A,${a},"two`, // 2
      `lines"`, // 3
      'B,12345,x', // 4
      'C,,x', // 5
      `D,+91 ${a},x`, // 6 another enquiry of A's mobile: a repeat enquiry
      `E,${existing},x`, // 7 already a lead, this very row
      `F,${theirs},x`, // 8 another company's: not a duplicate
      'G,5876543210,x', // 9 not a mobile (starts with 5)
      `D,${a},x`, // 10 the same row as line 6: a duplicate in the file
    ];
    const res = await csv(c.session, lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: 8,
      inserted: 2,
      duplicates: 2,
      duplicatesInFile: 1,
      duplicatesExisting: 1,
      repeats: 1,
      invalid: 3,
      invalidRows: [
        { line: 4, reason: 'Invalid mobile number "12345"' },
        { line: 5, reason: 'No mobile number' },
        { line: 9, reason: 'Invalid mobile number "5876543210"' },
      ],
    });
    const leads = await leadsOf(c.id);
    expect(leads.map((l) => l.mobile)).toEqual([existing, a, theirs]);
    const enquiries = await db().selectFrom('lead_events').select(['kind', 'detail']).where('lead_id', '=', leads[1]!.id).execute();
    expect(enquiries).toEqual([{ kind: 'repeat_enquiry', detail: 'x' }]);
    expect(await db().selectFrom('lead_events').select('id').where('lead_id', '=', leads[0]!.id).execute()).toEqual([]);
    expect(await leadsOf(other.id)).toHaveLength(1);

    const report = await query(t.app, 'intake.batch', { id: res.body.batchId }, c.session);
    expect(report.data).toMatchObject({
      id: res.body.batchId,
      fileName: 'leads.csv',
      category: 'JustDial',
      status: 'complete',
      inserted: 2,
      duplicates: 2,
      invalid: 3,
      rows: 8,
      duplicatesInFile: 1,
      duplicatesExisting: 1,
      repeats: 1,
      uploadedBy: c.name,
      error: null,
      invalidRows: [{ line: 4 }, { line: 5 }, { line: 9 }],
    });
  });

  it("reads IndiaMART's own export: its columns fill the lead as the API pull does; the columns nothing reads are kept as extra details, named", async () => {
    const c = await company();
    const [m1, m2, m3] = [nextMobile(), nextMobile(), nextMobile()];
    const header =
      'UNIQUE_QUERY_ID,QUERY_TYPE,QUERY_TIME,SENDER_NAME,SENDER_MOBILE,SENDER_EMAIL,SUBJECT,SENDER_COMPANY,SENDER_ADDRESS,' +
      'SENDER_CITY,SENDER_STATE,SENDER_PINCODE,SENDER_MOBILE_ALT,QUERY_PRODUCT_NAME,QUERY_MESSAGE';
    const content = [
      header,
      `Q1,W,2026-11-20 10:00:00,Rahul Verma,+91-${m1},r@x.in,Requirement for CRM,Verma Traders,"12 MG Road, Pune",Pune,Maharashtra,411001,,CRM Software,"Need 5 users
with WhatsApp"`,
      // No name: the company's; no mobile: the alternate one; a city that is also the state once.
      `Q2,B,2026-11-20 11:00:00,,,a@x.in,,Asha Stores,,Delhi,Delhi,110001,${m2},ERP,`,
      `Q3,W,2026-11-20 12:00:00,Ravi,${m3},,,,,,,,,,`,
      `Q4,W,2026-11-20 13:00:00,Nobody,12345,,,,,,,,,,`,
    ].join('\n');
    const res = await csv(c.session, content, 'IndiaMART');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 4, inserted: 3, invalid: 1, invalidRows: [{ line: 6, reason: 'Invalid mobile number "12345"' }] });
    expect(res.body.ignoredColumns).toEqual([]);
    expect(res.body.extraColumns).toEqual(['UNIQUE_QUERY_ID', 'QUERY_TYPE', 'QUERY_TIME', 'SENDER_ADDRESS', 'SENDER_PINCODE']);
    const leads = await leadsOf(c.id);
    const kept = await db().selectFrom('leads').select(['email', 'extra_details']).where('subadmin_id', '=', c.id).orderBy('id').execute();
    expect(kept[0]).toEqual({
      email: 'r@x.in',
      extra_details: JSON.stringify({
        UNIQUE_QUERY_ID: 'Q1',
        QUERY_TYPE: 'W',
        QUERY_TIME: '2026-11-20 10:00:00',
        SENDER_ADDRESS: '12 MG Road, Pune',
        SENDER_PINCODE: '411001',
      }),
    });
    expect(leads.map((l) => ({ name: l.name, mobile: l.mobile, requirement: l.requirement, area: l.area }))).toEqual([
      { name: 'Rahul Verma', mobile: m1, requirement: 'CRM Software\nRequirement for CRM\nNeed 5 users\nwith WhatsApp', area: 'Pune, Maharashtra' },
      { name: 'Asha Stores', mobile: m2, requirement: 'ERP', area: 'Delhi' },
      { name: 'Ravi', mobile: m3, requirement: '', area: '' },
    ]);
    const report = await query(t.app, 'intake.batch', { id: res.body.batchId }, c.session);
    expect(report.data.ignoredColumns).toEqual(res.body.ignoredColumns);
    expect(report.data.extraColumns).toEqual(res.body.extraColumns);
  });

  it("takes an export's second enquiry of a mobile as a repeat enquiry on its lead; the same file again changes nothing", async () => {
    const c = await company();
    const caller = await insertUser(db(), c.id);
    const [m1, m2] = [nextMobile(), nextMobile()];
    const content = [
      'UNIQUE_QUERY_ID,SENDER_NAME,SENDER_MOBILE,SENDER_CITY,QUERY_PRODUCT_NAME,QUERY_MESSAGE',
      `Q1,Rahul,${m1},Pune,CRM Software,Need 5 users`,
      `Q2,Rahul,${m1},Pune,Billing Software,Need GST invoices`,
      `Q3,Asha,${m2},Delhi,ERP,`,
      `Q3,Asha,${m2},Delhi,ERP,`,
    ].join('\n');
    const first = await csv(c.session, content, 'IndiaMART');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rows: 4, inserted: 2, repeats: 1, duplicates: 1, duplicatesInFile: 1, duplicatesExisting: 0 });
    const [lead] = await leadsOf(c.id);
    expect(lead).toMatchObject({ mobile: m1, requirement: 'CRM Software\nNeed 5 users' });
    const enquiriesOf = (id: number) =>
      db().selectFrom('lead_events').select(['kind', 'source', 'detail']).where('lead_id', '=', id).where('kind', '=', 'repeat_enquiry').execute();
    expect(await enquiriesOf(lead!.id)).toEqual([{ kind: 'repeat_enquiry', source: 'csv', detail: 'Billing Software\nNeed GST invoices' }]);
    const report = await query(t.app, 'intake.batch', { id: first.body.batchId }, c.session);
    expect(report.data).toMatchObject({ inserted: 2, repeats: 1, duplicates: 1, duplicatesInFile: 1, duplicatesExisting: 0 });

    // A telecaller works the lead; the same file is uploaded again.
    await db()
      .updateTable('leads')
      .set({ telicaller_id: caller.id, telicaller_send_date: new Date().toISOString(), status: '4', callback_date: '2030-01-02', callback_time: '11:00' })
      .where('id', '=', lead!.id)
      .execute();
    const worked = await leadsOf(c.id);
    const again = await csv(c.session, content, 'IndiaMART', 'again.csv');
    expect(again.body).toMatchObject({ rows: 4, inserted: 0, repeats: 0, duplicates: 4, duplicatesInFile: 1, duplicatesExisting: 3 });
    expect(await leadsOf(c.id)).toEqual(worked);
    expect(await enquiriesOf(lead!.id)).toHaveLength(1);
  });

  it('keeps every enquiry of a file larger than a chunk, one mobile repeated hundreds of times among them', async () => {
    const c = await company();
    const mobiles = Array.from({ length: IMPORT_CHUNK_ROWS + 10 }, () => nextMobile());
    const many = mobiles[0]!;
    const lines = [
      'name,mobile,requirement',
      ...mobiles.map((m) => `A,${m},First`),
      ...Array.from({ length: 510 }, (_, i) => `A,${many},Need ${i}`),
      ...mobiles.slice(0, 600).map((m) => `A,${m},First`),
      `A,${many},Need 7`,
    ];
    const res = await csv(c.session, lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: mobiles.length + 510 + 600 + 1,
      inserted: mobiles.length,
      repeats: 510,
      duplicatesInFile: 601,
      duplicatesExisting: 0,
    });
    const lead = await db().selectFrom('leads').select('id').where('subadmin_id', '=', c.id).where('mobile', '=', many).executeTakeFirstOrThrow();
    const enquiries = await db()
      .selectFrom('lead_events')
      .select('detail')
      .where('lead_id', '=', lead.id)
      .where('kind', '=', 'repeat_enquiry')
      .orderBy('id')
      .execute();
    expect(enquiries.map((e) => e.detail)).toEqual(Array.from({ length: 510 }, (_, i) => `Need ${i}`));
  });

  it.each([['Customer Name,Mobile No.,Enquiry,City'], ['Contact Person;Phone Number;Product;Location'], ['Client Name\tWhatsApp Number\tRequirement\tArea']])(
    'maps the synonyms of %s, with its own separator',
    async (header) => {
      const c = await company();
      const mobile = nextMobile();
      const sep = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',';
      const res = await csv(c.session, `${header}\n${['Anil', mobile, 'Thing', 'Place'].join(sep)}\n`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ inserted: 1, invalid: 0, ignoredColumns: [] });
      expect((await leadsOf(c.id))[0]).toMatchObject({ name: 'Anil', mobile, requirement: 'Thing', area: 'Place' });
    },
  );

  it('reads a semicolon file whose cells hold commas, and a tab file whose cells hold semicolons', async () => {
    const c = await company();
    const [a, b] = [nextMobile(), nextMobile()];
    const semi = await csv(c.session, `Name;Mobile;Requirement;City;Budget\n"Verma, Rahul";${a};Website, SEO;Pune;"1,50,000"\n`, 'JustDial', 'excel.csv');
    expect(semi.status).toBe(200);
    expect(semi.body).toMatchObject({ inserted: 1, ignoredColumns: [], extraColumns: ['Budget'] });
    const tab = await csv(c.session, `Name\tMobile\tRequirement\nAsha; Delhi\t${b}\tCRM; ERP\n`, 'JustDial', 'export.tsv');
    expect(tab.status).toBe(200);
    expect(tab.body).toMatchObject({ inserted: 1, ignoredColumns: [] });
    expect((await leadsOf(c.id)).map((l) => [l.name, l.mobile, l.requirement, l.area])).toEqual([
      ['Verma, Rahul', a, 'Website, SEO', 'Pune'],
      ['Asha; Delhi', b, 'CRM; ERP', ''],
    ]);
  });

  it('keeps every refused row for download (line, reason, the row as it was), only for its own company', async () => {
    const c = await company();
    const other = await company();
    const bad = Array.from({ length: 120 }, (_, i) => `n${i};bad${i};"x; y"`);
    const good = nextMobile();
    const res = await csv(c.session, `Name;Mobile;Requirement\n${bad.slice(0, 60).join('\n')}\nok;${good};fine\n${bad.slice(60).join('\n')}\n;;\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 1, invalid: 120 });
    expect(res.body.invalidRows).toHaveLength(50);
    const report = await query(t.app, 'intake.batch', { id: res.body.batchId }, c.session);
    expect(report.data.refusedRowsFile).toBe(true);

    const url = `/api/webapi/upload-batches/${res.body.batchId}/refused.csv`;
    const file = await t.app.inject({ method: 'GET', url, headers: { cookie: c.session.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="leads-refused.csv"');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Line,Reason,Name,Mobile,Requirement');
    expect(lines).toHaveLength(121);
    expect(lines[1]).toBe('2,"Invalid mobile number ""bad0""",n0,bad0,x; y');
    // The good row sits at line 62: the refused rows after it keep their own lines.
    expect(lines[61]).toBe('63,"Invalid mobile number ""bad60""",n60,bad60,x; y');
    expect(lines[120]).toBe('122,"Invalid mobile number ""bad119""",n119,bad119,x; y');
    const bearer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${c.session.token}` } });
    expect(bearer.body).toBe(file.body);

    // Another company's upload is not found, and a caller of this company is refused.
    const theirs = await t.app.inject({ method: 'GET', url, headers: { cookie: other.session.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('bad0');
    const caller = await insertUser(db(), c.id, 'Telicaller');
    const callerSession = await signIn(t.app, { kind: 'user', mobile: caller.mobile, password: PASSWORD });
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: callerSession.cookie } })).statusCode).toBe(403);
  });

  it('keeps only the first 50 invalid lines in the report but counts them all', async () => {
    const c = await company();
    const rows = Array.from({ length: 80 }, (_, i) => `n${i},bad${i}`);
    const res = await csv(c.session, `name,mobile\n${nextMobile()},x\n${rows.join('\n')}\nok,${nextMobile()}\n`);
    expect(res.status).toBe(200);
    // The first data row has the mobile in the name column: no mobile in the mobile column.
    expect(res.body.invalid).toBe(81);
    expect(res.body.invalidRows).toHaveLength(50);
    expect(res.body.invalidRows[1]).toEqual({ line: 3, reason: 'Invalid mobile number "bad0"' });
    expect(res.body.inserted).toBe(1);
  });

  it.each([
    ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), /not a CSV text file/],
    ['UTF-16', Buffer.from('\uFEFFname,mobile\n', 'utf16le'), /not a CSV text file/],
    ['not UTF-8', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0xff, 0xfe, 0x2c, 0x6d]), /not a CSV text file/],
    ['empty', Buffer.alloc(0), /The file is empty/],
    ['blank lines only', Buffer.from('\uFEFF\r\n\r\n'), /The file is empty/],
    [
      'without a mobile column',
      Buffer.from(`name,email\nA,${nextMobile()}\n`),
      /No mobile number column found.*Name, Mobile \(or Phone, Number, Contact\), Requirement, Area/,
    ],
    ['without a header', Buffer.from(`${nextMobile()},Anil\n`), /No mobile number column found/],
    ['with a header only', Buffer.from('name,mobile\n'), /no leads below its header row/],
  ])('refuses a %s file and writes nothing', async (_what, content, message) => {
    const c = await company();
    const res = await csv(c.session, content);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: false, success: false, message: expect.stringMatching(message) });
    expect(await leadsOf(c.id)).toEqual([]);
    expect(await batchesOf(c.id)).toEqual([]);
  });

  it('needs a file and a category, in either order', async () => {
    const c = await company();
    const file = { filename: 'a.csv', content: `mobile\n${nextMobile()}\n` };
    for (const parts of [
      [['csvFile', file]],
      [['category', 'IndiaMART']],
      [
        ['category', '   '],
        ['csvFile', file],
      ],
      [
        ['csvFile', file],
        ['category', ''],
      ],
      [
        ['category', 'JustDial'],
        ['csvFile', { filename: '', content: '' }],
      ],
    ] as Part[][]) {
      const res = await upload(c.session, parts);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: false, success: false, message: 'Please select a file and enter category.' });
    }
    const long = await upload(c.session, [
      ['category', 'x'.repeat(61)],
      ['csvFile', file],
    ]);
    expect(long.status).toBe(400);
    expect(await leadsOf(c.id)).toEqual([]);

    // File first: spooled, then imported once the category is known. Category case is canonical.
    const mobile = nextMobile();
    const res = await upload(c.session, [
      ['csvFile', { filename: 'C:\\Users\\me\\first.csv', content: `mobile,name\n${mobile},Zoya\n` }],
      ['category', 'indiamart'],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.inserted).toBe(1);
    expect(await leadsOf(c.id)).toMatchObject([{ mobile, name: 'Zoya', category: 'IndiaMART', visible: 1 }]);
    const history = await query(t.app, 'intake.history', { page: 1, pageSize: 10 }, c.session);
    expect(history.data.items[0]).toMatchObject({ fileName: 'first.csv', category: 'IndiaMART' });
  });

  it('answers the original client (bearer) in the legacy shape and refuses other roles', async () => {
    const c = await company();
    const content = `mobile\n${nextMobile()}\n`;
    const res = await upload(
      c.session,
      [
        ['category', 'JustDial'],
        ['csvFile', { filename: 'x.csv', content }],
      ],
      'bearer',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: true,
      success: true,
      message: 'File uploaded successfully!',
      batchId: expect.any(Number),
      rows: 1,
      inserted: 1,
      duplicates: 0,
      duplicatesInFile: 0,
      duplicatesExisting: 0,
      repeats: 0,
      routing: null,
      invalid: 0,
      invalidRows: [],
      ignoredColumns: [],
      extraColumns: [],
    });
    const parts: Part[] = [
      ['category', 'JustDial'],
      ['csvFile', { filename: 'x.csv', content: `mobile\n${nextMobile()}\n` }],
    ];
    expect((await upload(null, parts)).status).toBe(401);
    const admin = await insertAdmin(db());
    const adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    expect((await upload(adminSession, parts)).status).toBe(403);
    for (const type of ['Telicaller', 'Telicaller-hade', 'Developer'] as const) {
      const u = await insertUser(db(), c.id, type);
      const s = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
      const r = await upload(s, parts);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ status: false, success: false });
    }
    expect(await leadsOf(c.id)).toHaveLength(1);
  });

  it('refuses a quote that is never closed with a 400 naming the line it opens on, writing nothing', async () => {
    const c = await company();
    const res = await csv(c.session, 'Name,Mobile\nA,"9876543210\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, success: false });
    expect(res.body.message).toMatch(/^Line 2: a quote \("\) opens a value that is never closed/);
    expect(await leadsOf(c.id)).toEqual([]);

    // Deep in a file, after chunks went in: the line is still the one the quote opens on.
    const rows = Array.from({ length: IMPORT_CHUNK_ROWS * 2 + 10 }, (_, i) => `L${i},${nextMobile()}`);
    const deep = await csv(c.session, `name,mobile\n${rows.join('\n')}\nBad,"${nextMobile()}\nmore\nmore\n`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(new RegExp(`^Line ${rows.length + 2}: a quote`));
    expect(await leadsOf(c.id)).toEqual([]);
    const batches = await batchesOf(c.id);
    expect(batches.every((b) => b.status === 'failed')).toBe(true);
  });

  it('refuses a 16 MB header line at once, without stalling other requests', async () => {
    const c = await company();
    const content = Buffer.concat([Buffer.from('Name,Mobile,'), Buffer.alloc(16 * 1024 * 1024, 'x'), Buffer.from(`\nA,${nextMobile()}\n`)]);
    const started = performance.now();
    const uploading = csv(c.session, content).then((r) => ({ ...r, ms: performance.now() - started }));
    await new Promise((r) => setTimeout(r, 5));
    const healthStarted = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const healthMs = performance.now() - healthStarted;
    const res = await uploading;
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 1 \(the column names\) is longer than 32768 characters/);
    expect(res.ms).toBeLessThan(1000);
    expect(health.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    expect(await leadsOf(c.id)).toEqual([]);
    expect(await batchesOf(c.id)).toEqual([]);
  });

  it('refuses a data row with a huge field, naming the line, writing nothing', async () => {
    const c = await company();
    const content = Buffer.concat([
      Buffer.from(`Name,Mobile,Requirement\nA,${nextMobile()},fine\nB,${nextMobile()},"`),
      Buffer.alloc(4 * 1024 * 1024, 'y'),
      Buffer.from('"\n'),
    ]);
    const started = performance.now();
    const res = await csv(c.session, content);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 3 is longer than 32768 characters/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await leadsOf(c.id)).toEqual([]);
  });

  it('a failure part-way leaves no leads and the batch failed', async () => {
    const c = await company();
    // The database refuses one row deep in the file, after several chunks went in.
    if (dialect === 'sqlite') {
      await sql`create trigger boom before insert on leads when new.name = 'BOOM' begin select raise(abort, 'boom'); end`.execute(db());
    } else {
      await sql`create function boom() returns trigger as $$ begin if new.name = 'BOOM' then raise exception 'boom'; end if; return new; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger boom before insert on leads for each row execute function boom()`.execute(db());
    }
    try {
      const rows = Array.from({ length: IMPORT_CHUNK_ROWS * 3 }, (_, i) => `${i === IMPORT_CHUNK_ROWS * 2 + 5 ? 'BOOM' : `L${i}`},${nextMobile()}`);
      const res = await csv(c.session, `name,mobile\n${rows.join('\n')}\n`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ status: false, success: false, message: 'Something went wrong' });
    } finally {
      await sql`drop trigger boom${sql.raw(dialect === 'postgres' ? ' on leads' : '')}`.execute(db());
      if (dialect === 'postgres') await sql`drop function boom()`.execute(db());
    }
    expect(await leadsOf(c.id)).toEqual([]);
    const [batch] = await batchesOf(c.id);
    expect(batch).toMatchObject({ status: 'failed', inserted: 0 });
    const history = await query(t.app, 'intake.history', { page: 1, pageSize: 10 }, c.session);
    expect(history.data.items[0]).toMatchObject({ status: 'failed', error: 'The upload could not be completed.' });
  });

  it('keeps a batch invisible until it completes, and discards it when the source fails', async () => {
    const c = await company();
    const actor: SubadminActor = { kind: 'subadmin', id: c.id, subadminId: c.id, sessionId: 0 };
    const source = new PassThrough();
    const importing = importLeadsCsv(t.deps, actor, { category: 'JustDial', fileName: 'slow.csv', source });
    source.write('name,mobile\n');
    for (let i = 0; i < IMPORT_CHUNK_ROWS * 2 + 10; i++) source.write(`N${i},${nextMobile()}\n`);
    // Wait until some chunks are written, still invisible.
    for (let i = 0; i < 200; i++) {
      const n = await db().selectFrom('leads').select(sql<number>`count(*)`.as('n')).where('subadmin_id', '=', c.id).executeTakeFirstOrThrow();
      if (Number(n.n) >= IMPORT_CHUNK_ROWS) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const all = await leadsOf(c.id);
    expect(all.length).toBeGreaterThanOrEqual(IMPORT_CHUNK_ROWS);
    expect(all.every((l) => l.visible === 0)).toBe(true);
    expect((await batchesOf(c.id))[0]).toMatchObject({ status: 'running' });
    source.destroy(new Error('connection reset'));
    await expect(importing).rejects.toThrow('connection reset');
    expect(await leadsOf(c.id)).toEqual([]);
    expect((await batchesOf(c.id))[0]).toMatchObject({ status: 'failed' });

    // Completing flips the whole batch at once.
    const ok = new PassThrough();
    const done = importLeadsCsv(t.deps, actor, { category: 'JustDial', fileName: 'ok.csv', source: ok });
    ok.end(`name,mobile\n${Array.from({ length: IMPORT_CHUNK_ROWS + 3 }, (_, i) => `N${i},${nextMobile()}`).join('\n')}`);
    expect(await done).toMatchObject({ inserted: IMPORT_CHUNK_ROWS + 3 });
    const leads = await leadsOf(c.id);
    expect(leads).toHaveLength(IMPORT_CHUNK_ROWS + 3);
    expect(leads.every((l) => l.visible === 1)).toBe(true);
    if (dialect === 'sqlite') {
      // The automatic checkpoint, suspended around the flip, is back.
      const r = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db());
      expect(r.rows[0]?.wal_autocheckpoint).toBe(1000);
    }
  });

  it('discards the batch when the client goes away part-way through the upload', async () => {
    const c = await company();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'gone-away';
    const req = http.request(`${address}/api/webapi/upload-csv`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: c.session.cookie, 'content-length': 5_000_000 },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nJustDial\r\n`);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="gone.csv"\r\nContent-Type: text/csv\r\n\r\nname,mobile\n`);
    req.write(Array.from({ length: IMPORT_CHUNK_ROWS * 2 + 10 }, (_, i) => `N${i},${nextMobile()}\n`).join(''));
    const count = async () =>
      Number((await db().selectFrom('leads').select(sql<number>`count(*)`.as('n')).where('subadmin_id', '=', c.id).executeTakeFirstOrThrow()).n);
    for (let i = 0; i < 300 && (await count()) < IMPORT_CHUNK_ROWS; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await count()).toBeGreaterThanOrEqual(IMPORT_CHUNK_ROWS);
    req.destroy();
    for (let i = 0; i < 300 && (await batchesOf(c.id))[0]?.status !== 'failed'; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await batchesOf(c.id))[0]).toMatchObject({ status: 'failed', file_name: 'gone.csv' });
    expect(await count()).toBe(0);
  });

  it('discardAbandonedBatches removes the leads of a batch a crash left running', async () => {
    const c = await company();
    const now = new Date().toISOString();
    const batch = await db()
      .insertInto('upload_batches')
      .values({
        subadmin_id: c.id,
        uploaded_by_kind: 'subadmin',
        uploaded_by_id: c.id,
        source: 'csv',
        file_name: 'crash.csv',
        category: 'JustDial',
        status: 'running',
        inserted: 0,
        duplicates: 0,
        invalid: 0,
        report: null,
        created_at: now,
        completed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await insertLeadRows(db(), c.id, [{ visible: 0 }, { visible: 0 }, { visible: 0 }]);
    await db().updateTable('leads').set({ batch_id: batch.id }).where('id', 'in', ids).execute();
    const keep = await insertLeadRows(db(), c.id, [{}]);

    expect(await discardAbandonedBatches(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await leadsOf(c.id)).map((l) => l.id)).toEqual(keep);
    const [b] = await batchesOf(c.id);
    expect(b).toMatchObject({ status: 'failed' });
    expect(JSON.parse(b!.report!)).toMatchObject({ error: ABANDONED_MESSAGE });
    expect(await discardAbandonedBatches(t.deps)).toBe(0);
  });

  it("leaves another instance's running upload alone until its lease runs out, and discards its own at start-up", async () => {
    const c = await company();
    const batch = (owner: string) =>
      createBatch(db(), { subadminId: c.id, byKind: 'subadmin', byId: c.id, source: 'csv', fileName: `${owner}.csv`, category: 'JustDial', owner });
    const withLeads = async (id: number) => {
      const ids = await insertLeadRows(db(), c.id, [{ visible: 0 }, { visible: 0 }]);
      await db().updateTable('leads').set({ batch_id: id }).where('id', 'in', ids).execute();
      return id;
    };
    const mine = await withLeads(await batch('here:3000'));
    const theirs = await withLeads(await batch('there:3000'));
    const statusOf = async (id: number) => (await db().selectFrom('upload_batches').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const leadsIn = async (id: number) =>
      Number(
        (
          await db()
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('batch_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Start-up of instance "here": its own upload was cut off; "there" is alive and goes on.
    await discardAbandonedBatches(t.deps, { owner: 'here:3000' });
    expect(await statusOf(mine)).toBe('failed');
    expect(await leadsIn(mine)).toBe(0);
    expect(await statusOf(theirs)).toBe('running');
    expect(await leadsIn(theirs)).toBe(2);
    expect(await renewBatchLease(db(), theirs)).toBe(true);

    // "there" stops answering: three minutes on, its lease has run out and any instance discards it.
    await discardAbandonedBatches(t.deps, { now: new Date(Date.now() + 3 * 60_000) });
    expect(await statusOf(theirs)).toBe('failed');
    expect(await leadsIn(theirs)).toBe(0);
    // Had it only been slow, it learns so: no renewal, and completing shows nothing.
    expect(await renewBatchLease(db(), theirs)).toBe(false);
    await withLeads(theirs);
    await expect(completeBatch(t.deps, theirs, { inserted: 2, duplicates: 0, invalid: 0, repeats: 0, routeNow: false, report: {} })).rejects.toBeInstanceOf(
      BatchDiscardedError,
    );
    expect(await db().selectFrom('leads').select('id').where('batch_id', '=', theirs).where('visible', '=', 1).execute()).toEqual([]);
    expect(await statusOf(theirs)).toBe('failed');
  });

  it('concurrent uploads with overlapping mobiles never make a duplicate', async () => {
    const c = await company();
    const shared = Array.from({ length: 1500 }, () => nextMobile());
    const only = [0, 1, 2].map(() => Array.from({ length: 700 }, () => nextMobile()));
    const files = only.map((own) => `mobile,name\n${[...shared, ...own].map((m) => `${m},X`).join('\n')}\n`);
    const results = await Promise.all(files.map((f, i) => csv(c.session, f, 'JustDial', `f${i}.csv`)));
    for (const r of results) expect(r.status).toBe(200);
    const leads = await leadsOf(c.id);
    expect(leads).toHaveLength(shared.length + 3 * 700);
    expect(new Set(leads.map((l) => l.mobile)).size).toBe(leads.length);
    expect(results.reduce((s, r) => s + r.body.inserted, 0)).toBe(leads.length);
    expect(results.reduce((s, r) => s + r.body.duplicatesExisting, 0)).toBe(2 * shared.length);
  });

  it('history and reports belong to the company; another company gets 404', async () => {
    const a = await company();
    const b = await company();
    const up = await csv(a.session, `mobile\n${nextMobile()}\nbad\n`, 'JustDial', 'mine.csv');
    const now = new Date().toISOString();
    /** An IndiaMART pull of company a, finished now. */
    const pull = (over: { status: 'complete' | 'failed'; inserted: number; duplicates: number; invalid: number; report: string | null; created_at: string }) =>
      db()
        .insertInto('upload_batches')
        .values({
          subadmin_id: a.id,
          uploaded_by_kind: 'subadmin',
          uploaded_by_id: a.id,
          source: 'indiamart',
          file_name: null,
          category: 'IndiaMART',
          completed_at: now,
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await pull({ status: 'complete', inserted: 4, duplicates: 1, invalid: 0, report: null, created_at: new Date(Date.now() + 1000).toISOString() });
    const failedPull = await pull({
      status: 'failed',
      inserted: 0,
      duplicates: 0,
      invalid: 1,
      created_at: new Date(Date.now() - 60_000).toISOString(),
      report: JSON.stringify({ code: '401', message: 'Key refused by IndiaMART.', invalid_rows: [{ ref: 'Q123', reason: 'No mobile number' }] }),
    });
    const pullReport = await query(t.app, 'intake.batch', { id: failedPull.id }, a.session);
    expect(pullReport.data).toMatchObject({
      fileName: 'IndiaMART pull',
      status: 'failed',
      error: 'Key refused by IndiaMART.',
      uploadedBy: a.name,
      invalidRows: [{ line: null, ref: 'Q123', reason: 'No mobile number' }],
    });
    await db().deleteFrom('upload_batches').where('id', '=', failedPull.id).execute();
    const mine = await query(t.app, 'intake.history', { page: 1, pageSize: 10 }, a.session);
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(mine.data.items).toMatchObject([
      { fileName: 'IndiaMART pull', source: 'indiamart', category: 'IndiaMART', inserted: 4, status: 'complete' },
      { id: up.body.batchId, fileName: 'mine.csv', category: 'JustDial', inserted: 1, duplicates: 0, invalid: 1, status: 'complete', uploadedBy: a.name },
    ]);
    expect(mine.data.items[1]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const paged = await query(t.app, 'intake.history', { page: 2, pageSize: 1 }, a.session);
    expect(paged.data).toMatchObject({ total: 2, items: [{ fileName: 'mine.csv' }] });

    const theirs = await query(t.app, 'intake.history', { page: 1, pageSize: 10 }, b.session);
    expect(theirs.data).toMatchObject({ total: 0, items: [] });
    const report = await query(t.app, 'intake.batch', { id: up.body.batchId }, b.session);
    expect(report.status).toBe(404);
    expect(report.error?.message).toBe('Upload not found.');
    expect((await query(t.app, 'intake.batch', { id: 99999999 }, a.session)).status).toBe(404);
  });

  it('adds a manual lead: a sub-admin to the pool, a telecaller or head to itself', async () => {
    const c = await company();
    const caller = await insertUser(db(), c.id, 'Telicaller', { name: 'Rahul Verma' });
    const head = await insertUser(db(), c.id, 'Telicaller-hade');
    const dev = await insertUser(db(), c.id, 'Developer');
    const callerS = await signIn(t.app, { kind: 'user', mobile: caller.mobile, password: PASSWORD });
    const headS = await signIn(t.app, { kind: 'user', mobile: head.mobile, password: PASSWORD });
    const devS = await signIn(t.app, { kind: 'user', mobile: dev.mobile, password: PASSWORD });

    const m1 = nextMobile();
    const pool = await mutate(
      t.app,
      'intake.addLead',
      { name: ' Neha ', mobile: `+91 ${m1}`, requirement: 'A\r\nB', area: 'Pune', category: 'justdial' },
      c.session,
    );
    expect(pool.status).toBe(200);
    expect(pool.data).toMatchObject({ name: 'Neha', mobile: m1, requirement: 'A\nB', area: 'Pune', category: 'JustDial', telicallerId: null });
    const m2 = nextMobile();
    const own = await mutate(t.app, 'intake.addLead', { name: 'Om', mobile: `0${m2}`, requirement: '', area: '', category: 'Walk-in' }, callerS);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ mobile: m2, telicallerId: caller.id, category: 'Walk-in' });
    const m3 = nextMobile();
    expect((await mutate(t.app, 'intake.addLead', { name: 'Pia', mobile: m3, category: 'Local Leads' }, headS)).data).toMatchObject({ telicallerId: head.id });

    const leads = await leadsOf(c.id);
    expect(leads.find((l) => l.mobile === m1)).toMatchObject({ telicaller_id: null, telicaller_send_date: null, status: '0', visible: 1, batch_id: null });
    const mine = leads.find((l) => l.mobile === m2)!;
    expect(mine).toMatchObject({ telicaller_id: caller.id, status: '0', visible: 1 });
    expect(Date.now() - Date.parse(mine.telicaller_send_date!)).toBeLessThan(60_000);

    const dupOwned = await mutate(t.app, 'intake.addLead', { name: 'Again', mobile: m2, category: 'JustDial' }, c.session);
    expect(dupOwned.status).toBe(409);
    expect(dupOwned.error?.message).toBe("This mobile is already a lead (Rahul Verma's).");
    const dupPool = await mutate(t.app, 'intake.addLead', { name: 'Again', mobile: m1, category: 'JustDial' }, headS);
    expect(dupPool.status).toBe(409);
    expect(dupPool.error?.message).toBe('This mobile is already a lead (unassigned).');

    // Another company may hold the same mobile.
    const other = await company();
    expect((await mutate(t.app, 'intake.addLead', { name: 'Same', mobile: m1, category: 'JustDial' }, other.session)).status).toBe(200);

    const bad = await mutate(t.app, 'intake.addLead', { name: 'X', mobile: '12345', category: 'JustDial' }, c.session);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('Enter a valid 10-digit mobile number.');
    const noCat = await mutate(t.app, 'intake.addLead', { name: 'X', mobile: nextMobile(), category: '  ' }, c.session);
    expect(noCat.error?.message).toBe('Category is required.');
    expect((await mutate(t.app, 'intake.addLead', { name: 'X', mobile: nextMobile(), category: 'JustDial' }, devS)).status).toBe(403);
    expect((await mutate(t.app, 'intake.addLead', { name: 'X', mobile: nextMobile(), category: 'JustDial' }, null)).status).toBe(401);
    expect(await leadsOf(c.id)).toHaveLength(3);
  });

  it('tells the page the size limit', async () => {
    const c = await company();
    expect((await query(t.app, 'intake.limits', undefined, c.session)).data).toEqual({ maxBytes: 20 * 1024 * 1024 });
  });
});

describe.each(dialects)('upload size limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { UPLOAD_MAX_MB: '0.01' });
  });
  afterAll(() => t?.close());

  async function send(session: Session, content: string) {
    const { payload, contentType } = multipart([
      ['category', 'JustDial'],
      ['csvFile', { filename: 'big.csv', content }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/upload-csv',
      headers: { 'content-type': contentType, cookie: session.cookie },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const bigCsv = (rows: number) => `name,mobile\n${Array.from({ length: rows }, (_, i) => `Lead number ${i},${uniqueMobile()}`).join('\n')}\n`;

  it.each([
    ['a little over (found while reading)', 800],
    ['far over (refused from its length)', 10_000],
  ])('refuses a file %s and writes no leads', async (_what, rows) => {
    const c = await insertCompany(t.deps.db);
    const session = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    const content = bigCsv(rows);
    expect(content.length).toBeGreaterThan(10_486);
    const res = await send(session, content);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: false, success: false, message: 'The file is too large (max 0.01 MB).' });
    expect(await t.deps.db.selectFrom('leads').select('id').where('subadmin_id', '=', c.id).execute()).toEqual([]);
    const batches = await t.deps.db.selectFrom('upload_batches').selectAll().where('subadmin_id', '=', c.id).execute();
    for (const b of batches) expect(b.status).toBe('failed');
    // A file within the limit still goes in.
    const ok = await send(session, bigCsv(50));
    expect(ok.status).toBe(200);
    expect(ok.body.inserted).toBe(50);
  });
});
