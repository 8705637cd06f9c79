import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, mutate, query } from './helpers/http.js';

describe.each(dialects)("users' complaints to their company on %s", (dialect) => {
  const t = testAppFor(dialect);
  const company = () => signedInCompany(t);
  const row = (id: number) => t.deps.db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('files a complaint with Reason and Description; the company replies, the author is told and sees the reply; resolved it moves to closed', async () => {
    const { owner, caller } = await company();
    const filed = await mutate(t.app, 'complaints.fileAsUser', { reason: 'Leads repeat', description: 'Same lead came twice today.' }, caller);
    expect(filed.status).toBe(200);
    const id = filed.data.id as number;
    expect(await row(id)).toMatchObject({ from_kind: 'user', title: 'Leads repeat', body: 'Same lead came twice today.', status: 0 });

    const pending = await query(t.app, 'complaints.fromUsers', { status: 'pending' }, owner);
    expect(pending.data.items).toEqual([expect.objectContaining({ id, title: 'Leads repeat', user_name: expect.any(String), reply: null })]);
    const empty = await mutate(t.app, 'complaints.replyToUser', { id, reply: '  ' }, owner);
    expect(empty.error!.data.fieldErrors?.reply).toBe('Please enter a reply.');
    expect((await mutate(t.app, 'complaints.replyToUser', { id, reply: 'Fixed the duplicate upload.' }, owner)).status).toBe(200);

    const inbox = await query(t.app, 'notifications.inbox', { page: 1, pageSize: 10 }, caller);
    expect(inbox.data.items[0]).toMatchObject({ title: 'Reply to your complaint: Leads repeat', message: 'Fixed the duplicate upload.', read: false });
    // A notice the reader's area says in the reader's language: its kind and values, beside the English.
    expect(inbox.data.items[0]!.notice).toEqual({ kind: 'complaintReplied', params: { complaint: 'Leads repeat', reply: 'Fixed the duplicate upload.' } });
    const mine = await query(t.app, 'complaints.mineAsUser', {}, caller);
    expect(mine.data.items).toEqual([expect.objectContaining({ id, reply: 'Fixed the duplicate upload.', status: 0 })]);
    // The company's announcements list does not show a reply to one user.
    expect((await query(t.app, 'notifications.sentToUsers', { page: 1, pageSize: 10 }, owner)).data.items).toEqual([]);

    expect((await mutate(t.app, 'complaints.resolveFromUser', { id }, owner)).status).toBe(200);
    expect((await query(t.app, 'complaints.fromUsers', { status: 'pending' }, owner)).data.items).toEqual([]);
    expect((await query(t.app, 'complaints.fromUsers', { status: 'closed' }, owner)).data.items).toEqual([expect.objectContaining({ id, status: 1 })]);
    expect((await mutate(t.app, 'complaints.replyToUser', { id, reply: 'Again' }, owner)).error!.message).toBe('This complaint is already resolved.');
  });

  it("keeps complaints within the company and to their author: another company's id is not found, a colleague's reply is not shown", async () => {
    const a = await company();
    const b = await company();
    const id = (await mutate(t.app, 'complaints.fileAsUser', { reason: 'Slow app', description: 'Queue takes long.' }, a.caller)).data.id as number;
    expect((await mutate(t.app, 'complaints.replyToUser', { id, reply: 'No' }, b.owner)).status).toBe(404);
    expect((await mutate(t.app, 'complaints.resolveFromUser', { id }, b.owner)).status).toBe(404);
    expect((await query(t.app, 'complaints.fromUsers', { status: 'pending' }, b.owner)).data.items).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 0, reply: null });
    expect((await query(t.app, 'complaints.mineAsUser', {}, a.developer)).data.items).toEqual([]);
    await mutate(t.app, 'complaints.replyToUser', { id, reply: 'Looking into it.' }, a.owner);
    expect(
      (await query(t.app, 'notifications.inbox', { page: 1, pageSize: 10 }, a.developer)).data.items.some((n: { title: string }) =>
        n.title.startsWith('Reply to your complaint'),
      ),
    ).toBe(false);
    const blank = await mutate(t.app, 'complaints.fileAsUser', { reason: '', description: 'x' }, a.caller);
    expect(blank.error!.data.fieldErrors?.reason).toBe('Reason is required.');
  });

  it('answers the original calls: submitComplaint (service, area), getPendingComplaints, reply and resolve by PATCH', async () => {
    const { owner, caller } = await company();
    const sent = await legacy(t.app, 'POST', '/submitComplaint', caller, { service: 'Payment', area: 'Commission not shown' });
    expect(sent.body).toMatchObject({ status: true, message: 'Complaint submitted successfully' });
    const missing = await legacy(t.app, 'POST', '/submitComplaint', caller, { service: 'Payment' });
    expect(missing).toMatchObject({ status: 400, body: { status: false, message: 'Description is required.' } });
    const pending = await legacy(t.app, 'GET', '/getPendingComplaints', owner);
    expect(pending.body.data).toEqual([expect.objectContaining({ id: sent.body.id, title: 'Payment', body: 'Commission not shown' })]);
    expect((await legacy(t.app, 'PATCH', `/subadmin/complaints/reply/${sent.body.id}`, owner, { reply: 'Shown now.' })).body).toMatchObject({
      status: true,
      message: 'Reply added successfully!',
    });
    expect((await legacy(t.app, 'PATCH', `/subadmin/complaints/resolve/${sent.body.id}`, owner)).body).toMatchObject({
      status: true,
      message: 'Complaint resolved successfully!',
    });
    expect((await legacy(t.app, 'GET', '/getResolvedComplaints', owner)).body.data).toEqual([expect.objectContaining({ reply: 'Shown now.', status: 1 })]);
    expect((await legacy(t.app, 'GET', '/getPendingComplaints', caller)).status).toBe(403);
    expect((await legacy(t.app, 'POST', '/submitComplaint', owner, { service: 'x', area: 'y' })).status).toBe(403);
  });
});
