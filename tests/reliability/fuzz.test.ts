// Hostile input against the running server (issue 10): every tRPC procedure and legacy route,
// signed in with a role that may make the call, gets wrong types, huge and strange strings, nested
// junk, broken JSON, bad path ids and hostile files. Never a 5xx, never a stack trace or SQL in an
// answer, never a write behind a refusal; /healthz keeps answering within 100 ms; memory stays bounded.
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedures as procedureList } from '../authz/procedures.js';
import { sqliteDriver } from '../../server/db/sqlite-driver.js';
import { DEMO } from '../../seed/demo.js';
import { multipart, type Part } from '../helpers/multipart.js';
import { PROCEDURES, ROUTES, type Entry, type Probe, type Role } from '../authz/matrix.js';
import type { OtherCompany, OwnCompany } from '../authz/world.js';
import { BAD_JSON, BAD_PATH_IDS, HOSTILE, LEGACY_KEYS, hostileFiles, random, randomValue } from './hostile.js';
import { startServer, watchHealth, type HealthWatch, type ServerProcess } from '../helpers/server-process.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const MIN_CASES = 10_000;
/** the longest /healthz may take beyond a bare server asked at the same moment (watchHealth) */
const HEALTH_MS = 100;
const MEMORY_GROWTH_MIB = 256;
/** the server's JSON body limit (server/app.ts) */
const BODY_LIMIT = 1024 * 1024;

interface Case {
  label: string;
  method: string;
  path: string;
  role: Role | null;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  body: string;
}

// A connection per request: the server closes one after refusing oversized headers, and a reused socket would fail the next case.
const agent = new http.Agent({ keepAlive: false, maxSockets: 1 });
function send(base: string, c: Case, token: string | null): Promise<Answer> {
  const url = new URL(c.path, base);
  const headers: Record<string, string> = { ...c.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
  return new Promise((resolve, reject) => {
    let answered: number | null = null;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: c.method, headers, agent }, (res) => {
      answered = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: answered!, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // A server refusing a body it will not read (too large) answers and closes while the rest is
    // still being written: the answer counts, the broken pipe is only ours.
    req.on('error', (err) => (answered !== null ? resolve({ status: answered, body: '' }) : reject(err)));
    req.end(c.body);
  });
}

/** Percent-encoding that survives a lone surrogate: its UTF-8-looking bytes, invalid as UTF-8, go as they are. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** The role a fuzzed call is made as: one the matrix allows, so that the input itself is what gets judged. */
const roleOf = (e: Entry): Role | null => (e.allow === 'public' ? null : e.allow === 'loginAs' ? null : e.allow[0]!);

function buildCases(ids: OtherCompany, own: OwnCompany): Case[] {
  const r = random(SEED);
  const cases: Case[] = [];
  const json = { 'content-type': 'application/json' };
  const stringify = (v: unknown) => JSON.stringify(v) ?? 'null';

  for (const p of procedureList) {
    const entry = PROCEDURES[p.name]!;
    if (entry.endsSession || entry.allow === 'loginAs') continue;
    const role = roleOf(entry);
    const add = (label: string, input: unknown) => {
      const text = stringify(input);
      cases.push(
        p.type === 'query'
          ? { label, role, method: 'GET', path: `/trpc/${p.name}?input=${encodeURIComponent(text)}` }
          : { label, role, method: 'POST', path: `/trpc/${p.name}`, headers: json, body: text },
      );
    };
    for (const h of HOSTILE) add(`${p.name} whole input`, h);
    const baselines = [{}, ...(entry.probes?.(ids, own) ?? []).map((x: Probe) => x.input as Record<string, unknown>)];
    for (const key of p.keys) {
      for (let i = 0; i < 6; i++) add(`${p.name}.${key}`, { ...r.pick(baselines), [key]: r.pick(HOSTILE) });
    }
    for (let i = 0; i < 25; i++) add(`${p.name} random`, randomValue(r, p.keys));
    if (p.type === 'mutation')
      for (const raw of BAD_JSON) cases.push({ label: `${p.name} bad JSON`, role, method: 'POST', path: `/trpc/${p.name}`, headers: json, body: raw });
  }

  const uploads = new Set([
    'POST /upload-csv',
    'POST /insertBanner',
    'POST /createDemo',
    'POST /updateDemo',
    'POST /createTutorial',
    'POST /updateTutorial',
    'POST /createTask',
  ]);
  for (const [route, entry] of Object.entries(ROUTES)) {
    if (entry.endsSession) continue;
    const role = roleOf(entry);
    const [method, pattern] = route.split(' ') as [string, string];
    const at = (id: string) => `/api/webapi${pattern.replace(':id', id)}`;
    const path = at('1000000');
    if (pattern.includes(':id')) for (const id of BAD_PATH_IDS) cases.push({ label: `${route} path id`, role, method, path: at(id) });
    for (let i = 0; i < 25; i++) {
      const key = r.pick(LEGACY_KEYS);
      const value = r.pick(HOSTILE);
      const text = typeof value === 'string' ? value.slice(0, 2000) : stringify(value);
      cases.push({ label: `${route} query`, role, method, path: `${path}?${encode(key)}=${encode(text)}&${key}[a][__proto__]=1` });
    }
    if (method === 'GET') continue;
    const probeBodies = (entry.probes?.(ids, own) ?? []).filter((x) => x.body !== undefined).map((x) => x.body as Record<string, unknown>);
    for (const h of HOSTILE) cases.push({ label: `${route} whole body`, role, method, path, headers: json, body: stringify(h) });
    for (const raw of BAD_JSON) cases.push({ label: `${route} bad JSON`, role, method, path, headers: json, body: raw });
    for (let i = 0; i < 20; i++) {
      const base = probeBodies.length ? r.pick(probeBodies) : {};
      cases.push({
        label: `${route} random body`,
        role,
        method,
        path,
        headers: json,
        body: stringify({ ...base, ...(randomValue(r, LEGACY_KEYS, 1) as object) }),
      });
    }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data']) {
      cases.push({ label: `${route} as ${type}`, role, method, path, headers: { 'content-type': type }, body: 'a=1&b=%00' });
    }
    if (uploads.has(route)) {
      const fields: Part[] = [
        ['name', 'Fuzz'],
        ['discreption', 'Fuzz'],
        ['link', 'https://example.com/f'],
        ['category', 'Fuzz'],
        ['id', String(ids.demo)],
      ];
      for (const f of hostileFiles(r)) {
        for (const field of ['file', 'image', 'video', 'csv']) {
          const form = multipart([...fields, [field, { filename: f.filename, content: f.content, type: f.type }]]);
          cases.push({ label: `${route} ${f.label} as ${field}`, role, method, path, headers: { 'content-type': form.contentType }, body: form.payload });
        }
      }
      const form = multipart([...fields, ['image', { filename: 'a.png', content: Buffer.alloc(100), type: 'image/png' }]]);
      cases.push({
        label: `${route} cut-off multipart`,
        role,
        method,
        path,
        headers: { 'content-type': form.contentType },
        body: form.payload.subarray(0, form.payload.length - 40),
      });
      cases.push({ label: `${route} multipart without boundary`, role, method, path, headers: { 'content-type': 'multipart/form-data' }, body: form.payload });
      const junk = multipart(Array.from({ length: 30 }, (_, i) => [`f${i}\u0000"`, r.pick(['x', '\uD800', 'a'.repeat(10_000)])] as Part));
      cases.push({ label: `${route} junk fields`, role, method, path, headers: { 'content-type': junk.contentType }, body: junk.payload });
    }
  }
  // Sign-in calls last: their refusals count against the sign-in limits, which the others need not meet.
  return [...cases.filter((c) => c.role !== null), ...cases.filter((c) => c.role === null)];
}

/** Leaks of the server's insides into an answer. */
const INSIDES =
  /\bat \S+ \(\S+:\d+:\d+\)|node_modules|SQLITE_|SqliteError|syntax error at or near|relation "\w+"|constraint failed|violates \S+ constraint|no such (table|column)|kysely/i;

/** The server's database as the test reads it: a few lookups, a cheap sign that something was written, and a digest of the data. */
interface Store {
  one<T>(q: string, ...args: unknown[]): Promise<T | undefined>;
  /** changes whenever anything was written (a session's last-seen time too) */
  version(): Promise<unknown>;
  /** rows of every table but `skip`, as comparable text */
  tables(skip: string[]): Promise<string[]>;
  close(): Promise<void>;
}

function sqliteStore(file: string): Store {
  const db = new (sqliteDriver().Database)(file, { readonly: true });
  return {
    one: async <T>(q: string, ...args: unknown[]) => db.prepare(q).get(...args) as T | undefined,
    version: async () => db.pragma('data_version', { simple: true }),
    async tables(skip) {
      const names = (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[])
        .map((t) => t.name)
        .filter((n) => !skip.includes(n))
        .sort();
      return names.map(
        (t) =>
          `${t}:${(db.prepare(`select * from "${t}"`).all() as unknown[])
            .map((row) => JSON.stringify(row))
            .sort()
            .join('\n')}`,
      );
    },
    close: async () => {
      db.close();
    },
  };
}

async function postgresStore(url: string): Promise<Store> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const numbered = (q: string) => {
    let n = 0;
    return q.replace(/\?/g, () => `$${++n}`);
  };
  return {
    one: async <T>(q: string, ...args: unknown[]) => (await db.query(numbered(q), args)).rows[0] as T | undefined,
    // The next transaction id moves with every write and with no read.
    version: async () => (await db.query('select pg_snapshot_xmax(pg_current_snapshot())::text as v')).rows[0].v,
    async tables(skip) {
      const names = (
        await db.query("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")
      ).rows
        .map((t: { name: string }) => t.name)
        .filter((n: string) => !skip.includes(n))
        .sort();
      const parts: string[] = [];
      for (const t of names)
        parts.push(
          `${t}:${(await db.query(`select * from "${t}"`)).rows
            .map((row) => JSON.stringify(row))
            .sort()
            .join('\n')}`,
        );
      return parts;
    },
    close: () => db.end(),
  };
}

const DATABASES = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(DATABASES)('hostile input against the running server on %s', (dialect) => {
  let server: ServerProcess;
  let health: HealthWatch;
  let db: Store;
  let pgDatabase: string | undefined;
  const tokens = {} as Record<Role, string>;

  const signIn = async (role: Role) => {
    const [path, body] =
      role === 'admin'
        ? (['/api/webapi/admin/login', DEMO.admin] as const)
        : role === 'subadmin'
          ? (['/api/webapi/subadmin/login', DEMO.subadmin] as const)
          : (['/api/webapi/auth/login', role === 'Telicaller' ? DEMO.telecaller : role === 'Telicaller-hade' ? DEMO.head : DEMO.developer] as const);
    const res = await fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${role} could not sign in: ${res.status} ${await res.text()}`);
    tokens[role] = ((await res.json()) as { token: string }).token;
  };

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    if (dialect === 'postgres') {
      pgDatabase = `fuzz_${randomBytes(5).toString('hex')}`;
      await admin(`create database ${pgDatabase}`);
      const url = process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${pgDatabase}`);
      server = await startServer({ env: { DATABASE_URL: url } });
      db = await postgresStore(url);
    } else {
      server = await startServer();
      db = sqliteStore(server.dbFile);
    }
    for (const role of ['admin', 'subadmin', 'Telicaller', 'Telicaller-hade', 'Developer'] as Role[]) await signIn(role);
  }, 60_000);
  afterAll(async () => {
    health?.kill();
    await db?.close();
    await server?.kill();
    if (server) fs.rmSync(server.dir, { recursive: true, force: true });
    if (pgDatabase) await admin(`drop database if exists ${pgDatabase} with (force)`);
  });

  /**
   * Everything but the sessions (their last-seen times move), the audit trail and the failed sign-ins
   * (refusals are recorded on purpose), and the stored files.
   */
  async function digest(): Promise<string> {
    const parts = await db.tables(['sessions', 'audit_log', 'sign_in_failures']);
    const files = fs.existsSync(server.uploadsDir)
      ? fs
          .readdirSync(server.uploadsDir, { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile())
          .map((f) => `${f.parentPath}/${f.name}`)
          .sort()
      : [];
    return `${parts.join('\n\n')}\n\nfiles:${files.join(',')}`;
  }

  it(`answers ${MIN_CASES.toLocaleString('en-US')}+ hostile requests without a 5xx, a leak or a write behind a refusal`, async () => {
    const company = (await db.one<{ id: number }>('select id from subadmins where email = ?', DEMO.subadmin.email))!.id;
    const userId = async (mobile: string) => (await db.one<{ id: number }>('select id from users where mobile = ?', mobile))!.id;
    const first = async (q: string, ...args: unknown[]) => (await db.one<{ id: number }>(q, ...args))?.id ?? 1_000_001;
    const telecaller = await userId(DEMO.telecaller.mobile);
    const head = await userId(DEMO.head.mobile);
    // The demo company's own ids in the matrix's probes: valid calls to start mutating from.
    // The people the matrix's probes edit, block or remove are a telecaller nobody here signs in as.
    const ids: OtherCompany = {
      subadminId: company,
      telecaller: await userId('9876500004'),
      head,
      developer: await userId(DEMO.developer.mobile),
      lead: await first("select id from leads where telicaller_id = ? and status = '0' order by id", telecaller),
      handedLead: await first('select id from leads where handler_id = ? order by id', head),
      pendingProject: await first('select id from projects where status = 0 order by id'),
      runningProject: await first('select id from projects where status = 1 order by id'),
      updateRequest: await first('select id from project_update_requests order by id'),
      product: await first('select id from products order by id'),
      batch: await first('select id from upload_batches order by id'),
      userComplaint: 1_000_001,
      call: 1_000_001,
      newTask: 1_000_001,
      completedTask: 1_000_001,
      banner: 1_000_001,
      demo: 1_000_001,
      tutorial: 1_000_001,
      routingRule: await first('select id from routing_rules order by id'),
      captureKey: 1_000_001,
      leadField: await first('select id from lead_fields order by id'),
      feedbackChoice: await first('select id from feedback_choices where subadmin_id = ? order by id', company),
      ruleField: await first('select id from lead_fields where subadmin_id = ? order by id', company),
    };
    const own: OwnCompany = { subadminId: company, telecaller, head, lead: ids.lead };
    const cases = buildCases(ids, own);
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);

    health = watchHealth(server.base);
    const rssStart = server.rssMiB();
    let rssMax = rssStart;
    let version = await db.version();
    let last = await digest();
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let refreshed = 0;
    const started = Date.now();

    for (const [i, c] of cases.entries()) {
      let answer: Answer;
      try {
        answer = await send(server.base, c, c.role ? tokens[c.role] : null);
      } catch (err) {
        // Above the body limit the server may answer and close before the client has written it all.
        if (c.body !== undefined && Buffer.byteLength(c.body) > BODY_LIMIT && (err as NodeJS.ErrnoException).code === 'EPIPE') {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          continue;
        }
        problems.push(`${c.label} (${c.method} ${c.path.slice(0, 120)}): no answer: ${(err as Error).message}`);
        if (server.child.exitCode !== null) break;
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const where = `#${i} ${c.label} (${c.method} ${c.path.slice(0, 120)}) as ${c.role ?? 'nobody'}`;
      if (answer.status >= 500) problems.push(`${where}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (INSIDES.test(answer.body) && !answer.body.startsWith('\uFEFF') && !c.path.endsWith('.csv'))
        problems.push(`${where}: leaks ${answer.body.slice(0, 200)}`);

      const now = await db.version();
      if (now !== version) {
        version = now;
        const next = await digest();
        if (next !== last && (answer.status < 200 || answer.status >= 300)) problems.push(`${where}: answered ${answer.status} but changed data`);
        last = next;
      }
      // A fuzzed call may end a session (blocking or removing the user is refused for these ids, but
      // a sign-out is not): sign in again rather than judge the rest signed out.
      if (answer.status === 401 && c.role) {
        refreshed++;
        await signIn(c.role).catch((err: Error) => {
          throw new Error(`after ${where}: ${err.message}`);
        });
      }
      if (i % 500 === 0) rssMax = Math.max(rssMax, server.rssMiB());
      if (problems.length > 30) break;
    }
    const rssEnd = server.rssMiB();
    const h = await health.stop();
    console.log(
      `fuzz seed ${SEED} on ${dialect}: ${cases.length.toLocaleString('en-US')} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; answers ` +
        `${[...statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s || 'closed (body over the limit)'}×${n}`)
          .join(' ')}; sessions signed in again ${refreshed}; ` +
        `/healthz ${h.count} times, max ${h.max.toFixed(1)} ms (beyond a bare server asked at the same moment ${h.maxBeyondReference!.toFixed(1)} ms, the bare server's slowest ${h.referenceMax!.toFixed(1)} ms), ` +
        `p99 ${h.p99.toFixed(1)} ms, slowest ${h.slowestAt.join(', ')}, failures ${h.failures}; ` +
        `memory ${rssStart.toFixed(0)} -> max ${rssMax.toFixed(0)} -> ${rssEnd.toFixed(0)} MiB`,
    );
    expect(problems).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(h.failures).toBe(0);
    expect(h.maxBeyondReference).toBeLessThan(HEALTH_MS);
    expect(rssMax - rssStart).toBeLessThan(MEMORY_GROWTH_MIB);
  }, 900_000);
});
