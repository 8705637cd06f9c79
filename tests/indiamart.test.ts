import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertIndiamartLink, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn } from './helpers/http.js';
import { freePort } from './helpers/net.js';
import { FakeIndiamart, queryTime, type FakeLead } from './helpers/fake-indiamart.js';
import { pullCompany } from '../server/services/indiamart/pull.service.js';
import { runIndiamartTick, startIndiamartScheduler } from '../server/services/indiamart/scheduler.js';
import { formatIndiamartTime } from '../server/services/indiamart/client.js';
import { addDays, todayIn } from '../shared/dates.js';
import { insertField } from './helpers/lead-fields.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { fieldValuesOfLeads } from '../server/services/lead-fields/values.js';

const MIN = 60_000;
let keySeq = 0;
const newKey = () => `key${process.pid}x${++keySeq}`;
let mobileSeq = 0;
/** distinct mobiles for fake leads, in IndiaMART's "+91-" form */
const imMobile = () => `+91-7${String(process.pid % 1000).padStart(3, '0')}${String(++mobileSeq).padStart(6, '0')}`;
const digits = (m: string) => m.slice(4);

function fakeLead(at: Date, over: Partial<FakeLead> = {}): FakeLead {
  return {
    UNIQUE_QUERY_ID: `Q${process.pid}${++mobileSeq}`,
    QUERY_TYPE: 'W',
    QUERY_TIME: queryTime(at),
    SENDER_NAME: 'Ravi Kumar',
    SENDER_MOBILE: imMobile(),
    SENDER_EMAIL: 'ravi@example.com',
    SUBJECT: 'Requirement for CCTV Camera',
    SENDER_COMPANY: 'Kumar Traders',
    SENDER_ADDRESS: 'MG Road',
    SENDER_CITY: 'Pune',
    SENDER_STATE: 'Maharashtra',
    SENDER_PINCODE: '411001',
    SENDER_COUNTRY_ISO: 'IN',
    SENDER_MOBILE_ALT: '',
    QUERY_PRODUCT_NAME: 'CCTV Camera',
    QUERY_MESSAGE: 'I want to buy CCTV Camera.<br><br>Quantity: 10 Piece<br>Usage: Office',
    QUERY_MCAT_NAME: 'CCTV Camera',
    CALL_DURATION: '',
    RECEIVER_MOBILE: '',
    ...over,
  };
}

describe.each(dialects)('IndiaMART pull on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeIndiamart;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    fake = await FakeIndiamart.start();
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  const db = () => t.deps.db;

  /** A company whose saved link points at the fake (written directly: settings only saves https). */
  async function companyWithLink(key: string | null = newKey(), over: Parameters<typeof insertCompany>[1] = {}, link?: string) {
    const company = await insertCompany(db(), over);
    if (key !== null) {
      await insertIndiamartLink(db(), company.id, link ?? fake.link(key));
    }
    return { company, key: key ?? '' };
  }
  const session = (c: { email: string }) => signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
  const settingsOf = (id: number) => db().selectFrom('indiamart_settings').selectAll().where('subadmin_id', '=', id).executeTakeFirstOrThrow();
  const leadsOf = (id: number) => db().selectFrom('leads').selectAll().where('subadmin_id', '=', id).orderBy('id').execute();
  const batchesOf = (id: number) => db().selectFrom('upload_batches').selectAll().where('subadmin_id', '=', id).orderBy('id').execute();
  const pull = (id: number, now: Date) => pullCompany(t.deps, id, { now });

  it('inserts the mapped leads of a successful pull and records it as an upload batch', async () => {
    const { company, key } = await companyWithLink();
    const now = new Date('2026-11-22T04:30:00Z');
    const good = fakeLead(new Date(now.getTime() - 60 * MIN), {
      QUERY_MESSAGE: 'I want to buy CCTV Camera.<br><br>Quantity: 10 Piece<br/>Usage: Office &amp; shop<p>Call after 5 pm</p>',
    });
    const alt = fakeLead(new Date(now.getTime() - 30 * MIN), {
      SENDER_NAME: 'Meena',
      SENDER_MOBILE: '',
      SENDER_MOBILE_ALT: '08123456789',
      SENDER_CITY: '',
      SENDER_STATE: 'Goa',
    });
    const bad = fakeLead(new Date(now.getTime() - 20 * MIN), { SENDER_MOBILE: '+1-5551234567' });
    fake.setLeads(key, [good, alt, bad]);

    const outcome = await pull(company.id, now);
    expect(outcome).toMatchObject({ kind: 'pulled', result: { code: '200', inserted: 2, duplicates: 0, invalid: 1 } });

    const leads = await leadsOf(company.id);
    expect(
      leads.map((l) => ({
        name: l.name,
        mobile: l.mobile,
        requirement: l.requirement,
        area: l.area,
        category: l.category,
        source_ref: l.source_ref,
        visible: l.visible,
      })),
    ).toEqual([
      {
        name: 'Ravi Kumar',
        mobile: digits(good.SENDER_MOBILE!),
        area: 'Pune, Maharashtra',
        category: 'IndiaMART',
        source_ref: good.UNIQUE_QUERY_ID,
        visible: 1,
        requirement: 'CCTV Camera\nRequirement for CCTV Camera\nI want to buy CCTV Camera.\nQuantity: 10 Piece\nUsage: Office & shop\nCall after 5 pm',
      },
      {
        name: 'Meena',
        mobile: '8123456789',
        area: 'Goa',
        category: 'IndiaMART',
        source_ref: alt.UNIQUE_QUERY_ID,
        visible: 1,
        requirement: 'CCTV Camera\nRequirement for CCTV Camera\nI want to buy CCTV Camera.\nQuantity: 10 Piece\nUsage: Office',
      },
    ]);
    expect(leads.every((l) => l.telicaller_id === null && l.status === '0')).toBe(true);

    const [batch] = await batchesOf(company.id);
    expect(batch).toMatchObject({
      source: 'indiamart',
      file_name: null,
      category: 'IndiaMART',
      status: 'complete',
      inserted: 2,
      duplicates: 0,
      invalid: 1,
      uploaded_by_kind: 'subadmin',
      uploaded_by_id: company.id,
    });
    expect(leads.every((l) => l.batch_id === batch!.id)).toBe(true);
    const report = JSON.parse(batch!.report!);
    expect(report).toMatchObject({
      code: '200',
      total_records: 3,
      trigger: 'schedule',
      invalid_rows: [{ ref: bad.UNIQUE_QUERY_ID, reason: 'Not a valid Indian mobile: +1-5551234567' }],
    });
    expect(batch!.report).not.toContain(key);

    expect(await settingsOf(company.id)).toMatchObject({ last_pull_at: now.toISOString(), last_pull_code: '200', last_window_end: now.toISOString() });
  });

  it('keeps the email, enquiry time, query id, pincode and alternate mobile: a field when the company has one, else an extra detail', async () => {
    const { company, key } = await companyWithLink();
    await insertField(db(), company.id, { key: 'pincode', label: 'Pincode', type: 'text' });
    const now = new Date('2026-11-22T04:30:00Z');
    const lead = fakeLead(new Date(now.getTime() - 60 * MIN), { SENDER_EMAIL: 'Ravi@Example.com', SENDER_MOBILE_ALT: '+91-9822022001' });
    fake.setLeads(key, [lead]);
    expect(await pull(company.id, now)).toMatchObject({ kind: 'pulled', result: { inserted: 1 } });
    const [row] = await leadsOf(company.id);
    expect(row!.email).toBe('ravi@example.com');
    expect(JSON.parse(row!.extra_details!)).toEqual({
      'Query ID': lead.UNIQUE_QUERY_ID,
      'Enquiry time': lead.QUERY_TIME,
      'Alternate mobile': '+91-9822022001',
    });
    const { fields } = await companyShape(db(), company.id);
    expect((await fieldValuesOfLeads(db(), company.id, fields, [row!.id])).get(row!.id)).toEqual({ pincode: '411001' });
  });

  it('records a pull with no leads (204) and advances the window', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    const now = new Date('2026-11-22T04:30:00Z');
    expect(await pull(company.id, now)).toMatchObject({ kind: 'pulled', result: { code: '204', inserted: 0, duplicates: 0, invalid: 0 } });
    expect(await leadsOf(company.id)).toEqual([]);
    expect(await batchesOf(company.id)).toMatchObject([{ status: 'complete', inserted: 0 }]);
    expect(await settingsOf(company.id)).toMatchObject({
      last_pull_code: '204',
      last_pull_message: 'There are no leads in the given time duration.',
      last_window_end: now.toISOString(),
    });
  });

  it('records a refused key (401) with its message and inserts nothing', async () => {
    const { company } = await companyWithLink('no-such-key');
    const now = new Date('2026-11-22T04:30:00Z');
    expect(await pull(company.id, now)).toMatchObject({ kind: 'pulled', result: { code: '401', message: 'Invalid API key.', inserted: 0 } });
    expect(await leadsOf(company.id)).toEqual([]);
    const [batch] = await batchesOf(company.id);
    expect(batch).toMatchObject({ status: 'failed', inserted: 0, duplicates: 0, invalid: 0 });
    expect(JSON.parse(batch!.report!)).toMatchObject({ code: '401', message: 'Invalid API key.' });
    expect(await settingsOf(company.id)).toMatchObject({
      last_pull_at: now.toISOString(),
      last_pull_code: '401',
      last_pull_message: 'Invalid API key.',
      last_window_end: null,
    });
    // and it is not called again within 5 minutes
    expect(await pull(company.id, new Date(now.getTime() + 4 * MIN))).toMatchObject({ kind: 'throttled' });
    expect(fake.requestsFor('no-such-key')).toHaveLength(1);
  });

  it('records a 429 and keeps the window for the next pull', async () => {
    const { company, key } = await companyWithLink();
    const t0 = new Date('2026-11-22T04:30:00Z');
    fake.setLeads(key, [fakeLead(new Date(t0.getTime() - 5 * MIN))]);
    await pull(company.id, t0);
    fake.queueAnswer(key, { body: { CODE: 429, STATUS: 'FAILURE', MESSAGE: 'Too many requests. Try after 5 minutes.', TOTAL_RECORDS: 0, RESPONSE: [] } });
    const t1 = new Date(t0.getTime() + 6 * MIN);
    expect(await pull(company.id, t1)).toMatchObject({ kind: 'pulled', result: { code: '429', inserted: 0 } });
    expect(await settingsOf(company.id)).toMatchObject({
      last_pull_at: t1.toISOString(),
      last_pull_code: '429',
      last_pull_message: 'Too many requests. Try after 5 minutes.',
      last_window_end: t0.toISOString(),
    });
    // the next pull still starts from the window before the 429
    const t2 = new Date(t1.getTime() + 6 * MIN);
    await pull(company.id, t2);
    const last = fake.requestsFor(key).at(-1)!;
    expect(last.start_time).toBe(formatIndiamartTime(new Date(t0.getTime() - 10 * MIN)));
    expect(last.end_time).toBe(formatIndiamartTime(t2));
  });

  it('asks for 24 hours on the first pull, then from the last end minus 10 minutes, in IST', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    await pull(company.id, new Date('2026-11-22T04:30:00Z'));
    await pull(company.id, new Date('2026-11-22T05:30:00Z'));
    const reqs = fake.requestsFor(key);
    expect(reqs.map((r) => [r.start_time, r.end_time])).toEqual([
      ['21-Nov-202610:00:00', '22-Nov-202610:00:00'],
      ['22-Nov-202609:50:00', '22-Nov-202611:00:00'],
    ]);
    expect(new URL(reqs[0]!.url).pathname).toBe('/wservce/crm/crmListing/v2/');
  });

  it('catches up a gap longer than 7 days in windows IndiaMART accepts', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    await db().updateTable('indiamart_settings').set({ last_window_end: '2026-11-01T00:10:00.000Z' }).where('subadmin_id', '=', company.id).execute();
    const now = new Date('2026-11-22T04:30:00Z');
    expect(await pull(company.id, now)).toMatchObject({ result: { code: '204' } });
    expect(fake.requestsFor(key)[0]).toMatchObject({ start_time: '01-Nov-202605:30:00', end_time: '08-Nov-202605:30:00' });
    expect((await settingsOf(company.id)).last_window_end).toBe('2026-11-08T00:00:00.000Z');
  });

  it('inserts nothing new when an overlapping window returns the same queries', async () => {
    const { company, key } = await companyWithLink();
    const t0 = new Date('2026-11-22T04:30:00Z');
    const rows = [fakeLead(new Date(t0.getTime() - 8 * MIN)), fakeLead(new Date(t0.getTime() - 2 * MIN))];
    fake.setLeads(key, rows);
    expect(await pull(company.id, t0)).toMatchObject({ result: { code: '200', inserted: 2 } });
    // the next window (from t0 - 10 min) returns both again, plus one new lead
    const fresh = fakeLead(new Date(t0.getTime() + 3 * MIN));
    fake.addLeads(key, [fresh]);
    expect(await pull(company.id, new Date(t0.getTime() + 6 * MIN))).toMatchObject({ result: { code: '200', inserted: 1, duplicates: 2, invalid: 0 } });
    expect((await leadsOf(company.id)).map((l) => l.source_ref)).toEqual([rows[0]!.UNIQUE_QUERY_ID, rows[1]!.UNIQUE_QUERY_ID, fresh.UNIQUE_QUERY_ID]);
  });

  it("takes a known mobile's new enquiry as a repeat enquiry on the existing lead, not as a new lead", async () => {
    const { company, key } = await companyWithLink();
    const other = await insertCompany(db());
    const known = imMobile();
    await insertLeadRows(db(), company.id, [{ mobile: digits(known), name: 'From CSV', category: 'Local Leads' }]);
    // the same mobile in another company does not count
    const elsewhere = imMobile();
    await insertLeadRows(db(), other.id, [{ mobile: digits(elsewhere) }]);
    const now = new Date('2026-11-22T04:30:00Z');
    fake.setLeads(key, [
      fakeLead(new Date(now.getTime() - MIN), { SENDER_MOBILE: known }),
      fakeLead(new Date(now.getTime() - MIN), { SENDER_MOBILE: elsewhere }),
    ]);
    expect(await pull(company.id, now)).toMatchObject({ result: { code: '200', inserted: 1, duplicates: 0, repeats: 1 } });
    const leads = await leadsOf(company.id);
    expect(leads.map((l) => [l.mobile, l.name, l.category])).toEqual([
      [digits(known), 'From CSV', 'Local Leads'],
      [digits(elsewhere), 'Ravi Kumar', 'IndiaMART'],
    ]);
    // The known mobile's new enquiry is in its lead's history, not dropped.
    const events = await db().selectFrom('lead_events').select(['kind', 'source']).where('lead_id', '=', leads[0]!.id).execute();
    expect(events).toEqual([{ kind: 'repeat_enquiry', source: 'indiamart' }]);
  });

  it("takes a mobile's second enquiry in one answer as a repeat enquiry on its lead; the next window's same queries change nothing", async () => {
    const { company, key } = await companyWithLink();
    const caller = await insertUser(db(), company.id);
    const t0 = new Date('2026-11-22T04:30:00Z');
    const mobile = imMobile();
    const cctv = fakeLead(new Date(t0.getTime() - 8 * MIN), { SENDER_MOBILE: mobile });
    const solar = fakeLead(new Date(t0.getTime() - 4 * MIN), {
      SENDER_MOBILE: mobile,
      QUERY_PRODUCT_NAME: 'Solar panel',
      SUBJECT: 'Requirement for Solar panel',
    });
    fake.setLeads(key, [cctv, solar]);
    expect(await pull(company.id, t0)).toMatchObject({ result: { code: '200', inserted: 1, repeats: 1, duplicates: 0 } });
    const [lead] = await leadsOf(company.id);
    expect(lead).toMatchObject({ mobile: digits(mobile), source_ref: cctv.UNIQUE_QUERY_ID });
    const repeatsOf = (id: number) =>
      db().selectFrom('lead_events').select(['kind', 'source', 'detail']).where('lead_id', '=', id).where('kind', '=', 'repeat_enquiry').execute();
    const [event] = await repeatsOf(lead!.id);
    expect(event).toMatchObject({ kind: 'repeat_enquiry', source: 'indiamart' });
    expect(event!.detail).toContain('Solar panel');

    // A telecaller works the lead; the next window (overlapping this one) returns both queries again.
    await db()
      .updateTable('leads')
      .set({ telicaller_id: caller.id, telicaller_send_date: t0.toISOString(), status: '4', callback_date: '2026-11-23', callback_time: '11:00' })
      .where('id', '=', lead!.id)
      .execute();
    const worked = await leadsOf(company.id);
    expect(await pull(company.id, new Date(t0.getTime() + 6 * MIN))).toMatchObject({ result: { code: '200', inserted: 0, repeats: 0, duplicates: 2 } });
    expect(await leadsOf(company.id)).toEqual(worked);
    expect(await repeatsOf(lead!.id)).toHaveLength(1);
  });

  it("takes a known mobile's enquiry once: the overlapping window's same query leaves the worked lead as it is", async () => {
    const { company, key } = await companyWithLink();
    const caller = await insertUser(db(), company.id);
    const known = imMobile();
    const [id] = await insertLeadRows(db(), company.id, [{ mobile: digits(known), name: 'From CSV', telicaller_id: caller.id, status: '2' }]);
    const t0 = new Date('2026-11-22T04:30:00Z');
    fake.setLeads(key, [fakeLead(new Date(t0.getTime() - 2 * MIN), { SENDER_MOBILE: known })]);
    expect(await pull(company.id, t0)).toMatchObject({ result: { code: '200', inserted: 0, repeats: 1 } });
    expect((await leadsOf(company.id))[0]).toMatchObject({ id, status: '0', telicaller_id: caller.id });
    await db().updateTable('leads').set({ status: '4', callback_date: '2026-11-23', callback_time: '11:00' }).where('id', '=', id!).execute();
    const worked = await leadsOf(company.id);
    expect(await pull(company.id, new Date(t0.getTime() + 6 * MIN))).toMatchObject({ result: { code: '200', inserted: 0, repeats: 0, duplicates: 1 } });
    expect(await leadsOf(company.id)).toEqual(worked);
    expect(await db().selectFrom('lead_events').select('id').where('lead_id', '=', id!).where('kind', '=', 'repeat_enquiry').execute()).toHaveLength(1);
  });

  it('records a connection failure, a timeout and an unusable saved link without throwing', async () => {
    const closedPort = await freePort();
    const { company: refused } = await companyWithLink('x', {}, `http://127.0.0.1:${closedPort}/wservce/crm/crmListing/v2/?glusr_crm_key=x`);
    const now = new Date('2026-11-22T04:30:00Z');
    expect(await pull(refused.id, now)).toMatchObject({ result: { code: 'NETWORK', message: 'Could not reach IndiaMART (ECONNREFUSED).' } });
    expect(await settingsOf(refused.id)).toMatchObject({ last_pull_code: 'NETWORK', last_window_end: null });

    const { company: slow, key } = await companyWithLink();
    fake.queueAnswer(key, { delayMs: 500, body: { CODE: 204, MESSAGE: '' } });
    expect(await pullCompany(t.deps, slow.id, { now, timeoutMs: 100 })).toMatchObject({
      result: { code: 'TIMEOUT', message: 'IndiaMART did not answer within 100 ms.' },
    });

    const { company: plain } = await companyWithLink(newKey(), {}, 'http://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=k');
    expect(await pull(plain.id, now)).toMatchObject({ result: { code: 'BAD_LINK', inserted: 0 } });
    expect(await batchesOf(plain.id)).toMatchObject([{ status: 'failed' }]);
  });

  it('lets only one of two simultaneous pulls call IndiaMART', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    const now = new Date('2026-11-22T04:30:00Z');
    const outcomes = await Promise.all([pull(company.id, now), pull(company.id, now)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['pulled', 'throttled']);
    expect(fake.requestsFor(key)).toHaveLength(1);
  });

  it('pullNow pulls the company at once, then refuses within 5 minutes', async () => {
    const { company, key } = await companyWithLink();
    const lead = fakeLead(new Date(Date.now() - 60 * MIN));
    fake.setLeads(key, [lead]);
    const s = await session(company);
    const res = await mutate(t.app, 'indiamart.pullNow', undefined, s);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ code: '200', message: 'Leads received.', inserted: 1, duplicates: 0, repeats: 0, invalid: 0 });
    expect((await leadsOf(company.id)).map((l) => l.mobile)).toEqual([digits(lead.SENDER_MOBILE!)]);
    expect(await batchesOf(company.id)).toMatchObject([{ uploaded_by_kind: 'subadmin', uploaded_by_id: company.id }]);
    expect(JSON.parse((await batchesOf(company.id))[0]!.report!).trigger).toBe('manual');

    const again = await mutate(t.app, 'indiamart.pullNow', undefined, s);
    expect(again.status).toBe(429);
    expect(again.error?.message).toBe('IndiaMART allows one pull every 5 minutes. Try again in 5 minutes.');
    expect(fake.requestsFor(key)).toHaveLength(1);

    // 2 minutes later it says 3
    const earlier = new Date(Date.now() - 2 * MIN - 5000).toISOString();
    await db().updateTable('indiamart_settings').set({ last_pull_at: earlier }).where('subadmin_id', '=', company.id).execute();
    expect((await mutate(t.app, 'indiamart.pullNow', undefined, s)).error?.message).toBe('IndiaMART allows one pull every 5 minutes. Try again in 3 minutes.');
  });

  it('pullNow without a saved link asks for it first', async () => {
    const { company } = await companyWithLink(null);
    const res = await mutate(t.app, 'indiamart.pullNow', undefined, await session(company));
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Save your IndiaMART API link first.');
    expect(await batchesOf(company.id)).toEqual([]);
  });

  it("status shows the company its own pull state and last 5 pulls, never another company's", async () => {
    const { company, key } = await companyWithLink();
    const { company: other } = await companyWithLink(null);
    fake.setLeads(key, []);
    const base = new Date(Date.now() - 60 * MIN);
    for (let i = 0; i < 6; i++) await pull(company.id, new Date(base.getTime() + i * 6 * MIN));
    const last = new Date(base.getTime() + 5 * 6 * MIN).toISOString();

    const res = await query(t.app, 'indiamart.status', undefined, await session(company));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      configured: true,
      api_link_set: true,
      last_pull_at: last,
      last_pull_code: '204',
      last_window_end: last,
      next_pull_allowed_at: new Date(Date.parse(last) + 5 * MIN).toISOString(),
    });
    expect(JSON.stringify(res.data)).not.toContain(key);
    expect(typeof res.data.server_time).toBe('string');
    expect(res.data.recent).toHaveLength(5);
    expect(res.data.recent[0]).toMatchObject({ at: last, code: '204', inserted: 0, duplicates: 0, invalid: 0, trigger: 'schedule' });

    const theirs = await query(t.app, 'indiamart.status', undefined, await session(other));
    expect(theirs.data).toMatchObject({ configured: false, api_link_set: false, last_pull_at: null, next_pull_allowed_at: null, recent: [] });
  });

  it('a new API link starts a fresh window and rate limit; saving the same link keeps them', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    const now = new Date();
    await pull(company.id, now);
    const s = await session(company);
    const link = 'https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=new';
    await db().updateTable('indiamart_settings').set({ api_link: link }).where('subadmin_id', '=', company.id).execute();
    expect((await mutate(t.app, 'settings.saveIndiamart', { api_link: link, mobile_number: '9876543210' }, s)).status).toBe(200);
    expect(await settingsOf(company.id)).toMatchObject({ last_pull_at: now.toISOString(), last_window_end: now.toISOString() });
    expect((await mutate(t.app, 'settings.saveIndiamart', { api_link: `${link}2`, mobile_number: '9876543210' }, s)).status).toBe(200);
    expect(await settingsOf(company.id)).toMatchObject({ last_pull_at: null, last_pull_code: null, last_window_end: null });
  });

  it('a scheduler pass pulls every due company; a bad key or dead server does not stop the others', async () => {
    const now = new Date(Date.now() + 365 * 24 * 60 * MIN);
    const badKey = await companyWithLink('bad-key-for-tick');
    const closedPort = await freePort();
    const dead = await companyWithLink(newKey(), {}, `http://127.0.0.1:${closedPort}/wservce/crm/crmListing/v2/?glusr_crm_key=dead`);
    const good = await companyWithLink();
    fake.setLeads(good.key, [fakeLead(new Date(now.getTime() - 30 * MIN))]);
    const blocked = await companyWithLink(newKey(), { is_blocked: 1 });
    const expired = await companyWithLink(newKey(), { expiry_date: addDays(todayIn('Asia/Kolkata'), -1) });
    const recent = await companyWithLink();
    for (const c of [blocked, expired, recent]) fake.setLeads(c.key, []);
    await db()
      .updateTable('indiamart_settings')
      .set({ last_pull_at: new Date(now.getTime() - 2 * MIN).toISOString() })
      .where('subadmin_id', '=', recent.company.id)
      .execute();

    const report = await runIndiamartTick(t.deps, { now: () => now, concurrency: 1 });
    const byId = new Map(report.results.map((r) => [r.subadminId, r]));
    expect(byId.get(badKey.company.id)?.outcome).toMatchObject({ kind: 'pulled', result: { code: '401' } });
    expect(byId.get(dead.company.id)?.outcome).toMatchObject({ kind: 'pulled', result: { code: 'NETWORK' } });
    expect(byId.get(good.company.id)?.outcome).toMatchObject({ kind: 'pulled', result: { code: '200', inserted: 1 } });
    for (const c of [blocked, expired, recent]) expect(byId.has(c.company.id)).toBe(false);
    expect(fake.requestsFor(blocked.key)).toEqual([]);
    expect(fake.requestsFor(expired.key)).toEqual([]);
    expect(fake.requestsFor(recent.key)).toEqual([]);
    expect(await leadsOf(good.company.id)).toHaveLength(1);
    expect((await settingsOf(badKey.company.id)).last_pull_code).toBe('401');
    expect((await settingsOf(dead.company.id)).last_pull_code).toBe('NETWORK');

    // a pass right after finds none of them due
    const again = await runIndiamartTick(t.deps, { now: () => new Date(now.getTime() + MIN) });
    expect(again.results.map((r) => r.subadminId).filter((id) => [badKey, dead, good].some((c) => c.company.id === id))).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('skips a company whose pull another instance holds (its advisory lock), and pulls it once that ends', async () => {
    const now = new Date(Date.now() + 3 * 365 * 24 * 60 * MIN);
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    // Another instance of the app, pulling this company now.
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::int4, $2::int4)', [0x54434201, company.id]);
      const skipped = await runIndiamartTick(t.deps, { now: () => now });
      expect(skipped.results.find((r) => r.subadminId === company.id)).toEqual({ subadminId: company.id, skipped: 'another instance is pulling it' });
      expect(fake.requestsFor(key)).toEqual([]);
      await other.query('select pg_advisory_unlock($1::int4, $2::int4)', [0x54434201, company.id]);
      const pulled = await runIndiamartTick(t.deps, { now: () => now });
      expect(pulled.results.find((r) => r.subadminId === company.id)?.outcome).toMatchObject({ kind: 'pulled', result: { code: '204' } });
      expect(fake.requestsFor(key)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it('the started scheduler runs passes on its timer and stops cleanly', async () => {
    const { company, key } = await companyWithLink();
    fake.setLeads(key, []);
    const scheduler = startIndiamartScheduler(t.deps, { firstTickMs: 10, intervalMs: 60_000, now: () => new Date(Date.now() + 2 * 365 * 24 * 60 * MIN) });
    for (let i = 0; i < 100 && fake.requestsFor(key).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(fake.requestsFor(key)).toHaveLength(1);
    expect((await settingsOf(company.id)).last_pull_code).toBe('204');
    expect(await scheduler.tick()).toBeNull();
  });

  it('refuses the procedures to other roles (403) and to the signed-out (401)', async () => {
    const admin = await insertAdmin(db());
    const { company } = await companyWithLink();
    const user = await insertUser(db(), company.id);
    const others = [
      await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }),
      await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD }),
    ];
    for (const [p, call] of [
      ['indiamart.status', query],
      ['indiamart.pullNow', mutate],
    ] as const) {
      expect((await call(t.app, p, undefined, null)).status, p).toBe(401);
      for (const s of others) expect((await call(t.app, p, undefined, s)).status, p).toBe(403);
    }
    expect(await batchesOf(company.id)).toEqual([]);
  });
});
