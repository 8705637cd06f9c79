import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnDatabase, buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, mutate, signIn } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { PNG } from './helpers/files.js';
import { PASSWORD } from './helpers/fixtures.js';
import { backup } from '../server/db/backup.js';

describe.each(dialects)('npm run backup on %s', (dialect) => {
  let t: TestApp;
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await t?.close();
  });

  it('copies a live database and its uploads consistently, and the copy restores into a working server', async () => {
    const { company, owner } = await signedInCompany(t);
    const form = multipart([['image', { filename: 'banner.png', content: PNG, type: 'image/png' }]]);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/insertBanner',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(stored.statusCode).toBe(200);
    const leads = () =>
      t.deps.db
        .selectFrom('leads')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('subadmin_id', '=', company.id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));

    // Leads keep arriving while the backup runs.
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const res = await mutate(
          t.app,
          'intake.addLead',
          { name: `Walk-in ${n}`, mobile: `98${String(10_000_000 + n++).slice(-8)}`, category: 'Local Leads' },
          owner,
        );
        expect(res.status).toBe(200);
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const before = await leads();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-backup-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const config = t.deps.config;
    const result = await backup({ databaseUrl: config.databaseUrl, uploadsDir: config.uploadsDir, dir: path.join(dir, 'copy'), pgSchema: t.database.pgSchema });
    const after = await leads();
    writing = false;
    await writer;
    expect(after).toBeGreaterThan(before);
    expect(result.files).toBe(1);

    // Restore as the README says, into a new place, and start a server on it.
    let url: string;
    if (dialect === 'sqlite') {
      url = `sqlite:${path.join(dir, 'restored.db')}`;
      fs.copyFileSync(result.databaseFile, path.join(dir, 'restored.db'));
    } else {
      const name = `restore_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      url = process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
      execFileSync('pg_restore', ['--no-owner', '--dbname', url, result.databaseFile]);
    }
    fs.cpSync(path.join(dir, 'copy', 'uploads'), path.join(dir, 'uploads'), { recursive: true });
    const restored = await appOnDatabase(url, path.join(dir, 'uploads'), t.database.pgSchema);
    cleanups.push(() => restored.close());
    const { database } = restored;

    const count = Number(
      (
        await database.db
          .selectFrom('leads')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('subadmin_id', '=', company.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(count).toBeGreaterThanOrEqual(before);
    expect(count).toBeLessThanOrEqual(after);
    // Every lead in the copy is whole: the writer's leads are numbered without gaps up to the snapshot.
    const names = (await database.db.selectFrom('leads').select('name').where('name', 'like', 'Walk-in %').execute()).map((r) => Number(r.name.split(' ')[1]));
    expect(names.sort((a, b) => a - b)).toEqual(Array.from({ length: names.length }, (_, i) => i));

    const again = await signIn(restored.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const banners = await legacy(restored.app, 'GET', '/featchBanner', again);
    expect(banners.body.data).toHaveLength(1);
    const image = await restored.app.inject({ method: 'GET', url: `/uploads/${banners.body.data[0].image.split('/').pop()}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });
});
