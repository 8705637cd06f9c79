import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInAdminFor, signedInSubadmin } from './helpers/company.js';
import { insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn } from './helpers/http.js';

describe.each(dialects)('sub-admin complaints to the admin on %s', (dialect) => {
  const t = testAppFor(dialect);
  const admin = signedInAdminFor(t);

  const company = () => signedInSubadmin(t);

  const complaintRow = (id: number) => t.deps.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs the whole flow: create, admin pending, reply, resolve, closed, and the sub-admin sees the reply', async () => {
    const c = await company();
    const created = await mutate(t.app, 'complaints.create', { title: '  Leads not uploading  ', body: 'The CSV upload stops at 50%.' }, c.session);
    expect(created.status).toBe(200);
    const id = created.data.id as number;

    const pending = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 100 }, admin);
    expect(pending.status).toBe(200);
    const item = pending.data.items.find((i) => i.id === id);
    expect(item).toMatchObject({
      title: 'Leads not uploading',
      body: 'The CSV upload stops at 50%.',
      status: 0,
      reply: null,
      subadmin_id: c.id,
      company_name: c.company_name,
      subadmin_name: c.name,
    });

    const mineBefore = await query(t.app, 'complaints.mine', { status: 'pending', page: 1, pageSize: 20 }, c.session);
    expect(mineBefore.data).toMatchObject({ total: 1, items: [{ id, status: 0, reply: null }] });

    const replied = await mutate(t.app, 'complaints.reply', { id, reply: ' We are looking into it. ' }, admin);
    expect(replied.status).toBe(200);
    let row = await complaintRow(id);
    expect(row.reply).toBe('We are looking into it.');
    expect(row.status).toBe(0);
    expect(row.replied_at).toBeTruthy();

    expect((await mutate(t.app, 'complaints.resolve', { id }, admin)).status).toBe(200);
    row = await complaintRow(id);
    expect(row.status).toBe(1);
    expect(row.resolved_at).toBeTruthy();

    const pendingAfter = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 100 }, admin);
    expect(pendingAfter.data.items.some((i) => i.id === id)).toBe(false);
    const closed = await query(t.app, 'complaints.adminList', { status: 'closed', page: 1, pageSize: 100 }, admin);
    expect(closed.data.items.find((i) => i.id === id)).toMatchObject({ status: 1, reply: 'We are looking into it.' });

    const mineClosed = await query(t.app, 'complaints.mine', { status: 'closed', page: 1, pageSize: 20 }, c.session);
    expect(mineClosed.data).toMatchObject({ total: 1, items: [{ id, status: 1, reply: 'We are looking into it.' }] });
    expect((await query(t.app, 'complaints.mine', { status: 'pending', page: 1, pageSize: 20 }, c.session)).data.total).toBe(0);
    expect((await query(t.app, 'complaints.mine', { page: 1, pageSize: 20 }, c.session)).data.total).toBe(1);

    const audit = await t.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'complaint').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'reply', 'resolve']);
  });

  it('refuses replying to or resolving a resolved complaint, and changes nothing', async () => {
    const c = await company();
    const { data } = await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, c.session);
    await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'First' }, admin);
    await mutate(t.app, 'complaints.resolve', { id: data.id }, admin);
    const before = await complaintRow(data.id);

    const again = await mutate(t.app, 'complaints.resolve', { id: data.id }, admin);
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe('This complaint is already resolved.');
    const reply = await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'Second' }, admin);
    expect(reply.status).toBe(400);
    expect(reply.error?.message).toBe('This complaint is already resolved.');
    expect(await complaintRow(data.id)).toEqual(before);
  });

  it('lets the admin change a reply while the complaint is still pending', async () => {
    const c = await company();
    const { data } = await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, c.session);
    await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'First' }, admin);
    await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'Second' }, admin);
    expect((await complaintRow(data.id)).reply).toBe('Second');
  });

  it('validates with the messages people read and stores nothing', async () => {
    const c = await company();
    const empty = await mutate(t.app, 'complaints.create', { title: '   ', body: '' }, c.session);
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe('Title is required.');
    expect(empty.error?.data.fieldErrors).toMatchObject({ title: 'Title is required.', body: 'Body is required.' });
    const noBody = await mutate(t.app, 'complaints.create', { title: 'Fine' }, c.session);
    expect(noBody.error?.message).toBe('Body is required.');
    const long = await mutate(t.app, 'complaints.create', { title: 'x'.repeat(201), body: 'b' }, c.session);
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe('Title must be at most 200 characters.');

    const legacyEmpty = await legacy(t.app, 'POST', '/subadmin/createcomplaints', c.session, {});
    expect(legacyEmpty.status).toBe(400);
    expect(legacyEmpty.body).toEqual({ status: false, success: false, message: 'Title is required.' });
    const count = await t.deps.db
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subadmin_id', '=', c.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);

    const { data } = await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, c.session);
    const noReply = await mutate(t.app, 'complaints.reply', { id: data.id, reply: '  ' }, admin);
    expect(noReply.status).toBe(400);
    expect(noReply.error?.message).toBe('Please enter a reply.');
    expect((await complaintRow(data.id)).reply).toBeNull();
  });

  it('answers 404 for a missing complaint, and for a telecaller complaint the admin does not handle', async () => {
    const c = await company();
    for (const proc of ['complaints.reply', 'complaints.resolve']) {
      const res = await mutate(t.app, proc, { id: 999999, reply: 'x' }, admin);
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe('Complaint not found.');
    }
    const now = new Date().toISOString();
    const user = await insertUser(t.deps.db, c.id);
    const row = await t.deps.db
      .insertInto('complaints')
      .values({
        subadmin_id: c.id,
        from_kind: 'user',
        user_id: user.id,
        title: 'Headset',
        body: 'Broken',
        status: 0,
        reply: null,
        replied_at: null,
        resolved_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await mutate(t.app, 'complaints.resolve', { id: row.id }, admin)).status).toBe(404);
    const list = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 100 }, admin);
    expect(list.data.items.some((i) => i.id === row.id)).toBe(false);
    const mine = await query(t.app, 'complaints.mine', { page: 1, pageSize: 100 }, c.session);
    expect(mine.data.items.some((i) => i.id === row.id)).toBe(false);
    expect((await complaintRow(row.id)).status).toBe(0);
  });

  it("never shows a sub-admin another company's complaints, in the list or the legacy call", async () => {
    const a = await company();
    const b = await company();
    const { data: fromA } = await mutate(t.app, 'complaints.create', { title: 'From A', body: 'A body' }, a.session);
    await mutate(t.app, 'complaints.create', { title: 'From B', body: 'B body' }, b.session);

    const mineB = await query(t.app, 'complaints.mine', { page: 1, pageSize: 100 }, b.session);
    expect(mineB.data.total).toBe(1);
    expect(mineB.data.items.map((i) => i.title)).toEqual(['From B']);
    const legacyB = await legacy(t.app, 'GET', '/subadmin/fetchcomplaints', b.session);
    expect(legacyB.body.data.map((i: { title: string }) => i.title)).toEqual(['From B']);
    expect(legacyB.body.data.some((i: { id: number }) => i.id === fromA.id)).toBe(false);
  });

  it('keeps admin procedures from sub-admins and users (403) and the signed-out (401)', async () => {
    const c = await company();
    const user = await insertUser(t.deps.db, c.id);
    const u = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    const { data } = await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, c.session);

    for (const session of [c.session, u]) {
      expect((await query(t.app, 'complaints.adminList', { status: 'pending' }, session)).status).toBe(403);
      expect((await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'x' }, session)).status).toBe(403);
      expect((await mutate(t.app, 'complaints.resolve', { id: data.id }, session)).status).toBe(403);
    }
    expect((await query(t.app, 'complaints.adminList', { status: 'pending' }, null)).status).toBe(401);
    expect((await mutate(t.app, 'complaints.reply', { id: data.id, reply: 'x' }, null)).status).toBe(401);
    expect((await mutate(t.app, 'complaints.resolve', { id: data.id }, null)).status).toBe(401);
    expect(await complaintRow(data.id)).toMatchObject({ status: 0, reply: null });

    for (const session of [admin, u]) {
      expect((await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, session)).status).toBe(403);
      expect((await query(t.app, 'complaints.mine', {}, session)).status).toBe(403);
    }
    expect((await mutate(t.app, 'complaints.create', { title: 'T', body: 'B' }, null)).status).toBe(401);
    expect((await query(t.app, 'complaints.mine', {}, null)).status).toBe(401);

    expect(await legacy(t.app, 'GET', '/subadmin/fetchcomplaints', null)).toMatchObject({ status: 401, body: { status: false, success: false } });
    expect(await legacy(t.app, 'GET', '/subadmin/fetchcomplaints', admin)).toMatchObject({ status: 403, body: { status: false, success: false } });
    expect(await legacy(t.app, 'POST', '/subadmin/createcomplaints', u, { title: 'T', body: 'B' })).toMatchObject({ status: 403 });
    expect(await legacy(t.app, 'POST', '/subadmin/createcomplaints', null, { title: 'T', body: 'B' })).toMatchObject({ status: 401 });
  });

  it("answers the legacy calls in the original client's shapes", async () => {
    const c = await company();
    const created = await legacy(t.app, 'POST', '/subadmin/createcomplaints', c.session, { title: 'Billing', body: 'Invoice missing' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: true, message: 'Complaint created successfully' });

    const list = await legacy(t.app, 'GET', '/subadmin/fetchcomplaints', c.session);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(true);
    expect(list.body.data).toHaveLength(1);
    const [item] = list.body.data;
    expect(Object.keys(item).sort()).toEqual(['body', 'created_at', 'id', 'reply', 'status', 'title']);
    expect(item).toMatchObject({ title: 'Billing', body: 'Invoice missing', status: 0, reply: null });

    await mutate(t.app, 'complaints.reply', { id: item.id, reply: 'Sent again' }, admin);
    await mutate(t.app, 'complaints.resolve', { id: item.id }, admin);
    const after = await legacy(t.app, 'GET', '/subadmin/fetchcomplaints', c.session);
    expect(after.body.data[0]).toMatchObject({ status: 1, reply: 'Sent again' });
  });

  it('pages and searches the admin list on the server', async () => {
    const c = await company();
    const tag = `zq${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      await mutate(t.app, 'complaints.create', { title: `${tag} number ${i}`, body: 'Body' }, c.session);
    }
    const page1 = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 2, search: tag.toUpperCase() }, admin);
    expect(page1.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.data.items.map((i) => i.title)).toEqual([`${tag} number 2`, `${tag} number 1`]);
    const page2 = await query(t.app, 'complaints.adminList', { status: 'pending', page: 2, pageSize: 2, search: tag }, admin);
    expect(page2.data.items.map((i) => i.title)).toEqual([`${tag} number 0`]);
    const byCompany = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 10, search: c.company_name }, admin);
    expect(byCompany.data.total).toBe(3);
    // LIKE wildcards typed in the search box are taken literally.
    const wildcard = await query(t.app, 'complaints.adminList', { status: 'pending', page: 1, pageSize: 100, search: '%' }, admin);
    expect(wildcard.status).toBe(200);
    for (const i of wildcard.data.items) expect(`${i.title}${i.body}${i.company_name}${i.subadmin_name}`).toContain('%');
    expect(wildcard.data.items.some((i) => i.title.startsWith(tag))).toBe(false);
  });
});
