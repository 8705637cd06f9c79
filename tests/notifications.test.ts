import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInAdminFor, signedInSubadmin } from './helpers/company.js';
import { insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';

describe.each(dialects)('notifications on %s', (dialect) => {
  const t = testAppFor(dialect);
  const admin = signedInAdminFor(t);

  const company = () => signedInSubadmin(t);

  async function userOf(companyId: number, type: 'Telicaller' | 'Telicaller-hade' | 'Developer' = 'Telicaller') {
    const u = await insertUser(t.deps.db, companyId, type);
    return { ...u, session: await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD }) };
  }

  const inbox = (s: Session) => query(t.app, 'notifications.inbox', { page: 1, pageSize: 100 }, s);
  const bell = (s: Session) => query(t.app, 'notifications.bell', undefined, s);
  const sentToSubadmins = async () => (await query(t.app, 'notifications.sentToSubadmins', { page: 1, pageSize: 100 }, admin)).data.items;

  it('addresses admin notices to one company or to all, and never shows a targeted one to another company', async () => {
    const a = await company();
    const b = await company();
    const toAll = await mutate(t.app, 'notifications.sendToSubadmins', { title: ' Maintenance ', message: 'Sunday 2 am.' }, admin);
    expect(toAll.status).toBe(200);
    const toA = await mutate(t.app, 'notifications.sendToSubadmins', { title: 'Your renewal', message: 'Due soon.', subadminId: a.id }, admin);
    expect(toA.status).toBe(200);

    const aInbox = await inbox(a.session);
    expect(aInbox.data.items.map((i) => i.id)).toEqual(expect.arrayContaining([toAll.data.id, toA.data.id]));
    expect(aInbox.data.items.find((i) => i.id === toAll.data.id)).toMatchObject({ title: 'Maintenance', message: 'Sunday 2 am.', read: false });
    const bIds = (await inbox(b.session)).data.items.map((i) => i.id);
    expect(bIds).toContain(toAll.data.id);
    expect(bIds).not.toContain(toA.data.id);

    // A user of the company sees none of the admin's notices.
    const u = await userOf(a.id);
    expect((await inbox(u.session)).data.items.map((i) => i.id)).not.toContain(toAll.data.id);

    const sent = await sentToSubadmins();
    expect(sent.find((n) => n.id === toAll.data.id)).toMatchObject({ target: 'All companies', subadmin_id: null, read_count: 0 });
    expect(sent.find((n) => n.id === toA.data.id)).toMatchObject({ target: a.company_name, subadmin_id: a.id, read_count: 0, recipient_count: 1 });
  });

  it('counts reads per company, drops the bell after markRead, and marks only what the reader can see', async () => {
    const a = await company();
    const b = await company();
    const before = (await bell(a.session)).data.count as number;
    const n1 = (await mutate(t.app, 'notifications.sendToSubadmins', { title: 'One', message: 'm', subadminId: a.id }, admin)).data.id;
    const n2 = (await mutate(t.app, 'notifications.sendToSubadmins', { title: 'Two', message: 'm', subadminId: a.id }, admin)).data.id;
    const forB = (await mutate(t.app, 'notifications.sendToSubadmins', { title: 'For B', message: 'm', subadminId: b.id }, admin)).data.id;

    const bellA = await bell(a.session);
    expect(bellA.data).toMatchObject({ count: before + 2, href: '/subadmin/adminnotification' });
    expect(bellA.data.items.slice(0, 2)).toMatchObject([
      { id: n2, title: 'Two', read: false },
      { id: n1, title: 'One', read: false },
    ]);
    expect((await inbox(a.session)).data.unread).toBe(before + 2);

    // A's attempt to mark B's notice is ignored.
    const marked = await mutate(t.app, 'notifications.markRead', { ids: [n1, forB] }, a.session);
    expect(marked.data).toEqual({ marked: 1 });
    expect((await bell(a.session)).data.count).toBe(before + 1);
    expect((await inbox(a.session)).data.items.find((i) => i.id === n1)!.read).toBe(true);
    expect((await inbox(b.session)).data.items.find((i) => i.id === forB)!.read).toBe(false);
    const bReads = await t.deps.db.selectFrom('notification_reads').selectAll().where('notification_id', '=', forB).execute();
    expect(bReads).toHaveLength(0);

    // Marking again is harmless.
    expect((await mutate(t.app, 'notifications.markRead', { ids: [n1] }, a.session)).data).toEqual({ marked: 0 });

    let sent = await sentToSubadmins();
    expect(sent.find((n) => n.id === n1)!.read_count).toBe(1);
    expect(sent.find((n) => n.id === n2)!.read_count).toBe(0);

    // No ids: everything the reader can see.
    expect((await mutate(t.app, 'notifications.markRead', {}, a.session)).status).toBe(200);
    expect((await bell(a.session)).data.count).toBe(0);
    expect((await bell(a.session)).data.items.every((i) => i.read)).toBe(true);
    expect((await bell(b.session)).data.count).toBeGreaterThan(0);
    sent = await sentToSubadmins();
    expect(sent.find((n) => n.id === n2)!.read_count).toBe(1);
    expect(sent.find((n) => n.id === forB)!.read_count).toBe(0);
  });

  it('counts an all-companies notice once for each company that reads it', async () => {
    const a = await company();
    const b = await company();
    const id = (await mutate(t.app, 'notifications.sendToSubadmins', { title: 'Everyone', message: 'm', subadminId: null }, admin)).data.id;
    await mutate(t.app, 'notifications.markRead', { ids: [id] }, a.session);
    await mutate(t.app, 'notifications.markRead', { ids: [id] }, b.session);
    await mutate(t.app, 'notifications.markRead', { ids: [id] }, a.session);
    const item = (await sentToSubadmins()).find((n) => n.id === id);
    expect(item).toMatchObject({ target: 'All companies', read_count: 2 });
    expect(item!.recipient_count).toBeGreaterThanOrEqual(2);
  });

  it("sends a company's notice to its own users only, with read counts", async () => {
    const a = await company();
    const b = await company();
    const caller = await userOf(a.id);
    const dev = await userOf(a.id, 'Developer');
    const other = await userOf(b.id);

    const sent = await mutate(t.app, 'notifications.sendToUsers', { title: 'Team meeting', message: '10 am in the hall.' }, a.session);
    expect(sent.status).toBe(200);
    const id = sent.data.id;

    for (const u of [caller, dev]) {
      const b1 = await bell(u.session);
      expect(b1.data).toMatchObject({
        count: 1,
        href: '/usernotification',
        items: [{ id, title: 'Team meeting', message: '10 am in the hall.', read: false }],
      });
    }
    expect((await inbox(other.session)).data.total).toBe(0);
    expect((await bell(other.session)).data.count).toBe(0);
    // The company itself does not get its own notice in its admin inbox.
    expect((await inbox(a.session)).data.items.some((i) => i.id === id)).toBe(false);

    // B's user cannot mark A's notice.
    expect((await mutate(t.app, 'notifications.markRead', { ids: [id] }, other.session)).data).toEqual({ marked: 0 });

    await mutate(t.app, 'notifications.markRead', { ids: [id] }, caller.session);
    expect((await bell(caller.session)).data).toMatchObject({ count: 0, items: [{ id, read: true }] });
    expect((await bell(dev.session)).data.count).toBe(1);

    const list = await query(t.app, 'notifications.sentToUsers', { page: 1, pageSize: 20 }, a.session);
    expect(list.data).toMatchObject({ total: 1, items: [{ id, title: 'Team meeting', read_count: 1, recipient_count: 2 }] });
    expect((await query(t.app, 'notifications.sentToUsers', { page: 1, pageSize: 20 }, b.session)).data.total).toBe(0);
  });

  it('shows the admin pending complaints in its bell', async () => {
    const c = await company();
    const before = (await bell(admin)).data.count as number;
    const created = await mutate(t.app, 'complaints.create', { title: 'Upload broken', body: 'The upload page\n fails every time.' }, c.session);
    const b1 = await bell(admin);
    expect(b1.data.count).toBe(before + 1);
    expect(b1.data.href).toBe('/admin/subadmin-camplaints/pending');
    expect(b1.data.items[0]).toMatchObject({
      id: created.data.id,
      title: 'Upload broken',
      message: `${c.company_name}: The upload page fails every time.`,
      read: false,
    });
    expect(typeof b1.data.items[0]!.created_at).toBe('string');
    expect(b1.data.items.length).toBeLessThanOrEqual(5);
    await mutate(t.app, 'complaints.resolve', { id: created.data.id }, admin);
    expect((await bell(admin)).data.count).toBe(before);
  });

  it('keeps at most five bell items while counting them all', async () => {
    const c = await company();
    const u = await userOf(c.id);
    for (let i = 0; i < 7; i++) await mutate(t.app, 'notifications.sendToUsers', { title: `N${i}`, message: 'm' }, c.session);
    const b1 = await bell(u.session);
    expect(b1.data.count).toBe(7);
    expect(b1.data.items.map((i) => i.title)).toEqual(['N6', 'N5', 'N4', 'N3', 'N2']);
    const page = await query(t.app, 'notifications.inbox', { page: 2, pageSize: 5 }, u.session);
    expect(page.data).toMatchObject({ total: 7, page: 2, unread: 7 });
    expect(page.data.items.map((i) => i.title)).toEqual(['N1', 'N0']);
  });

  it('validates with readable messages and refuses an unknown target company', async () => {
    const c = await company();
    const empty = await mutate(t.app, 'notifications.sendToSubadmins', { title: '', message: ' ' }, admin);
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe('Title is required.');
    expect(empty.error?.data.fieldErrors).toMatchObject({ title: 'Title is required.', message: 'Message is required.' });
    const noMessage = await mutate(t.app, 'notifications.sendToUsers', { title: 'x' }, c.session);
    expect(noMessage.status).toBe(400);
    expect(noMessage.error?.message).toBe('Message is required.');
    const unknown = await mutate(t.app, 'notifications.sendToSubadmins', { title: 'x', message: 'y', subadminId: 999999 }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('Subadmin not found.');
    const row = await t.deps.db.selectFrom('notifications').select('id').where('title', '=', 'x').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('lets each role reach only its own procedures', async () => {
    const c = await company();
    const u = await userOf(c.id);
    const adminOnly: [string, 'q' | 'm', unknown][] = [
      ['notifications.sendToSubadmins', 'm', { title: 't', message: 'm' }],
      ['notifications.sentToSubadmins', 'q', { page: 1, pageSize: 10 }],
      ['notifications.targetCompanies', 'q', {}],
    ];
    const subadminOnly: [string, 'q' | 'm', unknown][] = [
      ['notifications.sendToUsers', 'm', { title: 't', message: 'm' }],
      ['notifications.sentToUsers', 'q', { page: 1, pageSize: 10 }],
    ];
    const readers: [string, 'q' | 'm', unknown][] = [
      ['notifications.inbox', 'q', { page: 1, pageSize: 10 }],
      ['notifications.markRead', 'm', {}],
    ];
    const call = (p: string, k: 'q' | 'm', input: unknown, s: Session | null) => (k === 'q' ? query(t.app, p, input, s) : mutate(t.app, p, input, s));
    for (const [p, k, input] of [...adminOnly, ...subadminOnly, ...readers, ['notifications.bell', 'q', undefined] as const]) {
      expect((await call(p, k, input, null)).status, p).toBe(401);
    }
    for (const [p, k, input] of adminOnly) {
      expect((await call(p, k, input, c.session)).status, p).toBe(403);
      expect((await call(p, k, input, u.session)).status, p).toBe(403);
    }
    for (const [p, k, input] of subadminOnly) {
      expect((await call(p, k, input, admin)).status, p).toBe(403);
      expect((await call(p, k, input, u.session)).status, p).toBe(403);
    }
    for (const [p, k, input] of readers) expect((await call(p, k, input, admin)).status, p).toBe(403);
    for (const s of [admin, c.session, u.session]) expect((await bell(s)).status).toBe(200);
    const sent = await t.deps.db.selectFrom('notifications').select('id').where('title', '=', 't').execute();
    expect(sent).toHaveLength(0);
  });

  it('lists live companies to address, searchable', async () => {
    const c = await company();
    const res = await query(t.app, 'notifications.targetCompanies', { search: c.company_name.toLowerCase() }, admin);
    expect(res.data).toEqual([{ id: c.id, company_name: c.company_name, name: c.name }]);
    await t.deps.db.updateTable('subadmins').set({ deleted_at: new Date().toISOString() }).where('id', '=', c.id).execute();
    expect((await query(t.app, 'notifications.targetCompanies', { search: c.company_name }, admin)).data).toEqual([]);
    const toDeleted = await mutate(t.app, 'notifications.sendToSubadmins', { title: 'z', message: 'z', subadminId: c.id }, admin);
    expect(toDeleted.status).toBe(404);
  });
});
