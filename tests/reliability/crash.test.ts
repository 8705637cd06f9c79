// SIGKILL in the middle of the work that writes the most (issue 10): a large CSV import, a
// distribution and a burst of lead-form submits, 20 times each. After every kill the SQLite file
// passes its integrity check and, once the server is back, each piece of work is all there or not
// there at all; nothing the server acknowledged is missing.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { DEMO } from '../../seed/demo.js';
import { multipart } from '../helpers/multipart.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { random } from './hostile.js';

const LOOPS = Number(process.env.CRASH_LOOPS ?? 20);
const ROWS = 30_000;
// More than one of the distribution's slices (DISTRIBUTE_CHUNK), all in one transaction.
const DISTRIBUTE = 25_000;
const SUBMITS = 40;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

// 8xx: apart from the demo company's own leads (9...).
const mobileOf = (batch: number, row: number) => `8${String(batch).padStart(2, '0')}${String(row).padStart(7, '0')}`;
const batchPattern = (batch: number) => `8${String(batch).padStart(2, '0')}%`;

function csvOf(batch: number): Buffer {
  const lines = ['Name,Mobile,Requirement,City'];
  for (let i = 0; i < ROWS; i++) lines.push(`Lead ${batch}-${i},${mobileOf(batch, i)},Needs a quote for ${i} units,Pune`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

interface Sent {
  status: number | null;
  body: string;
}

/** Sends a request and settles when it is answered or the connection dies (the server was killed). */
function send(base: string, method: string, path: string, token: string, body: Buffer | string, type: string): Promise<Sent> {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': type, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? null, body: text }));
        res.on('error', () => resolve({ status: null, body: text }));
      },
    );
    req.on('error', () => resolve({ status: null, body: '' }));
    // In pieces, as a phone on 4G would send it, so that a kill can land mid-body too.
    const data = Buffer.from(body);
    let at = 0;
    const pump = () => {
      while (at < data.length) {
        const ok = req.write(data.subarray(at, at + 64 * 1024));
        at += 64 * 1024;
        if (!ok) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const json = (b: unknown) => JSON.stringify(b);

describe('SIGKILL during imports, distributions and submits', () => {
  let server: ServerProcess;
  let dir: string;
  const r = random(SEED);
  let owner = '';
  let caller = '';
  let callerId = 0;

  const withDb = <T>(use: (db: InstanceType<ReturnType<typeof sqliteDriver>['Database']>) => T): T => {
    const db = new (sqliteDriver().Database)(`${dir}/app.db`);
    try {
      return use(db);
    } finally {
      db.close();
    }
  };
  const count = (q: string, ...args: unknown[]) => withDb((db) => (db.prepare(q).get(...args) as { n: number }).n);

  const signIn = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json(body) });
    if (!res.ok) throw new Error(`sign-in failed: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };

  /** Kills the server after `delay` ms, checks the file, and starts it again on the same folder. */
  const killAfter = async (delay: number) => {
    await new Promise((res) => setTimeout(res, delay));
    await server.kill();
    const integrity = withDb((db) => db.pragma('integrity_check', { simple: true }));
    expect(integrity).toBe('ok');
    server = await startServer({ dir });
  };

  beforeAll(async () => {
    server = await startServer();
    dir = server.dir;
    owner = await signIn('/api/webapi/subadmin/login', DEMO.subadmin);
    caller = await signIn('/api/webapi/auth/login', DEMO.telecaller);
    callerId = count('select id as n from users where mobile = ?', DEMO.telecaller.mobile);
    console.log(`crash seed ${SEED} (FUZZ_SEED=${SEED} replays this run), ${LOOPS} loops each`);
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (batch: number, category: string) => {
    const form = multipart([
      ['category', category],
      ['csvFile', { filename: `crash-${batch}.csv`, content: csvOf(batch) }],
    ]);
    return send(server.base, 'POST', '/api/webapi/upload-csv', owner, form.payload, form.contentType);
  };

  it(`a ${ROWS.toLocaleString('en-US')}-row CSV import killed at a random moment is all there or not there`, async () => {
    const t0 = Date.now();
    const first = await upload(99, 'Local Leads');
    const took = Date.now() - t0;
    expect(first.status, first.body).toBe(200);
    const outcomes = { present: 0, absent: 0 };
    for (let i = 0; i < LOOPS; i++) {
      const answer = upload(i, 'Local Leads');
      await killAfter(r.int(Math.ceil(took * 1.2)));
      const sent = await answer;
      const rows = count('select count(*) as n from leads where mobile like ?', batchPattern(i));
      const visible = count('select count(*) as n from leads where visible = 1 and mobile like ?', batchPattern(i));
      expect([0, ROWS], `import ${i}: ${rows} rows after the kill`).toContain(rows);
      expect(visible, `import ${i}`).toBe(rows);
      if (sent.status === 200) expect(rows, `import ${i} was acknowledged`).toBe(ROWS);
      outcomes[rows ? 'present' : 'absent']++;
    }
    expect(count("select count(*) as n from upload_batches where status = 'running'")).toBe(0);
    console.log(`imports: ${outcomes.present} whole, ${outcomes.absent} gone, after ${LOOPS} kills (an import takes ${took} ms)`);
  });

  it(`a distribution of ${DISTRIBUTE.toLocaleString('en-US')} leads killed at a random moment is all assigned or not at all`, async () => {
    expect((await upload(98, 'IndiaMART')).status).toBe(200);
    const assigned = () => count("select count(*) as n from leads where telicaller_id = ? and category = 'IndiaMART'", callerId);
    const distribute = (n = DISTRIBUTE) =>
      send(server.base, 'POST', '/api/webapi/distributeLeads', owner, json({ id: callerId, sendleads: n, category: 'IndiaMART' }), 'application/json');
    const takeBack = () =>
      send(server.base, 'POST', '/trpc/distribution.takeBack', owner, json({ userId: callerId, category: 'IndiaMART' }), 'application/json');
    const t0 = Date.now();
    expect((await distribute()).status).toBe(200);
    const took = Date.now() - t0;
    expect((await takeBack()).status).toBe(200);
    const outcomes = { assigned: 0, not: 0 };
    for (let i = 0; i < LOOPS; i++) {
      const before = assigned();
      const answer = distribute();
      await killAfter(r.int(Math.ceil(took * 1.5) + 5));
      const sent = await answer;
      const added = assigned() - before;
      expect([0, DISTRIBUTE], `distribution ${i}`).toContain(added);
      if (sent.status === 200) expect(added, `distribution ${i} was acknowledged`).toBe(DISTRIBUTE);
      outcomes[added ? 'assigned' : 'not']++;
      // Back to the pool for the next round.
      if (added) expect((await takeBack()).status).toBe(200);
    }
    // Leads for the submits that follow.
    expect((await distribute(SUBMITS * LOOPS + 100)).status).toBe(200);
    console.log(`distributions: ${outcomes.assigned} whole, ${outcomes.not} not made, after ${LOOPS} kills (one takes ${took} ms)`);
  });

  it(`a burst of ${SUBMITS} lead-form submits killed midway: each lead has its new status and its history row, or neither`, async () => {
    let acknowledged = 0;
    let kept = 0;
    for (let i = 0; i < LOOPS; i++) {
      const ids = withDb((db) =>
        (db.prepare("select id from leads where telicaller_id = ? and status = '0' order by id limit ?").all(callerId, SUBMITS) as { id: number }[]).map(
          (x) => x.id,
        ),
      );
      expect(ids.length).toBe(SUBMITS);
      const answers = ids.map((id) =>
        send(
          server.base,
          'POST',
          '/api/webapi/submitLeadForm',
          caller,
          json({ customer_id: id, status: '3', feedback: 'Not Relevant Lead', call_duration: 42 }),
          'application/json',
        ),
      );
      await killAfter(r.int(40));
      const sent = await Promise.all(answers);
      withDb((db) => {
        for (const [k, id] of ids.entries()) {
          const lead = db.prepare('select status from leads where id = ?').get(id) as { status: string };
          const history = (db.prepare('select count(*) as n from lead_history where lead_id = ?').get(id) as { n: number }).n;
          expect(history, `lead ${id}: status ${lead.status}, ${history} history rows`).toBe(lead.status === '3' ? 1 : 0);
          if (sent[k]!.status === 200) {
            acknowledged++;
            expect(lead.status, `lead ${id} was acknowledged`).toBe('3');
          }
          if (lead.status === '3') kept++;
        }
      });
    }
    console.log(`submits: ${kept} of ${LOOPS * SUBMITS} stored whole (${acknowledged} acknowledged before the kill, all of them stored), the rest not at all`);
  });
});
