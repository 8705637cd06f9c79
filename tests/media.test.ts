import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, mutate, query, type Session } from './helpers/http.js';
import { multipart, type Part } from './helpers/multipart.js';
import { PNG, GIF } from './helpers/files.js';

describe.each(dialects)('demos and tutorials on %s', (dialect) => {
  const t = testAppFor(dialect);
  const company = () => signedInCompany(t);
  const send = (s: Session, url: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/webapi${url}`,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const image = (content: Buffer = PNG, filename = 'shot.png'): Part => ['image', { filename, content, type: 'image/png' }];
  const fields = (over: Record<string, string> = {}): Part[] =>
    Object.entries({ name: 'CRM walkthrough', discreption: 'Five minutes on the lead form', link: 'https://example.com/demo', ...over });
  const stored = () =>
    fs
      .readdirSync(t.uploadsDir)
      .filter((f) => !f.startsWith('.'))
      .sort();

  for (const [kind, paths] of [
    ['demo', { list: '/showDemo', create: '/createDemo', update: '/updateDemo', remove: '/deleteDemo', created: 'Demo uploaded successfully!' }],
    [
      'tutorial',
      { list: '/fetchTutorial', create: '/createTutorial', update: '/updateTutorial', remove: '/deleteTutorial', created: 'Tutorial uploaded successfully!' },
    ],
  ] as const) {
    it(`keeps ${kind}s: create with an image (fields before or after it), edit with or without a new one, delete; files follow the rows`, async () => {
      const { owner, caller } = await company();
      const before = stored();
      const made = await send(owner, paths.create, [image(), ...fields()]);
      expect(made.statusCode).toBe(200);
      expect(made.json()).toMatchObject({ success: true, message: paths.created, data: { name: 'CRM walkthrough', link: 'https://example.com/demo' } });
      const item = made.json().data as { id: number; image: string };
      const first = item.image.replace('/uploads/', '');
      expect(stored()).toEqual([...before, first].sort());

      const renamed = await send(owner, paths.update, [...fields({ id: String(item.id), name: 'CRM tour' })]);
      expect(renamed.json().data).toMatchObject({ name: 'CRM tour', image: item.image });
      const swapped = await send(owner, paths.update, [...fields({ id: String(item.id) }), image(GIF, 'new.gif')]);
      const second = (swapped.json().data.image as string).replace('/uploads/', '');
      expect(second).toMatch(/\.gif$/);
      expect(stored()).toEqual([...before, second].sort());

      const list = await legacy(t.app, 'GET', paths.list, caller);
      expect(list.body.data).toEqual([expect.objectContaining({ id: item.id, name: 'CRM walkthrough', image: `/uploads/${second}` })]);
      expect((await legacy(t.app, 'DELETE', `${paths.remove}/${item.id}`, owner)).body).toMatchObject({ success: true });
      expect(stored()).toEqual(before);
      expect((await legacy(t.app, 'GET', paths.list, caller)).body.data).toEqual([]);
    });
  }

  it('refuses a missing image, a blank field, a javascript: link and a non-image, storing nothing', async () => {
    const { owner } = await company();
    const before = stored();
    const cases: Array<[Part[], string]> = [
      [fields(), 'All fields are required!'],
      [[image(), ...fields({ name: ' ' })], 'Name is required.'],
      [[image(), ...fields({ link: 'javascript:alert(1)' })], 'Enter a link that starts with http:// or https://.'],
      [[image(), ...fields({ link: 'ftp://example.com/x' })], 'Enter a link that starts with http:// or https://.'],
      [[image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg'), ...fields()], 'Only JPEG, PNG, WebP or GIF images can be uploaded.'],
    ];
    for (const [parts, message] of cases) {
      const res = await send(owner, '/createDemo', parts);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect(stored()).toEqual(before);
    expect(await t.deps.db.selectFrom('demos').selectAll().execute()).toEqual([]);
  });

  it("keeps each company's own: another company's id is not found and its file stays; only the sub-admin changes them", async () => {
    const a = await company();
    const b = await company();
    const item = (await send(a.owner, '/createTutorial', [image(), ...fields()])).json().data as { id: number; image: string };
    const file = path.join(t.uploadsDir, item.image.replace('/uploads/', ''));
    expect((await legacy(t.app, 'DELETE', `/deleteTutorial/${item.id}`, b.owner)).status).toBe(404);
    const foreign = await send(b.owner, '/updateTutorial', [...fields({ id: String(item.id), name: 'Mine now' }), image()]);
    expect(foreign.statusCode).toBe(404);
    expect(fs.existsSync(file)).toBe(true);
    expect((await query(t.app, 'media.tutorials', undefined, b.caller)).data).toEqual([]);
    expect((await query(t.app, 'media.tutorials', undefined, a.caller)).data).toEqual([expect.objectContaining({ id: item.id, name: 'CRM walkthrough' })]);
    expect((await send(a.caller, '/createTutorial', [image(), ...fields()])).statusCode).toBe(403);
    expect((await legacy(t.app, 'GET', '/showDemo', a.developer)).status).toBe(403);
    expect((await mutate(t.app, 'media.remove', { kind: 'tutorial', id: item.id }, a.owner)).status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});
