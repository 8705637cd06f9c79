import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';

const editable = { name: 'New Owner', company_name: 'New Company Pvt Ltd', gst: '27AAPCS9999F1Z5', company_bio: 'We call people.', address: 'Pune' };
const IMLINK = 'https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=abc123';

describe.each(dialects)('sub-admin profile and IndiaMART settings on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const subadminSession = async (over: Parameters<typeof insertCompany>[1] = {}) => {
    const { session, ...company } = await signedInSubadmin(t, over);
    return { company, session };
  };
  const isSignedIn = async (s: Session) => (await query(t.app, 'auth.me', undefined, s)).data != null;
  const companyRow = (id: number) => db().selectFrom('subadmins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('reads its own profile without the password hash', async () => {
    const { company, session } = await subadminSession({ telecaller_creat_limit: 7 });
    const res = await query(t.app, 'profile.get', undefined, session);
    expect(res.status).toBe(200);
    const row = await companyRow(company.id);
    expect(res.data).toEqual({
      id: company.id,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      company_name: row.company_name,
      gst: row.gst,
      company_bio: row.company_bio,
      address: row.address,
      expiry_date: row.expiry_date,
      telecaller_creat_limit: 7,
      time_zone: 'Asia/Kolkata',
    });
    const rest = await legacy(t.app, 'GET', '/SubadminFetch', session);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ status: true, data: res.data });
    expect(JSON.stringify(rest.body)).not.toMatch(/password|argon/);
  });

  it('updates the editable fields and leaves email, mobile, expiry date and limit alone', async () => {
    const { company, session } = await subadminSession();
    const before = await companyRow(company.id);
    const res = await mutate(
      t.app,
      'profile.update',
      { ...editable, time_zone: 'Asia/Dubai', email: 'changed@test.local', mobile: '9000000000', expiry_date: '2099-12-31', telecaller_creat_limit: 999 },
      session,
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ ...editable, time_zone: 'Asia/Dubai', email: before.email, mobile: before.mobile });
    const after = await companyRow(company.id);
    expect(after).toMatchObject({
      ...editable,
      time_zone: 'Asia/Dubai',
      email: before.email,
      mobile: before.mobile,
      expiry_date: before.expiry_date,
      telecaller_creat_limit: before.telecaller_creat_limit,
      password_hash: before.password_hash,
      is_blocked: 0,
    });
    expect(await isSignedIn(session)).toBe(true);
  });

  it('validates each editable field and writes nothing on bad input', async () => {
    const { company, session } = await subadminSession();
    const before = await companyRow(company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'Name is required.'],
      [{ company_name: '' }, 'Company name is required.'],
      [{ gst: '' }, 'GST is required.'],
      [{ company_bio: '' }, 'Company bio is required.'],
      [{ address: undefined }, 'Address is required.'],
      [{ time_zone: 'Mars/Olympus' }, 'Choose a valid time zone.'],
      [{ password: 'short' }, 'Password must be at least 8 characters.'],
    ];
    for (const [over, message] of cases) {
      const res = await mutate(t.app, 'profile.update', { ...editable, ...over }, session);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    expect(await companyRow(company.id)).toEqual(before);
  });

  it("a new password ends the sub-admin's other sessions but keeps this one", async () => {
    const { company, session } = await subadminSession();
    const other = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const user = await insertUser(db(), company.id);
    const userSession = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });

    const empty = await mutate(t.app, 'profile.update', { ...editable, password: '' }, session);
    expect(empty.status).toBe(200);
    expect(await isSignedIn(other)).toBe(true);

    const res = await mutate(t.app, 'profile.update', { ...editable, password: 'a-new-password' }, session);
    expect(res.status).toBe(200);
    expect(await isSignedIn(session)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(userSession)).toBe(true);
    expect((await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: PASSWORD })).status).toBe(401);
    expect((await legacy(t.app, 'POST', '/subadmin/login', null, { email: company.email, password: 'a-new-password' })).status).toBe(200);
  });

  it("PUT /updateUser with company fields updates the caller's own profile", async () => {
    const { company, session } = await subadminSession();
    const before = await companyRow(company.id);
    const res = await legacy(t.app, 'PUT', '/updateUser', session, {
      id: company.id,
      ...editable,
      email: 'other@test.local',
      telecaller_creat_limit: 500,
      password: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Subadmin updated successfully!' });
    expect(await companyRow(company.id)).toMatchObject({ ...editable, email: before.email, telecaller_creat_limit: before.telecaller_creat_limit });

    const bad = await legacy(t.app, 'PUT', '/updateUser', session, { ...editable, company_name: '' });
    expect(bad).toEqual({ status: 400, body: { status: false, success: false, message: 'Company name is required.' } });
  });

  it('saves and reads the IndiaMART settings, per company', async () => {
    const { session } = await subadminSession();
    const { session: otherSession } = await subadminSession();

    const empty = await query(t.app, 'settings.getIndiamart', undefined, session);
    expect(empty.data).toEqual({
      configured: false,
      api_link: '',
      mobile_number: '',
      updated_at: null,
      last_pull_at: null,
      last_pull_code: null,
      last_pull_message: null,
    });
    expect((await legacy(t.app, 'GET', '/indiamart', session)).body).toMatchObject({ api_link: '', mobile_number: '' });

    const saved = await mutate(t.app, 'settings.saveIndiamart', { api_link: IMLINK, mobile_number: '+91 98765 43210' }, session);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ configured: true, api_link: IMLINK, mobile_number: '9876543210', last_pull_at: null });

    const legacySave = await legacy(t.app, 'POST', '/indiamartt', session, { api_link: `${IMLINK}x`, mobile_number: 9876543211 });
    expect(legacySave).toEqual({ status: 200, body: { status: true, success: true, message: 'API details saved successfully.' } });
    expect((await legacy(t.app, 'GET', '/indiamart', session)).body).toMatchObject({ api_link: `${IMLINK}x`, mobile_number: '9876543211' });
    expect((await query(t.app, 'settings.getIndiamart', undefined, otherSession)).data.configured).toBe(false);

    const rows = await db().selectFrom('indiamart_settings').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad IndiaMART input with the message and keeps what was saved', async () => {
    const { company, session } = await subadminSession();
    await mutate(t.app, 'settings.saveIndiamart', { api_link: IMLINK, mobile_number: '9876543210' }, session);
    const cases: [Record<string, unknown>, string][] = [
      [{ api_link: '' }, 'API link is required.'],
      [{ api_link: 'http://mapi.indiamart.com/x' }, 'Enter a valid https:// link.'],
      [{ api_link: 'not a link' }, 'Enter a valid https:// link.'],
      [{ api_link: 'https://intranet.example.com/admin' }, 'Enter the API link IndiaMART gave you (an indiamart.com address).'],
      [{ api_link: 'https://indiamart.com.evil.example/x' }, 'Enter the API link IndiaMART gave you (an indiamart.com address).'],
      [{ mobile_number: '' }, 'Mobile number is required.'],
      [{ mobile_number: '12345' }, 'Enter a valid 10-digit mobile number.'],
    ];
    for (const [over, message] of cases) {
      const input = { api_link: `${IMLINK}new`, mobile_number: '9123456789', ...over };
      const res = await mutate(t.app, 'settings.saveIndiamart', input, session);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(message);
      const rest = await legacy(t.app, 'POST', '/indiamartt', session, input);
      expect(rest).toEqual({ status: 400, body: { status: false, success: false, message } });
    }
    const row = await db().selectFrom('indiamart_settings').selectAll().where('subadmin_id', '=', company.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ api_link: IMLINK, mobile_number: '9876543210' });
  });

  it('refuses profile and settings to the signed-out (401) and to other roles (403)', async () => {
    const admin = await insertAdmin(db());
    const company = await insertCompany(db());
    const user = await insertUser(db(), company.id);
    const others = [
      await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }),
      await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD }),
    ];
    const settingsBefore = await db().selectFrom('indiamart_settings').selectAll().execute();
    const procs: [string, 'query' | 'mutation', unknown][] = [
      ['profile.get', 'query', undefined],
      ['profile.update', 'mutation', editable],
      ['settings.getIndiamart', 'query', undefined],
      ['settings.saveIndiamart', 'mutation', { api_link: IMLINK, mobile_number: '9876543210' }],
    ];
    for (const [p, kind, input] of procs) {
      const call = kind === 'query' ? query : mutate;
      expect((await call(t.app, p, input, null)).status, p).toBe(401);
      for (const s of others) expect((await call(t.app, p, input, s)).status, p).toBe(403);
    }
    const routes: ['GET' | 'POST' | 'PUT', string, unknown][] = [
      ['GET', '/SubadminFetch', undefined],
      ['PUT', '/updateUser', editable],
      ['GET', '/indiamart', undefined],
      ['POST', '/indiamartt', { api_link: IMLINK, mobile_number: '9876543210' }],
    ];
    for (const [method, url, body] of routes) {
      const anon = await legacy(t.app, method, url, null, body);
      expect(anon.status, url).toBe(401);
      expect(anon.body).toMatchObject({ status: false, success: false });
      for (const s of others) expect((await legacy(t.app, method, url, s, body)).status, url).toBe(403);
    }
    expect(await db().selectFrom('indiamart_settings').selectAll().execute()).toEqual(settingsBefore);
  });
});
