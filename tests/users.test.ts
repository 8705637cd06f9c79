import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { insertAdmin, insertCompany, insertLead, insertUser, PASSWORD, uniqueMobile, type LeadFixture } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

let emailSeq = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Nair',
  email: `asha${process.pid}x${++emailSeq}@test.local`,
  mobile: uniqueMobile(),
  password: 'longpassword',
  user_type: 'Telicaller',
  ...over,
});

describe.each(dialects)('sub-admin user management on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const subadminSession = async (over: Parameters<typeof insertCompany>[1] = {}) => {
    const { session, ...company } = await signedInSubadmin(t, over);
    return { company, session };
  };
  const userSession = (u: { mobile: string }, password = PASSWORD) => signIn(t.app, { kind: 'user', mobile: u.mobile, password });
  const liveUsers = async (subadminId: number) =>
    db().selectFrom('users').selectAll().where('subadmin_id', '=', subadminId).where('deleted_at', 'is', null).execute();
  const isSignedIn = async (s: Session) => (await query(t.app, 'auth.me', undefined, s)).data != null;

  const lead = (subadminId: number, over: LeadFixture = {}) => insertLead(db(), subadminId, { upload_date: nowIso().slice(0, 10), ...over });

  it('creates each user type, normalises the mobile and lists them with the limit', async () => {
    const { company, session } = await subadminSession({ telecaller_creat_limit: 5 });
    const made = [];
    for (const user_type of ['Telicaller', 'Telicaller-hade', 'Developer']) {
      const input = newUser({ user_type, name: `N ${user_type}`, mobile: `+91 ${uniqueMobile()}`, email: `  UP${++emailSeq}@Test.Local ` });
      const res = await mutate(t.app, 'users.create', input, session);
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ name: `N ${user_type}`, user_type, blocked: false, mobile: String(input.mobile).slice(4) });
      expect(res.data.email).toBe(String(input.email).trim().toLowerCase());
      expect(JSON.stringify(res.data)).not.toMatch(/password|argon/);
      made.push(res.data);
    }
    const list = await query(t.app, 'users.list', { page: 1, pageSize: 20 }, session);
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(3);
    expect(list.data.limit).toEqual({ used: 2, max: 5 });
    expect(list.data.items.map((i) => i.id).sort()).toEqual(made.map((m) => m.id).sort());
    expect(JSON.stringify(list.data)).not.toMatch(/password|argon/);

    const devs = await query(t.app, 'users.list', { page: 1, pageSize: 20, userType: 'Developer' }, session);
    expect(devs.data.items.map((i) => i.user_type)).toEqual(['Developer']);
    const search = await query(t.app, 'users.list', { page: 1, pageSize: 20, search: 'n telicaller-h' }, session);
    expect(search.data.items.map((i) => i.user_type)).toEqual(['Telicaller-hade']);
    const byMobile = await query(t.app, 'users.list', { page: 1, pageSize: 20, search: made[2]!.mobile.slice(3) }, session);
    expect(byMobile.data.items.map((i) => i.id)).toEqual([made[2]!.id]);
    const paged = await query(t.app, 'users.list', { page: 2, pageSize: 2 }, session);
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.items).toHaveLength(1);

    const audit = await db().selectFrom('audit_log').selectAll().where('subadmin_id', '=', company.id).where('action', '=', 'create').execute();
    expect(audit).toHaveLength(3);
  });

  it('refuses a third telecaller or head at a limit of 2, but still creates developers', async () => {
    const { company, session } = await subadminSession({ telecaller_creat_limit: 2 });
    expect((await mutate(t.app, 'users.create', newUser(), session)).status).toBe(200);
    expect((await mutate(t.app, 'users.create', newUser({ user_type: 'Telicaller-hade' }), session)).status).toBe(200);
    for (const user_type of ['Telicaller', 'Telicaller-hade']) {
      const res = await mutate(t.app, 'users.create', newUser({ user_type }), session);
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe('Telecaller limit reached (2 of 2). Ask the admin to raise your limit.');
    }
    expect((await mutate(t.app, 'users.create', newUser({ user_type: 'Developer' }), session)).status).toBe(200);
    const rows = await liveUsers(company.id);
    expect(rows.map((r) => r.user_type).sort()).toEqual(['Developer', 'Telicaller', 'Telicaller-hade']);
    const list = await query(t.app, 'users.list', {}, session);
    expect(list.data.limit).toEqual({ used: 2, max: 2 });

    // legacy: the same refusal, as the original client reads it
    const res = await legacy(t.app, 'POST', '/createUser', session, newUser());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: false, success: false, message: 'Telecaller limit reached (2 of 2). Ask the admin to raise your limit.' });
  });

  it('never exceeds the limit when creates arrive at the same time', async () => {
    const { company, session } = await subadminSession({ telecaller_creat_limit: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => mutate(t.app, 'users.create', newUser({ user_type: i % 2 ? 'Telicaller' : 'Telicaller-hade' }), session)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await liveUsers(company.id)).toHaveLength(3);
  });

  it('refuses a mobile already used by a live user of any company', async () => {
    const a = await insertCompany(db());
    const existing = await insertUser(db(), a.id);
    const { company, session } = await subadminSession();
    const byMobile = await mutate(t.app, 'users.create', newUser({ mobile: `0${existing.mobile}` }), session);
    expect(byMobile.status).toBe(409);
    expect(byMobile.error?.message).toBe('A user with this mobile number already exists.');
    const legacyDup = await legacy(t.app, 'POST', '/createUser', session, newUser({ mobile: Number(existing.mobile) }));
    expect(legacyDup.status).toBe(409);
    expect(legacyDup.body).toEqual({ status: false, success: false, message: 'A user with this mobile number already exists.' });
    expect(await liveUsers(company.id)).toHaveLength(0);

    // once the other company deletes its user, the mobile is free again
    await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', existing.id).execute();
    expect((await mutate(t.app, 'users.create', newUser({ mobile: existing.mobile, email: existing.email }), session)).status).toBe(200);
  });

  it("takes an email another company's user has, telling nothing about it", async () => {
    const other = await insertCompany(db());
    const theirs = await insertUser(db(), other.id);
    const { company, session } = await subadminSession();
    const viaTrpc = await mutate(t.app, 'users.create', newUser({ email: theirs.email.toUpperCase() }), session);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data.email).toBe(theirs.email);
    const second = await insertUser(db(), other.id);
    const viaLegacy = await legacy(t.app, 'POST', '/createUser', session, newUser({ email: second.email }));
    expect(viaLegacy.status).toBe(201);
    const [third, fourth] = [await insertUser(db(), other.id), await insertUser(db(), other.id)];
    const [mine, mine2] = [await insertUser(db(), company.id), await insertUser(db(), company.id)];
    const viaTrpcUpdate = await mutate(
      t.app,
      'users.update',
      { id: mine.id, name: mine.name, email: third.email, mobile: mine.mobile, user_type: 'Telicaller' },
      session,
    );
    expect(viaTrpcUpdate.status).toBe(200);
    const viaLegacyUpdate = await legacy(t.app, 'PUT', '/updateUser', session, {
      id: mine2.id,
      name: mine2.name,
      email: fourth.email,
      mobile: mine2.mobile,
      user_type: 'Telicaller',
    });
    expect(viaLegacyUpdate.status).toBe(200);
    expect((await liveUsers(company.id)).map((u) => u.email).sort()).toEqual([theirs.email, second.email, third.email, fourth.email].sort());
  });

  it('refuses an email another user of the same company has, with a clear message', async () => {
    const { company, session } = await subadminSession();
    const existing = await insertUser(db(), company.id);
    const byEmail = await mutate(t.app, 'users.create', newUser({ email: existing.email.toUpperCase() }), session);
    expect(byEmail.status).toBe(409);
    expect(byEmail.error?.message).toBe('A user with this email address already exists.');
    const legacyDup = await legacy(t.app, 'POST', '/createUser', session, newUser({ email: existing.email }));
    expect(legacyDup).toEqual({ status: 409, body: { status: false, success: false, message: 'A user with this email address already exists.' } });
    const other = await insertUser(db(), company.id);
    const update = await mutate(
      t.app,
      'users.update',
      { id: other.id, name: other.name, email: existing.email, mobile: other.mobile, user_type: 'Telicaller' },
      session,
    );
    expect(update.status).toBe(409);
    expect(update.error?.message).toBe('A user with this email address already exists.');
    const legacyUpdate = await legacy(t.app, 'PUT', '/updateUser', session, {
      id: other.id,
      name: other.name,
      email: existing.email,
      mobile: other.mobile,
      user_type: 'Telicaller',
    });
    expect(legacyUpdate).toEqual({ status: 409, body: { status: false, success: false, message: 'A user with this email address already exists.' } });
    expect(await liveUsers(company.id)).toHaveLength(2);
    // The database holds it too, should two requests race past the check.
    await expect(
      db()
        .insertInto('users')
        .values({
          subadmin_id: company.id,
          name: 'Race',
          email: existing.email,
          mobile: uniqueMobile(),
          password_hash: 'x',
          user_type: 'Telicaller',
          is_blocked: 0,
          created_at: nowIso(),
          updated_at: nowIso(),
          deleted_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('gives each field its own message and writes nothing on bad input', async () => {
    const { company, session } = await subadminSession();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: undefined }, 'name', 'Name is required.'],
      [{ email: '' }, 'email', 'Email is required.'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
      [{ mobile: '' }, 'mobile', 'Mobile is required.'],
      [{ mobile: '12345' }, 'mobile', 'Enter a valid 10-digit mobile number.'],
      [{ password: '' }, 'password', 'Password is required.'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
      [{ user_type: '' }, 'user_type', 'Select a user type.'],
      [{ user_type: 'Admin' }, 'user_type', 'Select a user type.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await mutate(t.app, 'users.create', newUser(over), session);
      expect(res.status, field).toBe(400);
      expect(res.error?.message).toBe(message);
      expect(res.error?.data.fieldErrors?.[field]).toBe(message);
      const rest = await legacy(t.app, 'POST', '/createUser', session, newUser(over));
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ status: false, success: false, message });
    }
    const all = await mutate(t.app, 'users.create', {}, session);
    expect(Object.keys(all.error?.data.fieldErrors ?? {}).sort()).toEqual(['email', 'mobile', 'name', 'password', 'user_type']);
    expect(await liveUsers(company.id)).toHaveLength(0);
  });

  it("answers NOT_FOUND for another company's user on every change, and changes nothing", async () => {
    const other = await insertCompany(db());
    const victim = await insertUser(db(), other.id);
    const victimSession = await userSession(victim);
    const { session } = await subadminSession();
    const before = await db().selectFrom('users').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();

    const calls = [
      mutate(
        t.app,
        'users.update',
        { id: victim.id, name: 'Hacked', email: 'hacked@test.local', mobile: uniqueMobile(), user_type: 'Developer', password: 'newpassword' },
        session,
      ),
      mutate(t.app, 'users.setBlocked', { id: victim.id, blocked: true }, session),
      mutate(t.app, 'users.remove', { id: victim.id }, session),
      mutate(t.app, 'users.remove', { id: 999999 }, session),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe('User not found.');
    }
    const rest = [
      await legacy(t.app, 'PUT', '/updateUser', session, {
        id: victim.id,
        name: 'Hacked',
        email: 'hacked2@test.local',
        mobile: uniqueMobile(),
        user_type: 'Telicaller',
      }),
      await legacy(t.app, 'PATCH', `/blockUser/${victim.id}`, session),
      await legacy(t.app, 'PATCH', `/unblockUser/${victim.id}`, session),
      await legacy(t.app, 'DELETE', `/deleteUser/${victim.id}`, session),
    ];
    for (const res of rest) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: false, success: false, message: 'User not found.' });
    }
    const after = await db().selectFrom('users').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await isSignedIn(victimSession)).toBe(true);
    const list = await query(t.app, 'users.list', {}, session);
    expect(list.data.items).toHaveLength(0);
  });

  it('blocks a user: its open session stops and sign-in is refused; unblock lets it back', async () => {
    const { company, session } = await subadminSession();
    const user = await insertUser(db(), company.id, 'Telicaller-hade');
    const open = await userSession(user);
    const res = await mutate(t.app, 'users.setBlocked', { id: user.id, blocked: true }, session);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: user.id, blocked: true });
    expect(await isSignedIn(open)).toBe(false);
    const again = await legacy(t.app, 'POST', '/auth/login', null, { mobile: user.mobile, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/account is blocked/);

    expect((await mutate(t.app, 'users.setBlocked', { id: user.id, blocked: false }, session)).data.blocked).toBe(false);
    const back = await userSession(user);
    expect(await isSignedIn(back)).toBe(true);
    // the unblocked session is not revived
    expect(await isSignedIn(open)).toBe(false);

    // legacy block and unblock
    const blocked = await legacy(t.app, 'PATCH', `/blockUser/${user.id}`, session);
    expect(blocked).toEqual({ status: 200, body: { success: true, status: true, message: 'User has been blocked successfully.' } });
    expect(await isSignedIn(back)).toBe(false);
    const unblocked = await legacy(t.app, 'PATCH', `/unblockUser/${user.id}`, session);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toMatchObject({ success: true });
    const row = await db().selectFrom('users').select('is_blocked').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.is_blocked).toBe(0);
    const audit = await db().selectFrom('audit_log').select('action').where('entity', '=', 'user').where('entity_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['block', 'unblock', 'block', 'unblock']);
  });

  it('deletes a user: sessions end, sign-in is refused, its untouched leads go back to the pool', async () => {
    const { company, session } = await subadminSession();
    const user = await insertUser(db(), company.id);
    const colleague = await insertUser(db(), company.id);
    const open = await userSession(user);
    const sent = nowIso();
    const untouched = [
      await lead(company.id, { telicaller_id: user.id, telicaller_send_date: sent }),
      await lead(company.id, { telicaller_id: user.id, telicaller_send_date: sent }),
    ];
    const worked = await lead(company.id, { telicaller_id: user.id, telicaller_send_date: sent, status: LEAD_STATUS.interested });
    const colleagues = await lead(company.id, { telicaller_id: colleague.id, telicaller_send_date: sent });

    const res = await mutate(t.app, 'users.remove', { id: user.id }, session);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: user.id, leadsReturned: 2 });
    expect(await isSignedIn(open)).toBe(false);
    const signin = await legacy(t.app, 'POST', '/auth/login', null, { mobile: user.mobile, password: PASSWORD });
    expect(signin.status).toBe(401);

    const leads = await db().selectFrom('leads').select(['id', 'telicaller_id', 'telicaller_send_date']).where('subadmin_id', '=', company.id).execute();
    const byId = new Map(leads.map((l) => [l.id, l]));
    for (const id of untouched) expect(byId.get(id)).toMatchObject({ telicaller_id: null, telicaller_send_date: null });
    expect(byId.get(worked)).toMatchObject({ telicaller_id: user.id });
    expect(byId.get(colleagues)).toMatchObject({ telicaller_id: colleague.id });

    // gone from the list, and a second delete answers not found
    const list = await query(t.app, 'users.list', {}, session);
    expect(list.data.items.map((i) => i.id)).toEqual([colleague.id]);
    expect((await mutate(t.app, 'users.remove', { id: user.id }, session)).status).toBe(404);

    const other = await insertUser(db(), company.id);
    const del = await legacy(t.app, 'DELETE', `/deleteUser/${other.id}`, session);
    expect(del).toEqual({ status: 200, body: { success: true, status: true, message: 'User has been deleted successfully.' } });
    const bad = await legacy(t.app, 'DELETE', '/deleteUser/abc', session);
    expect(bad.status).toBe(400);
  });

  it('updates a user; a new password ends its sessions; the limit holds for a developer turned telecaller', async () => {
    const { company, session } = await subadminSession({ telecaller_creat_limit: 1 });
    const caller = await insertUser(db(), company.id, 'Telicaller');
    const dev = await insertUser(db(), company.id, 'Developer');
    const callerSession = await userSession(caller);
    const devSession = await userSession(dev);

    const base = { id: caller.id, name: 'Renamed', email: caller.email, mobile: caller.mobile, user_type: 'Telicaller' };
    const plain = await mutate(t.app, 'users.update', { ...base, password: '' }, session);
    expect(plain.status).toBe(200);
    expect(plain.data).toMatchObject({ id: caller.id, name: 'Renamed' });
    expect(await isSignedIn(callerSession)).toBe(true);

    const withPassword = await mutate(t.app, 'users.update', { ...base, password: 'brand-new-pass' }, session);
    expect(withPassword.status).toBe(200);
    expect(await isSignedIn(callerSession)).toBe(false);
    expect((await legacy(t.app, 'POST', '/auth/login', null, { mobile: caller.mobile, password: PASSWORD })).status).toBe(401);
    expect(await isSignedIn(await userSession(caller, 'brand-new-pass'))).toBe(true);

    const promote = await mutate(t.app, 'users.update', { id: dev.id, name: 'Dev', email: dev.email, mobile: dev.mobile, user_type: 'Telicaller' }, session);
    expect(promote.status).toBe(403);
    expect(promote.error?.message).toBe('Telecaller limit reached (1 of 1). Ask the admin to raise your limit.');
    expect((await db().selectFrom('users').select('user_type').where('id', '=', dev.id).executeTakeFirstOrThrow()).user_type).toBe('Developer');
    expect(await isSignedIn(devSession)).toBe(true);

    // a telecaller switching type within the limited group is fine; freeing the slot lets the developer move
    expect((await mutate(t.app, 'users.update', { ...base, user_type: 'Telicaller-hade' }, session)).status).toBe(200);
    expect((await mutate(t.app, 'users.update', { ...base, user_type: 'Developer' }, session)).status).toBe(200);
    expect(
      (await mutate(t.app, 'users.update', { id: dev.id, name: 'Dev', email: dev.email, mobile: dev.mobile, user_type: 'Telicaller' }, session)).status,
    ).toBe(200);

    const dup = await mutate(t.app, 'users.update', { ...base, user_type: 'Developer', mobile: dev.mobile }, session);
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe('A user with this mobile number already exists.');

    const rest = await legacy(t.app, 'PUT', '/updateUser', session, { ...base, name: 'Via legacy', user_type: 'Developer', blocked: false });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, message: 'User updated successfully.' });
    const bad = await legacy(t.app, 'PUT', '/updateUser', session, { ...base, email: 'nope' });
    expect(bad).toEqual({ status: 400, body: { status: false, success: false, message: 'Enter a valid email address.' } });
    expect((await db().selectFrom('users').select('name').where('id', '=', caller.id).executeTakeFirstOrThrow()).name).toBe('Via legacy');
  });

  it("answers GET /users with the caller's own record for a user and the company's users for a sub-admin", async () => {
    const { company, session } = await subadminSession();
    const caller = await insertUser(db(), company.id, 'Telicaller');
    const head = await insertUser(db(), company.id, 'Telicaller-hade', { is_blocked: 1 });
    await insertUser(db(), (await insertCompany(db())).id);

    const own = await legacy(t.app, 'GET', '/users', await userSession(caller));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      status: true,
      data: { id: caller.id, name: caller.name, email: caller.email, mobile: caller.mobile, user_type: 'Telicaller', blocked: false },
      message: expect.any(String),
    });

    const list = await legacy(t.app, 'GET', '/users', session);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(true);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data).toContainEqual({
      id: head.id,
      name: head.name,
      email: head.email,
      mobile: head.mobile,
      user_type: 'Telicaller-hade',
      blocked: true,
    });
    expect(JSON.stringify(list.body)).not.toMatch(/password|argon/);

    const created = await legacy(t.app, 'POST', '/createUser', session, newUser({ user_type: 'Developer' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, status: true, message: 'User created successfully!' });
  });

  it('lists active telecallers and heads for pickers', async () => {
    const { company, session } = await subadminSession();
    const caller = await insertUser(db(), company.id, 'Telicaller', { name: 'A caller' });
    await insertUser(db(), company.id, 'Telicaller', { is_blocked: 1 });
    const head = await insertUser(db(), company.id, 'Telicaller-hade', { name: 'A head' });
    await insertUser(db(), company.id, 'Developer');
    await insertUser(db(), (await insertCompany(db())).id, 'Telicaller');

    const def = await legacy(t.app, 'GET', '/telecallers', session);
    expect(def.body).toEqual({
      status: true,
      data: [{ id: caller.id, name: 'A caller', mobile: caller.mobile, user_type: 'Telicaller' }],
      telecallers: [{ id: caller.id, name: 'A caller', mobile: caller.mobile, user_type: 'Telicaller' }],
    });
    const heads = await legacy(t.app, 'GET', '/telecallers?user_type=Telicaller-hade', session);
    expect(heads.body.data.map((u: { id: number }) => u.id)).toEqual([head.id]);
    expect((await legacy(t.app, 'GET', '/telecallers?user_type=Boss', session)).status).toBe(400);
    expect((await legacy(t.app, 'GET', '/telecallershead', session)).body).toEqual({ status: true, data: [{ id: head.id, name: 'A head' }] });

    const options = await query(t.app, 'users.options', { userTypes: ['Telicaller', 'Telicaller-hade'] }, session);
    expect(options.data.map((u) => u.id).sort()).toEqual([caller.id, head.id].sort());
  });

  it('refuses every procedure and route to the signed-out (401) and to other roles (403)', async () => {
    const admin = await insertAdmin(db());
    const company = await insertCompany(db());
    const user = await insertUser(db(), company.id);
    const sessions = { admin: await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }), user: await userSession(user) };
    const input = { id: user.id, ...newUser() };
    const procs: [string, 'query' | 'mutation', unknown][] = [
      ['users.list', 'query', {}],
      ['users.options', 'query', {}],
      ['users.create', 'mutation', newUser()],
      ['users.update', 'mutation', input],
      ['users.setBlocked', 'mutation', { id: user.id, blocked: true }],
      ['users.remove', 'mutation', { id: user.id }],
    ];
    for (const [p, kind, inp] of procs) {
      const call = kind === 'query' ? query : mutate;
      expect((await call(t.app, p, inp, null)).status, p).toBe(401);
      expect((await call(t.app, p, inp, sessions.admin)).status, p).toBe(403);
      expect((await call(t.app, p, inp, sessions.user)).status, p).toBe(403);
    }
    const routes: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, boolean][] = [
      ['GET', '/users', false],
      ['POST', '/createUser', true],
      ['PUT', '/updateUser', true],
      ['PATCH', `/blockUser/${user.id}`, true],
      ['PATCH', `/unblockUser/${user.id}`, true],
      ['DELETE', `/deleteUser/${user.id}`, true],
      ['GET', '/telecallers', true],
      ['GET', '/telecallershead', true],
    ];
    for (const [method, url, userRefused] of routes) {
      const anon = await legacy(t.app, method, url, null, method === 'GET' || method === 'DELETE' ? undefined : newUser());
      expect(anon.status, url).toBe(401);
      expect(anon.body).toMatchObject({ status: false, success: false });
      expect((await legacy(t.app, method, url, sessions.admin, method === 'GET' || method === 'DELETE' ? undefined : newUser())).status, url).toBe(403);
      if (userRefused)
        expect((await legacy(t.app, method, url, sessions.user, method === 'GET' || method === 'DELETE' ? undefined : newUser())).status, url).toBe(403);
    }
    const row = await db().selectFrom('users').select(['is_blocked', 'deleted_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_blocked: 0, deleted_at: null });
  });
});
