// Two app instances on one Postgres and one uploads folder (issue 10), as a company that outgrows
// one machine runs them behind a load balancer: a session made on one works on the other, sign-in
// limits count across both, a file stored through one is served by the other, and the IndiaMART
// scheduler, ticking every second on both, pulls a due company once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../seed/demo.js';
import { FakeIndiamart } from '../helpers/fake-indiamart.js';
import { multipart } from '../helpers/multipart.js';
import { PNG } from '../helpers/files.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('two instances on one Postgres', () => {
  const name = `multi_${randomBytes(5).toString('hex')}`;
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-two-'));
  const servers: ServerProcess[] = [];
  let admin: pg.Client | undefined;
  let fake: FakeIndiamart | undefined;
  afterAll(async () => {
    for (const s of servers) await s.kill();
    await fake?.close();
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    for (const s of servers) fs.rmSync(s.dir, { recursive: true, force: true });
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('share sessions, sign-in limits and files, and pull IndiaMART once between them', async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = url!.replace(/\/[^/]*$/, `/${name}`);
    const env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: path.join(shared, 'uploads'), INDIAMART_CHECK_SECONDS: '1', SEED_DEMO: 'true' };
    // The first creates the schema and the demo company; the second finds them.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const post = (s: ServerProcess, p: string, body: unknown, token?: string) => fetch(`${s.base}${p}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
    });
    const get = (s: ServerProcess, p: string, token: string) => fetch(`${s.base}${p}`, { headers: { authorization: `Bearer ${token}` } });

    // A session made on one works on the other, and ends on both.
    const token = ((await (await post(a, '/api/webapi/auth/login', DEMO.telecaller)).json()) as { token: string }).token;
    expect((await get(b, '/api/webapi/getLeads', token)).status).toBe(200);
    expect((await post(b, '/api/webapi/logout', {}, token)).status).toBe(200);
    expect((await get(a, '/api/webapi/getLeads', token)).status).toBe(401);

    // Failed sign-ins count on both: five wrong passwords spread over the two lock the account on each.
    const wrong = { email: DEMO.subadmin.email, password: 'not-the-password' };
    for (let i = 0; i < 5; i++) expect((await post(i % 2 ? b : a, '/api/webapi/subadmin/login', wrong)).status).toBe(401);
    for (const s of [a, b]) {
      const locked = await post(s, '/api/webapi/subadmin/login', DEMO.subadmin);
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts/);
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('delete from sign_in_failures');

    // A banner stored through one is listed and served by the other (one shared uploads folder).
    const owner = ((await (await post(a, '/api/webapi/subadmin/login', DEMO.subadmin)).json()) as { token: string }).token;
    const form = multipart([['image', { filename: 'b.png', content: PNG, type: 'image/png' }]]);
    const stored = await fetch(`${a.base}/api/webapi/insertBanner`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType }, body: form.payload });
    expect(stored.status).toBe(200);
    const banners = (await (await get(b, '/api/webapi/featchBanner', owner)).json()) as { data: { image: string }[] };
    const image = await fetch(`${b.base}/uploads/${banners.data[0]!.image.split('/').pop()}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // IndiaMART: both schedulers look every second; the due company is pulled once.
    fake = await FakeIndiamart.start();
    const key = `two-${randomBytes(4).toString('hex')}`;
    fake.setLeads(key, []);
    try {
      const company = (await db.query('select id from subadmins where email = $1', [DEMO.subadmin.email])).rows[0] as { id: number };
      await db.query(
        `insert into indiamart_settings (subadmin_id, api_link, mobile_number, updated_at, last_pull_at, last_pull_code, last_pull_message, last_window_end)
         values ($1, $2, '9876543210', now()::text, null, null, null, null)
         on conflict (subadmin_id) do update set api_link = excluded.api_link, last_pull_at = null`,
        [company.id, fake.link(key)],
      );
      for (let i = 0; i < 100 && fake.requestsFor(key).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 3000));
      expect(fake.requestsFor(key)).toHaveLength(1);
      const batches = await db.query("select count(*)::int as n from upload_batches where subadmin_id = $1 and source = 'indiamart'", [company.id]);
      expect(batches.rows[0].n).toBe(1);
      console.log(`two instances: session shared, sign-in lock shared after 5 failures split over both, banner served by the other, `
        + `IndiaMART pulled ${fake.requestsFor(key).length} time(s) in ~3 s of both schedulers ticking every second`);
    } finally {
      await db.end();
    }
  }, 120_000);
});
