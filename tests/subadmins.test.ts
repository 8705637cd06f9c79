import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testAppFor, type TestApp } from './helpers/app.js';
import { signedInAdminFor } from './helpers/company.js';
import { insertAdmin, insertCompany, insertUser, leadValues, PASSWORD, uniqueMobile } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { nowIso } from '../server/db/dialect.js';
import { startOfDayUtc } from '../shared/dates.js';

const today = () => todayIn('Asia/Kolkata');
let seq = 0;

function validInput(over: Record<string, unknown> = {}) {
  const n = `${process.pid}x${++seq}`;
  return {
    name: `Meera Iyer ${n}`,
    email: `Owner.${n}@Example.COM`,
    password: 'Str0ngPass!',
    telecaller_creat_limit: 12,
    company_name: `Lotus Calls ${n}`,
    mobile: `+91 ${uniqueMobile()}`,
    expiry_date: addDays(today(), 90),
    gst: '29abcde1234f1z5',
    company_bio: 'Inbound and outbound calling for clinics.',
    address: 'MG Road, Bengaluru',
    ...over,
  };
}

const REQUIRED_MESSAGES: Record<string, string> = {
  name: 'Name is required.',
  email: 'Email is required.',
  password: 'Password is required.',
  telecaller_creat_limit: 'Telecaller limit is required.',
  company_name: 'Company name is required.',
  mobile: 'Mobile is required.',
  expiry_date: 'Expiry date is required.',
  gst: 'GST number is required.',
  company_bio: 'Company bio is required.',
  address: 'Address is required.',
};

const LEGACY_FIELDS = [
  'id',
  'name',
  'email',
  'company_name',
  'mobile',
  'expiry_date',
  'gst',
  'company_bio',
  'address',
  'telecaller_creat_limit',
  'is_blocked',
].sort();

/** No answer may carry a password or its hash. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body ?? null);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toMatch(/\$argon2/);
}

describe.each(dialects)('sub-admin management on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let otherSubadmin: Session;
  let otherUser: Session;

  const countSubadmins = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('subadmins')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await insertAdmin(t.deps.db);
    admin = await signIn(t.app, { kind: 'admin', email: a.email, password: PASSWORD });
    const c = await insertCompany(t.deps.db);
    const u = await insertUser(t.deps.db, c.id, 'Telicaller');
    otherSubadmin = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    otherUser = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  });
  afterAll(() => t?.close());

  it('creates a sub-admin with all ten fields, normalised, hashed and audited', async () => {
    const input = validInput();
    const res = await mutate(t.app, 'subadmins.create', input, admin);
    expect(res.status).toBe(200);
    expectNoSecrets(res.data);
    expect(res.data).toMatchObject({
      name: input.name,
      email: input.email.toLowerCase(),
      company_name: input.company_name,
      mobile: input.mobile.replace('+91 ', ''),
      expiry_date: input.expiry_date,
      gst: '29ABCDE1234F1Z5',
      company_bio: input.company_bio,
      address: input.address,
      telecaller_creat_limit: 12,
      is_blocked: false,
      status: 'active',
      users_count: 0,
      telecallers_count: 0,
    });
    const row = await t.deps.db.selectFrom('subadmins').selectAll().where('id', '=', res.data.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.time_zone).toBe('Asia/Kolkata');
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'subadmin').where('entity_id', '=', row.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);

    // The new company can sign in with the password it was given.
    const s = await signIn(t.app, { kind: 'subadmin', email: input.email.toLowerCase(), password: input.password });
    expect((await query(t.app, 'auth.me', undefined, s)).data).toMatchObject({ kind: 'subadmin', subadminId: row.id });
  });

  it('refuses each missing field with its own message and writes nothing', async () => {
    const before = await countSubadmins();
    for (const [field, message] of Object.entries(REQUIRED_MESSAGES)) {
      const input: Record<string, unknown> = validInput();
      delete input[field];
      const res = await mutate(t.app, 'subadmins.create', input, admin);
      expect(res.status, field).toBe(400);
      expect(res.error?.message, field).toBe(message);
      expect(res.error?.data.fieldErrors?.[field], field).toBe(message);

      const blank = await legacy(t.app, 'POST', '/createsubadmins', admin, validInput({ [field]: '' }));
      expect(blank.status, field).toBe(400);
      expect(blank.body, field).toEqual({ success: false, status: false, message });
    }
    expect(await countSubadmins()).toBe(before);
  });

  it('refuses bad values with clear messages', async () => {
    const before = await countSubadmins();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Enter a valid email address.'],
      [{ password: 'short' }, 'Password must be at least 8 characters.'],
      [{ mobile: '12345' }, 'Enter a valid 10-digit Indian mobile number.'],
      [{ expiry_date: addDays(today(), -1) }, 'Expiry date cannot be in the past.'],
      [{ expiry_date: '31/12/2030' }, 'Enter the expiry date as YYYY-MM-DD.'],
      [{ telecaller_creat_limit: 0 }, 'Telecaller limit must be a whole number from 1 to 10000.'],
      [{ telecaller_creat_limit: 2.5 }, 'Telecaller limit must be a whole number from 1 to 10000.'],
      [{ telecaller_creat_limit: 10001 }, 'Telecaller limit must be a whole number from 1 to 10000.'],
      [{ gst: '29ABCDE' }, 'Enter a valid 15-character GST number (letters and digits).'],
      [{ name: '   ' }, 'Name is required.'],
    ];
    for (const [over, message] of cases) {
      const res = await mutate(t.app, 'subadmins.create', validInput(over), admin);
      expect(res.status, message).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    // Forms send the limit as text; that is accepted.
    const ok = await mutate(t.app, 'subadmins.create', validInput({ telecaller_creat_limit: '7' }), admin);
    expect(ok.data.telecaller_creat_limit).toBe(7);
    expect(await countSubadmins()).toBe(before + 1);
  });

  it('refuses a duplicate email among live sub-admins, in any letter case', async () => {
    const input = validInput();
    expect((await mutate(t.app, 'subadmins.create', input, admin)).status).toBe(200);
    const before = await countSubadmins();
    const again = await mutate(t.app, 'subadmins.create', validInput({ email: input.email.toUpperCase() }), admin);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('A subadmin with this email already exists.');
    const viaLegacy = await legacy(t.app, 'POST', '/createsubadmins', admin, validInput({ email: input.email }));
    expect(viaLegacy.status).toBe(409);
    expect(viaLegacy.body).toEqual({ success: false, status: false, message: 'A subadmin with this email already exists.' });
    expect(await countSubadmins()).toBe(before);

    // Two admins creating the same email at the same moment: one wins, the other hears why.
    const racing = validInput();
    const results = await Promise.all([1, 2, 3].map(() => mutate(t.app, 'subadmins.create', racing, admin)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)?.error?.message).toBe('A subadmin with this email already exists.');
    expect(await countSubadmins()).toBe(before + 1);
  });

  it('lists live sub-admins page by page, newest first, with search and status filters', async () => {
    const marker = `pg${process.pid}q${++seq}`;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await mutate(t.app, 'subadmins.create', validInput({ name: `${marker} owner ${i}` }), admin);
      ids.push(r.data.id);
    }
    const page1 = await query(t.app, 'subadmins.list', { page: 1, pageSize: 2, search: marker.toUpperCase() }, admin);
    expect(page1.status).toBe(200);
    expectNoSecrets(page1.data);
    expect(page1.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.data.items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    const page3 = await query(t.app, 'subadmins.list', { page: 3, pageSize: 2, search: marker }, admin);
    expect(page3.data.items.map((i) => i.id)).toEqual([ids[0]]);

    const one = (await query(t.app, 'subadmins.list', { page: 1, pageSize: 20, search: marker }, admin)).data.items[2]!;
    for (const search of [one.email.toUpperCase(), one.company_name, one.mobile.slice(2, 8), `+91 ${one.mobile}`]) {
      const found = await query(t.app, 'subadmins.list', { page: 1, pageSize: 20, search }, admin);
      expect(
        found.data.items.map((i) => i.id),
        search,
      ).toContain(one.id);
    }
    // Wildcards in a search are literal.
    expect((await query(t.app, 'subadmins.list', { page: 1, pageSize: 20, search: `${marker}%` }, admin)).data.total).toBe(0);

    const company = await insertCompany(t.deps.db, { name: `${marker} users` });
    await insertUser(t.deps.db, company.id, 'Telicaller');
    await insertUser(t.deps.db, company.id, 'Telicaller-hade');
    await insertUser(t.deps.db, company.id, 'Developer');
    const gone = await insertUser(t.deps.db, company.id, 'Telicaller');
    await t.deps.db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', gone.id).execute();
    const withUsers = await query(t.app, 'subadmins.list', { page: 1, pageSize: 20, search: `${marker} users` }, admin);
    expect(withUsers.data.items).toHaveLength(1);
    expect(withUsers.data.items[0]).toMatchObject({ users_count: 3, telecallers_count: 2 });

    const blocked = await insertCompany(t.deps.db, { name: `${marker} blocked`, is_blocked: 1 });
    const expired = await insertCompany(t.deps.db, { name: `${marker} expired`, expiry_date: addDays(today(), -3) });
    const byStatus = async (status: string) =>
      (await query(t.app, 'subadmins.list', { page: 1, pageSize: 50, search: marker, status }, admin)).data.items.map((i) => i.id);
    expect(await byStatus('blocked')).toEqual([blocked.id]);
    expect(await byStatus('expired')).toEqual([expired.id]);
    expect(await byStatus('active')).toHaveLength(6);
    expect(await byStatus('all')).toHaveLength(8);
    const expiredItem = (await query(t.app, 'subadmins.list', { page: 1, pageSize: 5, search: `${marker} expired` }, admin)).data.items[0];
    expect(expiredItem).toMatchObject({ status: 'expired', is_blocked: false });
  });

  it('blocking locks the company and its users out at once; unblocking lets them sign in again', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id, 'Telicaller-hade');
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const u = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, u)).data?.kind).toBe('user');

    const res = await mutate(t.app, 'subadmins.setBlocked', { id: company.id, blocked: true }, admin);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: company.id, is_blocked: true, status: 'blocked' });
    for (const session of [s, u]) {
      expect((await mutate(t.app, 'auth.signOut', undefined, session)).status).toBe(401);
      expect((await legacy(t.app, 'POST', '/logout', session)).status).toBe(401);
    }
    const refused = await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/blocked/);

    const unblocked = await mutate(t.app, 'subadmins.setBlocked', { id: company.id, blocked: false }, admin);
    expect(unblocked.data).toMatchObject({ is_blocked: false, status: 'active' });
    // The sessions that were open when it was blocked stay ended.
    expect((await mutate(t.app, 'auth.signOut', undefined, s)).status).toBe(401);
    const s2 = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const u2 = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, s2)).data?.kind).toBe('subadmin');
    expect((await query(t.app, 'auth.me', undefined, u2)).data?.kind).toBe('user');

    const actions = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'subadmin')
      .where('entity_id', '=', company.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['block', 'unblock']);
  });

  it("the legacy block, unblock and delete calls answer in the original client's shape and do the same", async () => {
    const company = await insertCompany(t.deps.db);
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });

    const block = await legacy(t.app, 'PATCH', `/subadmins/block/${company.id}`, admin);
    expect(block.status).toBe(200);
    expect(block.body).toEqual({ status: true, success: true, message: 'Subadmin blocked successfully.' });
    expect((await legacy(t.app, 'POST', '/logout', s)).status).toBe(401);
    let fetched = (await legacy(t.app, 'GET', '/FetchData', admin)).body;
    expect(fetched.data.find((d: { id: number }) => d.id === company.id).is_blocked).toBe(true);

    const unblock = await legacy(t.app, 'PATCH', `/subadmins/unblock/${company.id}`, admin);
    expect(unblock.body).toEqual({ status: true, success: true, message: 'Subadmin unblocked successfully.' });
    fetched = (await legacy(t.app, 'GET', '/FetchData', admin)).body;
    expect(fetched.data.find((d: { id: number }) => d.id === company.id).is_blocked).toBe(false);

    const del = await legacy(t.app, 'DELETE', `/subadmins/${company.id}`, admin);
    expect(del.body).toEqual({ status: true, success: true, message: 'Subadmin deleted successfully.' });
    fetched = (await legacy(t.app, 'GET', '/FetchData', admin)).body;
    expect(fetched.data.some((d: { id: number }) => d.id === company.id)).toBe(false);

    for (const url of [`/subadmins/block/${company.id}`, '/subadmins/unblock/999999', '/subadmins/block/abc']) {
      const res = await legacy(t.app, 'PATCH', url, admin);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ status: false, success: false, message: 'Subadmin not found.' });
    }
    expect((await legacy(t.app, 'DELETE', `/subadmins/${company.id}`, admin)).status).toBe(404);
  });

  it('deleting removes the company from the list, locks it out and frees its email', async () => {
    const input = validInput();
    const created = (await mutate(t.app, 'subadmins.create', input, admin)).data;
    const user = await insertUser(t.deps.db, created.id, 'Developer');
    const s = await signIn(t.app, { kind: 'subadmin', email: created.email, password: input.password });
    const u = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });

    const res = await mutate(t.app, 'subadmins.remove', { id: created.id }, admin);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: created.id });
    const list = await query(t.app, 'subadmins.list', { page: 1, pageSize: 20, search: created.email }, admin);
    expect(list.data.total).toBe(0);
    for (const session of [s, u]) expect((await mutate(t.app, 'auth.signOut', undefined, session)).status).toBe(401);
    const refused = await legacy(t.app, 'POST', '/subadmin/login', null, { email: created.email, password: input.password });
    expect(refused.status).toBe(401);

    const row = await t.deps.db.selectFrom('subadmins').select('deleted_at').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const again = await mutate(t.app, 'subadmins.remove', { id: created.id }, admin);
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe('Subadmin not found.');

    const reused = await mutate(t.app, 'subadmins.create', validInput({ email: created.email }), admin);
    expect(reused.status).toBe(200);
    expect(reused.data.id).not.toBe(created.id);
  });

  it('updates expiry date and telecaller limit, even below the current telecallers', async () => {
    const company = await insertCompany(t.deps.db, { telecaller_creat_limit: 5, expiry_date: addDays(today(), -2) });
    await insertUser(t.deps.db, company.id, 'Telicaller');
    await insertUser(t.deps.db, company.id, 'Telicaller');
    const newDate = addDays(today(), 200);

    const res = await mutate(t.app, 'subadmins.updateTerms', { id: company.id, expiry_date: newDate, telecaller_creat_limit: 1 }, admin);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: company.id, expiry_date: newDate, telecaller_creat_limit: 1, telecallers_count: 2, status: 'active' });
    const row = await t.deps.db.selectFrom('subadmins').selectAll().where('id', '=', company.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expiry_date: newDate, telecaller_creat_limit: 1 });

    const past = await mutate(t.app, 'subadmins.updateTerms', { id: company.id, expiry_date: addDays(today(), -1), telecaller_creat_limit: 3 }, admin);
    expect(past.status).toBe(400);
    expect(past.error?.message).toBe('Expiry date cannot be in the past.');
    const zero = await mutate(t.app, 'subadmins.updateTerms', { id: company.id, expiry_date: newDate, telecaller_creat_limit: 0 }, admin);
    expect(zero.error?.message).toBe('Telecaller limit must be a whole number from 1 to 10000.');
    const missing = await mutate(t.app, 'subadmins.updateTerms', { id: 999999, expiry_date: newDate, telecaller_creat_limit: 3 }, admin);
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Subadmin not found.');
    expect(await t.deps.db.selectFrom('subadmins').selectAll().where('id', '=', company.id).executeTakeFirstOrThrow()).toMatchObject({
      expiry_date: newDate,
      telecaller_creat_limit: 1,
    });
  });

  it('answers NOT_FOUND for unknown ids and changes nothing', async () => {
    for (const [proc, input] of [
      ['subadmins.setBlocked', { id: 987654, blocked: true }],
      ['subadmins.remove', { id: 987654 }],
    ] as const) {
      const res = await mutate(t.app, proc, input, admin);
      expect(res.status, proc).toBe(404);
      expect(res.error?.message).toBe('Subadmin not found.');
    }
  });

  it('refuses sub-admins and users (403) and the signed out (401), on every procedure and legacy call', async () => {
    const target = await insertCompany(t.deps.db);
    const before = await countSubadmins();
    const calls: ['query' | 'mutation', string, unknown][] = [
      ['query', 'subadmins.list', { page: 1, pageSize: 10 }],
      ['query', 'subadmins.dashboard', undefined],
      ['mutation', 'subadmins.create', validInput()],
      ['mutation', 'subadmins.setBlocked', { id: target.id, blocked: true }],
      ['mutation', 'subadmins.remove', { id: target.id }],
      ['mutation', 'subadmins.updateTerms', { id: target.id, expiry_date: addDays(today(), 5), telecaller_creat_limit: 1 }],
    ];
    for (const [kind, proc, input] of calls) {
      const call = (s: Session | null) => (kind === 'query' ? query(t.app, proc, input, s) : mutate(t.app, proc, input, s));
      expect((await call(null)).status, proc).toBe(401);
      expect((await call(otherSubadmin)).status, proc).toBe(403);
      expect((await call(otherUser)).status, proc).toBe(403);
    }
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/FetchData'],
      ['POST', '/createsubadmins', validInput()],
      ['PATCH', `/subadmins/block/${target.id}`],
      ['PATCH', `/subadmins/unblock/${target.id}`],
      ['DELETE', `/subadmins/${target.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const none = await legacy(t.app, method, url, null, payload);
      expect(none.status, url).toBe(401);
      expect(none.body).toMatchObject({ status: false, success: false });
      for (const s of [otherSubadmin, otherUser]) {
        const res = await legacy(t.app, method, url, s, payload);
        expect(res.status, url).toBe(403);
        expect(res.body).toEqual({ status: false, success: false, message: 'You do not have access to this.' });
      }
    }
    expect(await countSubadmins()).toBe(before);
    const row = await t.deps.db.selectFrom('subadmins').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_blocked: 0, deleted_at: null, telecaller_creat_limit: 10 });
  });

  it("legacy create and FetchData answer with the original client's fields and never a password", async () => {
    const input = validInput();
    const res = await legacy(t.app, 'POST', '/createsubadmins', admin, input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, status: true, message: 'Subadmin created successfully!' });
    expect(Object.keys(res.body.data).sort()).toEqual(LEGACY_FIELDS);
    expect(res.body.data).toMatchObject({ email: input.email.toLowerCase(), is_blocked: false, telecaller_creat_limit: 12 });
    expectNoSecrets(res.body);

    const later = await legacy(t.app, 'POST', '/createsubadmins', admin, validInput());
    const list = await legacy(t.app, 'GET', '/FetchData', admin);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(true);
    expectNoSecrets(list.body);
    for (const item of list.body.data) expect(Object.keys(item).sort()).toEqual(LEGACY_FIELDS);
    const ids = list.body.data.map((d: { id: number }) => d.id);
    expect(ids.indexOf(later.body.data.id)).toBeLessThan(ids.indexOf(res.body.data.id));

    const all = await query(t.app, 'subadmins.list', { page: 1, pageSize: 100 }, admin);
    expectNoSecrets(all.data);
    expectNoSecrets((await query(t.app, 'subadmins.dashboard', undefined, admin)).data);
  });
});

describe.each(dialects)('admin dashboard figures on %s', (dialect) => {
  const t = testAppFor(dialect);
  const admin = signedInAdminFor(t);

  it("counts companies, users, this month's leads and pending complaints from the data", async () => {
    const db = t.deps.db;
    const active = await insertCompany(db, { name: 'Active One' });
    const soon = await insertCompany(db, { name: 'Expiring Soon', expiry_date: addDays(today(), 10) });
    const lastDay = await insertCompany(db, { name: 'Expiring Today', expiry_date: today() });
    await insertCompany(db, { name: 'Blocked One', is_blocked: 1, expiry_date: addDays(today(), 5) });
    await insertCompany(db, { name: 'Expired One', expiry_date: addDays(today(), -1) });
    const deleted = await insertCompany(db, { name: 'Deleted One', expiry_date: addDays(today(), 3) });
    await db.updateTable('subadmins').set({ deleted_at: nowIso() }).where('id', '=', deleted.id).execute();

    await insertUser(db, active.id, 'Telicaller');
    await insertUser(db, active.id, 'Telicaller');
    await insertUser(db, soon.id, 'Telicaller');
    await insertUser(db, active.id, 'Telicaller-hade');
    await insertUser(db, soon.id, 'Developer');
    const removed = await insertUser(db, active.id, 'Telicaller');
    await db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', removed.id).execute();
    await insertUser(db, deleted.id, 'Telicaller');

    const monthStart = startOfDayUtc(`${today().slice(0, 7)}-01`, 'Asia/Kolkata');
    const lead = (subadminId: number, created_at: string, visible = 1) =>
      leadValues(subadminId, { created_at, updated_at: created_at, visible, upload_date: created_at.slice(0, 10) });
    await db
      .insertInto('leads')
      .values([
        lead(active.id, nowIso()),
        lead(soon.id, monthStart),
        lead(active.id, new Date(Date.parse(monthStart) - 1000).toISOString()),
        lead(active.id, nowIso(), 0),
        lead(deleted.id, nowIso()),
      ])
      .execute();

    const complaint = (subadmin_id: number, from_kind: 'subadmin' | 'user', status: number) => ({
      subadmin_id,
      from_kind,
      status,
      title: 'Issue',
      body: 'Details',
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await db
      .insertInto('complaints')
      .values([complaint(active.id, 'subadmin', 0), complaint(soon.id, 'subadmin', 0), complaint(active.id, 'subadmin', 1), complaint(active.id, 'user', 0)])
      .execute();

    const res = await query(t.app, 'subadmins.dashboard', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      companies: { active: 3, blocked: 1, expired: 1, expiringSoon: 2 },
      expiringSoon: [
        { id: lastDay.id, name: 'Expiring Today', company_name: expect.any(String), expiry_date: today() },
        { id: soon.id, name: 'Expiring Soon', company_name: expect.any(String), expiry_date: addDays(today(), 10) },
      ],
      users: { telecallers: 3, heads: 1, developers: 1 },
      leadsThisMonth: 2,
      pendingComplaints: 2,
      today: today(),
    });
  });

  it('lists at most five companies expiring soon, soonest first', async () => {
    for (let i = 1; i <= 7; i++) await insertCompany(t.deps.db, { name: `Soon ${i}`, expiry_date: addDays(today(), 30 - i) });
    await insertCompany(t.deps.db, { name: 'Later', expiry_date: addDays(today(), 31) });
    const res = await query(t.app, 'subadmins.dashboard', undefined, admin);
    expect(res.data.companies.expiringSoon).toBe(9);
    expect(res.data.expiringSoon).toHaveLength(5);
    const dates = res.data.expiringSoon.map((e) => e.expiry_date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(today());
  });
});

describe('month boundaries in India', () => {
  it('turns an Indian midnight into the UTC instant', () => {
    expect(startOfDayUtc('2025-03-01', 'Asia/Kolkata')).toBe('2025-02-28T18:30:00.000Z');
    expect(startOfDayUtc('2025-01-01', 'UTC')).toBe('2025-01-01T00:00:00.000Z');
  });
});
