// Two app instances on one Postgres and one uploads folder (issue 10), as a company that outgrows
// one machine runs them behind a load balancer: a session made on one works on the other, sign-in
// limits count across both, a file stored through one is served by the other, and the IndiaMART
// scheduler, ticking every second on both, pulls a due company once.
import fs from 'node:fs';
import http from 'node:http';
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
  let env: Record<string, string> = {};
  let databaseUrl = '';
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
    databaseUrl = url!.replace(/\/[^/]*$/, `/${name}`);
    env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: path.join(shared, 'uploads'), INDIAMART_CHECK_SECONDS: '1', SEED_DEMO: 'true' };
    // The first creates the schema and the demo company; the second finds them.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const post = (s: ServerProcess, p: string, body: unknown, token?: string) =>
      fetch(`${s.base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
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
    const stored = await fetch(`${a.base}/api/webapi/insertBanner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType },
      body: form.payload,
    });
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
      console.log(
        `two instances: session shared, sign-in lock shared after 5 failures split over both, banner served by the other, ` +
          `IndiaMART pulled ${fake.requestsFor(key).length} time(s) in ~3 s of both schedulers ticking every second`,
      );
    } finally {
      await db.end();
    }
  }, 120_000);

  it("a restart of one instance leaves the other's upload in progress alone", async () => {
    const [a] = servers as [ServerProcess, ServerProcess];
    const login = await fetch(`${a.base}/api/webapi/subadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.subadmin),
    });
    const owner = ((await login.json()) as { token: string }).token;
    const ROWS = 20_000;
    const prefix = `7${String(Date.now() % 10_000).padStart(4, '0')}`;
    const csv = ['name,mobile,requirement,area', ...Array.from({ length: ROWS }, (_, i) => `Lead ${i},${prefix}${String(i).padStart(5, '0')},Quote,Pune`)].join(
      '\n',
    );
    const form = multipart([
      ['category', 'Local Leads'],
      ['csvFile', { filename: 'slow.csv', content: Buffer.from(csv) }],
    ]);

    // The file reaches A in two parts: A's import is running when B restarts between them.
    const req = http.request(`${a.base}/api/webapi/upload-csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType, 'content-length': form.payload.length },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    const cut = Math.floor(form.payload.length * 0.6);
    req.write(form.payload.subarray(0, cut));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const batch = async () =>
        (await db.query("select id, status from upload_batches where file_name = 'slow.csv'")).rows[0] as { id: number; status: string } | undefined;
      for (let i = 0; i < 200 && !(await batch()); i++) await new Promise((r) => setTimeout(r, 25));
      expect((await batch())?.status).toBe('running');

      await servers[1]!.kill();
      servers.push(await startServer({ env }));
      expect((await batch())?.status, 'after the other instance started again').toBe('running');

      req.end(form.payload.subarray(cut));
      const done = await answer;
      expect(done.status, done.body).toBe(200);
      const { id, status } = (await batch())!;
      expect(status).toBe('complete');
      const visible = await db.query('select count(*)::int as n from leads where batch_id = $1 and visible = 1', [id]);
      expect(visible.rows[0].n).toBe(ROWS);
      console.log(`two instances: B restarted while A imported ${ROWS.toLocaleString('en-US')} rows; A's import completed whole`);
    } finally {
      await db.end();
    }
  }, 120_000);
});
