import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertLeadRows, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { storableInput, storableText } from '../shared/storable-text.js';

// Postgres refuses NUL in text and a lone surrogate in JSON (500s, an upload failed, an export cut
// mid-stream) where SQLite stored them: on both, NUL is dropped and a lone surrogate becomes U+FFFD.
describe('storable text', () => {
  it('drops NUL and replaces lone surrogates, leaving pairs and everything else', () => {
    expect(storableText('a\u0000b\u0000')).toBe('ab');
    expect(storableText('\ud800')).toBe('\ufffd');
    expect(storableText('x\udc00y\ud83d')).toBe('x\ufffdy\ufffd');
    expect(storableText('नमस्ते 😀 <b>&amp;')).toBe('नमस्ते 😀 <b>&amp;');
    expect(storableInput({ a: ['\u0000', { b: '\ud800' }], n: 5, t: true, z: null })).toEqual({ a: ['', { b: '\ufffd' }], n: 5, t: true, z: null });
  });

  it('keeps "__proto__" a key and goes any depth', () => {
    const copy = storableInput(JSON.parse('{"__proto__":{"isAdmin":"\\u0000yes"}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ isAdmin: 'yes' });
    let deep: unknown = ['\u0000x'];
    for (let i = 0; i < 20_000; i++) deep = i % 2 ? [deep] : { a: deep };
    let out = storableInput(deep);
    for (let i = 0; i < 20_000; i++) out = Array.isArray(out) ? out[0] : (out as { a: unknown }).a;
    expect(out).toEqual(['x']);
  });
});

describe.each(dialects)('NUL characters and lone surrogates on %s', (dialect) => {
  let t: TestApp;
  let owner: Session;
  let admin: Session;
  let companyId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOG_LEVEL: 'error' });
    const company = await insertCompany(t.deps.db);
    companyId = company.id;
    owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const a = await insertAdmin(t.deps.db);
    admin = await signIn(t.app, { kind: 'admin', email: a.email, password: PASSWORD });
    await insertLeadRows(t.deps.db, company.id, [
      { name: 'Asha', category: 'Walk-ins' },
      { name: 'Ravi', category: 'Walk-ins' },
    ]);
  });
  afterAll(() => t?.close());

  it('a complaint titled "a\\u0000b" is filed as "ab" (tRPC and REST)', async () => {
    const res = await mutate(t.app, 'complaints.create', { title: 'a\u0000b', body: 'Body \u0000 text' }, owner);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const rows = await t.deps.db.selectFrom('complaints').select(['title', 'body']).where('subadmin_id', '=', companyId).execute();
    expect(rows).toEqual([{ title: 'ab', body: 'Body  text' }]);
  });

  it('a lead named "\\ud800" is added, its name read as U+FFFD', async () => {
    const res = await mutate(
      t.app,
      'intake.addLead',
      { name: '\ud800', mobile: '9811100001', requirement: 'x\udc00', area: 'Pune\u0000', category: 'Local Leads' },
      owner,
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const row = await t.deps.db.selectFrom('leads').select(['name', 'requirement', 'area']).where('mobile', '=', '9811100001').executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '\ufffd', requirement: 'x\ufffd', area: 'Pune' });
  });

  it('a search for "\\u0000" answers as a search for nothing', async () => {
    for (const [proc, input, session] of [
      ['users.list', { search: '\u0000' }, owner],
      ['leads.uploaded', { search: '\u0000' }, owner],
      ['leads.byTelecaller', { status: 'pending', search: '\u0000' }, owner],
      ['subadmins.list', { search: '\u0000\ud800' }, admin],
    ] as const) {
      const res = await query(t.app, proc, input, session);
      expect(res.status, `${proc}: ${JSON.stringify(res.error)}`).toBe(200);
    }
    const leads = await query(t.app, 'leads.uploaded', { search: 'As\u0000ha' }, owner);
    expect(leads.data.items.map((l: { name: string }) => l.name)).toEqual(['Asha']);
  });

  it('an export with search=%00 sends every row', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webapi/leads/export.csv?category=Walk-ins&search=%00', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const records = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(
      records
        .slice(1)
        .map((r) => r.split(',')[1])
        .sort(),
    ).toEqual(['Asha', 'Ravi']);
    const one = await t.app.inject({ method: 'GET', url: '/api/webapi/leads/export.csv?category=Walk-ins&search=As%00ha', headers: { cookie: owner.cookie } });
    expect(
      one.body
        .slice(1)
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((r) => r.split(',')[1]),
    ).toEqual(['Asha']);
  });

  it('a legacy body with NUL is stored without it', async () => {
    const res = await legacy(t.app, 'POST', '/subadmin/createcomplaints', owner, { title: 'Legacy\u0000 title', body: 'Legacy body' });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const titles = (await t.deps.db.selectFrom('complaints').select('title').where('subadmin_id', '=', companyId).execute()).map((r) => r.title);
    expect(titles).toContain('Legacy title');
  });

  it('a CSV with a NUL byte after its first 8 KB is imported, the NUL dropped', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `Lead ${i},${7_100_000_000 + i},Needs a quote,Pune`);
    const before = `Name,Mobile,Requirement,Area\r\n${rows.join('\r\n')}\r\n`;
    expect(before.length).toBeGreaterThan(8192);
    const content = Buffer.concat([Buffer.from(before), Buffer.from('Nu\u0000ll,7199999999,Re\u0000q,Ar\u0000ea\r\n')]);
    const { payload, contentType } = multipart([
      ['category', 'Local Leads'],
      ['csvFile', { filename: 'nul.csv', content }],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/webapi/upload-csv', headers: { 'content-type': contentType, cookie: owner.cookie }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('leads')
      .select(['name', 'requirement', 'area', 'visible'])
      .where('mobile', '=', '7199999999')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Null', requirement: 'Req', area: 'Area', visible: 1 });
  });
});
