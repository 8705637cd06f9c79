import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, type Session } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { STORED_NAME, sweepUploads } from '../server/services/uploads/uploads.service.js';
import { PNG } from './helpers/files.js';

const LIMIT_BYTES = 20 * 1024;

describe.each(dialects)('uploads and banners on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // A 20 kB image limit, so that "too large" needs no large test file.
    t = await buildTestApp(dialect, { IMAGE_MAX_MB: String(LIMIT_BYTES / (1024 * 1024)) });
  });
  afterAll(() => t?.close());
  const db = () => t.deps.db;

  const company = () => signedInCompany(t);
  const upload = (s: Session, content: Buffer | string, filename = 'banner.png', type = 'image/png', field = 'image') => {
    const body = multipart([[field, { filename, content, type }]]);
    return t.app.inject({
      method: 'POST',
      url: '/api/webapi/insertBanner',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  /** Every file under the uploads folder, the half-written ones included. */
  const onDisk = () =>
    fs
      .readdirSync(t.uploadsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();

  it('stores an image under a generated name and serves it with its type, nosniff and ranges', async () => {
    const { owner, caller } = await company();
    const res = await upload(owner, PNG, '../../evil name.png');
    expect(res.statusCode).toBe(200);
    const banner = res.json().data as { id: number; image: string };
    expect(res.json()).toMatchObject({ status: true, message: 'Banner uploaded successfully' });
    const name = banner.image.replace('/uploads/', '');
    expect(name).toMatch(STORED_NAME);
    expect(fs.readFileSync(path.join(t.uploadsDir, name))).toEqual(PNG);
    const served = await t.app.inject({ method: 'GET', url: banner.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG);
    const part = await t.app.inject({ method: 'GET', url: banner.image, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(PNG.subarray(0, 8));
    const list = await legacy(t.app, 'GET', '/featchBanner', caller);
    expect(list.body).toMatchObject({ status: true, data: [{ id: banner.id, image: banner.image }] });
  });

  it('refuses an image whose content cannot be read to its end (a truncated TIFF) by naming the accepted types', async () => {
    const { owner } = await company();
    const before = onDisk();
    // A little-endian TIFF header pointing at an IFD of 16 entries that never come.
    const truncatedTiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x01]);
    for (const [content, filename, type] of [
      [truncatedTiff, 'scan.tif', 'image/tiff'],
      [truncatedTiff, 'banner.png', 'image/png'],
    ] as const) {
      const res = await upload(owner, content, filename, type);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toMatchObject({ status: false, message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.' });
    }
    expect(onDisk()).toEqual(before);
  });

  it('refuses by content, not by name: a script renamed .png, an SVG, an empty file, a file too large, a cut-off upload; nothing stays on disk', async () => {
    const { owner } = await company();
    const before = onDisk();
    const cases: Array<[Buffer | string, string, string]> = [
      ['#!/bin/sh\nrm -rf /\n', 'photo.png', 'Only JPEG, PNG, WebP or GIF images can be uploaded.'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'Only JPEG, PNG, WebP or GIF images can be uploaded.'],
      ['', 'empty.png', 'The image is empty.'],
      [Buffer.concat([PNG, Buffer.alloc(LIMIT_BYTES)]), 'big.png', 'The image is larger than 20 kB. Please choose a smaller file.'],
    ];
    for (const [content, filename, message] of cases) {
      const res = await upload(owner, content, filename);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toMatchObject({ status: false, message });
    }
    // A body that breaks off in the middle of the file.
    const body = multipart([['image', { filename: 'cut.png', content: Buffer.concat([PNG, Buffer.alloc(4096, 1)]), type: 'image/png' }]]);
    const cut = body.payload.subarray(0, body.payload.length - 2000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/insertBanner',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
      payload: cut,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message: 'The upload did not complete. Please try again.' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/insertBanner',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(missing.json()).toMatchObject({ status: false, message: 'Please select an image to upload' });
    expect(onDisk()).toEqual(before);
    expect(
      await db()
        .selectFrom('banners')
        .selectAll()
        .where('subadmin_id', '=', (await db().selectFrom('subadmins').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id)
        .execute(),
    ).toEqual([]);
  });

  it('serves nothing but stored files: no listing, no climbing out, no half-written upload', async () => {
    fs.mkdirSync(path.join(t.uploadsDir, '.incoming'), { recursive: true });
    fs.writeFileSync(path.join(t.uploadsDir, '.incoming', 'partial'), 'half');
    fs.writeFileSync(path.join(t.uploadsDir, 'notes.txt'), 'not ours');
    for (const url of [
      '/uploads/',
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/..%2fpackage.json',
      '/uploads/.incoming/partial',
      '/uploads/notes.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('"name"');
      expect(res.body, url).not.toContain('half');
    }
    fs.rmSync(path.join(t.uploadsDir, 'notes.txt'));
  });

  it('deletes a banner and its file; another company cannot; only the sub-admin uploads, only its people see them', async () => {
    const a = await company();
    const b = await company();
    const banner = (await upload(a.owner, PNG)).json().data as { id: number; image: string };
    const file = path.join(t.uploadsDir, banner.image.replace('/uploads/', ''));
    expect((await legacy(t.app, 'DELETE', `/deleteBanner/${banner.id}`, b.owner)).status).toBe(404);
    expect(fs.existsSync(file)).toBe(true);
    expect((await legacy(t.app, 'GET', '/featchBanner', b.caller)).body.data).toEqual([]);
    expect((await upload(a.caller, PNG)).statusCode).toBe(403);
    expect((await legacy(t.app, 'GET', '/featchBanner', a.developer)).status).toBe(403);
    expect((await legacy(t.app, 'GET', '/featchBanner', null)).status).toBe(401);
    const del = await legacy(t.app, 'DELETE', `/deleteBanner/${banner.id}`, a.owner);
    expect(del.body).toMatchObject({ status: true, message: 'Banner deleted successfully' });
    expect(fs.existsSync(file)).toBe(false);
    expect((await legacy(t.app, 'GET', '/featchBanner', a.caller)).body.data).toEqual([]);
  });

  it('sweeps what a crash left once it is an hour old: half-written uploads and stored files no record points at', async () => {
    const { owner } = await company();
    const kept = (await upload(owner, PNG)).json().data.image.replace('/uploads/', '') as string;
    const hoursAgo = (file: string, h: number) => {
      const at = new Date(Date.now() - h * 3_600_000);
      fs.utimesSync(file, at, at);
      return file;
    };
    const file = (name: string, content: string | Buffer) => {
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, content);
      return name;
    };
    const dir = t.uploadsDir;
    const orphan = hoursAgo(file(path.join(dir, '0f0e0d0c-0b0a-4908-8706-050403020100.png'), PNG), 2);
    const crashed = hoursAgo(file(path.join(dir, '.incoming', 'crashed'), 'half'), 2);
    // Another instance on the same volume, mid-upload: its file is written, its record not yet.
    const arriving = file(path.join(dir, '1f0e0d0c-0b0a-4908-8706-050403020100.png'), PNG);
    const writing = file(path.join(dir, '.incoming', 'writing'), 'part');
    const foreign = hoursAgo(file(path.join(dir, 'README.txt'), "someone else's file"), 2);
    hoursAgo(path.join(dir, kept), 2);

    const swept = await sweepUploads(t.deps);
    expect(swept.removed).toBeGreaterThanOrEqual(2);
    for (const gone of [orphan, crashed]) expect(fs.existsSync(gone), gone).toBe(false);
    for (const stays of [arriving, writing, foreign, path.join(dir, kept)]) expect(fs.existsSync(stays), stays).toBe(true);
    // An hour later nothing has claimed them: they go too.
    await sweepUploads(t.deps, Date.now() + 61 * 60_000);
    for (const gone of [arriving, writing]) expect(fs.existsSync(gone), gone).toBe(false);
    expect(fs.existsSync(path.join(dir, kept))).toBe(true);
  });
});
