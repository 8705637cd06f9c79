import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, mutate, query, type Session } from './helpers/http.js';
import { multipart, type Part } from './helpers/multipart.js';
import { insertUser, PASSWORD } from './helpers/fixtures.js';
import { signIn } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';
import { PNG, MP4 } from './helpers/files.js';

describe.each(dialects)('developer tasks on %s', (dialect) => {
  const t = testAppFor(dialect);
  const today = () => todayIn('Asia/Kolkata');
  const create = (
    s: Session,
    over: Record<string, string> = {},
    files: Part[] = [
      ['image', { filename: 'a.png', content: PNG, type: 'image/png' }],
      ['video', { filename: 'a.mp4', content: MP4, type: 'video/mp4' }],
    ],
  ) => {
    const fields = Object.entries({
      name: 'Fix the login page',
      description: 'Buttons overlap on phones.',
      start_date: today(),
      end_date: addDays(today(), 5),
      ...over,
    });
    const body = multipart([...fields, ...files] as Part[]);
    return t.app.inject({
      method: 'POST',
      url: '/api/webapi/createTask',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const ids = async (s: Session, procedure: string, list: string) =>
    ((await query(t.app, procedure, { list, pageSize: 100 }, s)).data as { items: Array<{ id: number }> }).items.map((x) => x.id);
  const stored = () =>
    fs
      .readdirSync(t.uploadsDir)
      .filter((f) => !f.startsWith('.'))
      .sort();

  it('creates a task with an image and a video; the developer accepts and completes it; the company approves it', async () => {
    const { owner, developer } = await signedInCompany(t);
    const devId = (await query(t.app, 'tasks.developers', undefined, owner)).data[0]!.id as number;
    const res = await create(owner, { developer_id: String(devId) });
    expect(res.json()).toMatchObject({ success: true, message: 'Task added successfully!' });
    const id = res.json().task.id as number;
    const [item] = (await query(t.app, 'tasks.mine', { list: 'new' }, developer)).data.items;
    expect(item).toMatchObject({ id, status: 0, image: expect.stringMatching(/^\/uploads\/.+\.png$/), video: expect.stringMatching(/^\/uploads\/.+\.mp4$/) });
    const video = await t.app.inject({ method: 'GET', url: item!.video!, headers: { range: 'bytes=0-11' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');

    // The company sees it among its running tasks while it waits for the developer.
    expect(await ids(owner, 'tasks.list', 'open')).toEqual([id]);
    expect((await mutate(t.app, 'tasks.complete', { id }, developer)).status).toBe(409);
    expect((await mutate(t.app, 'tasks.accept', { id }, developer)).data).toMatchObject({ message: 'Task Accepted successfully!' });
    expect(await ids(developer, 'tasks.mine', 'running')).toEqual([id]);
    expect((await mutate(t.app, 'tasks.approve', { id }, owner)).status).toBe(409);
    expect((await mutate(t.app, 'tasks.complete', { id }, developer)).data).toMatchObject({ message: 'Task completed successfully!' });
    expect((await mutate(t.app, 'tasks.approve', { id }, owner)).status).toBe(200);
    expect(await ids(owner, 'tasks.list', 'completed')).toEqual([id]);
    expect((await t.deps.db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(4);
  });

  it('counts a running task past its end date as delayed without anyone opening a page; it can still be completed', async () => {
    const { owner, developer } = await signedInCompany(t);
    const devId = (await query(t.app, 'tasks.developers', undefined, owner)).data[0]!.id as number;
    const id = (await create(owner, { developer_id: String(devId), start_date: addDays(today(), -5), end_date: addDays(today(), -1) })).json().task
      .id as number;
    await mutate(t.app, 'tasks.accept', { id }, developer);
    expect(await ids(developer, 'tasks.mine', 'running')).toEqual([]);
    expect(await ids(developer, 'tasks.mine', 'delayed')).toEqual([id]);
    expect(await ids(owner, 'tasks.list', 'delayed')).toEqual([id]);
    expect((await query(t.app, 'dashboard.tiles', undefined, developer)).data.counts).toMatchObject({ runningTasks: 0, delayedTasks: 1 });
    expect((await mutate(t.app, 'tasks.complete', { id }, developer)).status).toBe(200);
  });

  it('creates a task without an image or a video, or with only one of them', async () => {
    const { owner, developer } = await signedInCompany(t);
    const devId = (await query(t.app, 'tasks.developers', undefined, owner)).data[0]!.id as number;
    const bare = await create(owner, { developer_id: String(devId), name: 'No media' }, []);
    expect(bare.json()).toMatchObject({ success: true, message: 'Task added successfully!' });
    const imageOnly = await create(owner, { developer_id: String(devId), name: 'Image only' }, [
      ['image', { filename: 'a.png', content: PNG, type: 'image/png' }],
    ]);
    expect(imageOnly.json()).toMatchObject({ success: true });
    const videoOnly = await create(owner, { developer_id: String(devId), name: 'Video only' }, [
      ['video', { filename: 'a.mp4', content: MP4, type: 'video/mp4' }],
    ]);
    expect(videoOnly.json()).toMatchObject({ success: true });
    const items = (await query(t.app, 'tasks.mine', { list: 'new', pageSize: 100 }, developer)).data.items as Array<{
      id: number;
      image: string | null;
      video: string | null;
    }>;
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(bare.json().task.id)).toMatchObject({ image: null, video: null });
    expect(byId.get(imageOnly.json().task.id)).toMatchObject({ image: expect.stringMatching(/\.png$/), video: null });
    expect(byId.get(videoOnly.json().task.id)).toMatchObject({ image: null, video: expect.stringMatching(/\.mp4$/) });
  });

  it('refuses a task without a developer (removing its files), with the dates the wrong way round, or with a fake video; nothing is stored', async () => {
    const { company, owner } = await signedInCompany(t);
    const devId = (await query(t.app, 'tasks.developers', undefined, owner)).data[0]!.id as number;
    const before = stored();
    expect((await create(owner)).json()).toMatchObject({ success: false, message: 'Please select a developer.' });
    expect((await create(owner, { developer_id: String(devId), end_date: addDays(today(), -1) })).json()).toMatchObject({
      message: 'The end date cannot be before the start date.',
    });
    const fake = await create(owner, { developer_id: String(devId) }, [
      ['image', { filename: 'a.png', content: PNG, type: 'image/png' }],
      ['video', { filename: 'v.mp4', content: PNG, type: 'video/mp4' }],
    ]);
    expect(fake.json()).toMatchObject({ message: 'Only MP4 or WebM videos can be uploaded.' });
    expect(stored()).toEqual(before);
    expect(await t.deps.db.selectFrom('tasks').selectAll().where('subadmin_id', '=', company.id).execute()).toEqual([]);
  });

  it("moves only the task's own developer's tasks and only its company's; the legacy calls answer the original client's shapes", async () => {
    const a = await signedInCompany(t);
    const b = await signedInCompany(t);
    const devId = (await query(t.app, 'tasks.developers', undefined, a.owner)).data[0]!.id as number;
    const id = (await create(a.owner, { developer_id: String(devId) })).json().task.id as number;
    const second = await insertUser(t.deps.db, a.company.id, 'Developer');
    const colleague = await signIn(t.app, { kind: 'user', mobile: second.mobile, password: PASSWORD });
    expect((await mutate(t.app, 'tasks.accept', { id }, colleague)).status).toBe(404);
    expect((await mutate(t.app, 'tasks.accept', { id }, b.developer)).status).toBe(404);
    const foreign = await create(b.owner, { developer_id: String(devId) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Developer not found.' });
    expect((await legacy(t.app, 'GET', '/tasks/status?developer_id=1', a.developer)).body).toMatchObject({
      status: true,
      tasks: [expect.objectContaining({ id })],
    });
    expect((await legacy(t.app, 'GET', '/tasks/getTaskid?developer_id=1', colleague)).body.tasks).toEqual([]);
    expect((await legacy(t.app, 'PUT', '/updateTask', a.developer, { id, status: 'Running' })).body).toMatchObject({
      success: true,
      message: 'Task Accepted successfully!',
    });
    expect((await legacy(t.app, 'GET', '/tasks/statu', a.developer)).body.tasks).toEqual([expect.objectContaining({ id, status: 1 })]);
    expect((await legacy(t.app, 'PUT', '/updateTask', a.developer, { id, status: 'Done' })).status).toBe(400);
    expect((await legacy(t.app, 'PUT', '/updateTask', a.developer, { id, status: 'Completed' })).body).toMatchObject({
      message: 'Task completed successfully!',
    });
    expect((await legacy(t.app, 'GET', '/tasks/sta', a.developer)).body.tasks).toEqual([expect.objectContaining({ id, status: 2 })]);
    expect((await legacy(t.app, 'GET', '/Developer', a.owner)).body.users.map((u: { id: number }) => u.id)).toContain(devId);
    expect((await legacy(t.app, 'GET', '/Developer', a.caller)).status).toBe(403);
    expect((await legacy(t.app, 'GET', '/tasks/stat', a.caller)).status).toBe(403);
  });
});
