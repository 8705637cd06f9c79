// Generated from the authorization matrix (tests/authz/matrix.ts): every tRPC procedure and every
// legacy route, for every role and kind of session, and every id-taking call made with another
// company's ids (not found, and nothing anywhere changed).
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { multipart } from './helpers/multipart.js';
import type { Session } from './helpers/http.js';
import { procedures } from './authz/procedures.js';
import { registeredLegacyRoutes } from './helpers/legacy-routes.js';
import type { Deps } from '../server/deps.js';
import { PROCEDURES, ROLES, ROUTES, type Entry, type Probe, type Role } from './authz/matrix.js';
import { buildWorld, type OtherCompany, type SessionKind, type World } from './authz/world.js';

type Kind = 'query' | 'mutation';

/** Input keys that name a row of some company's data. */
const ID_KEY = /^(id|userId|userIds|leadId|telecallerId|subadminId|lead_id|telemarketer_handler|developer_id)$/;

/** The legacy routes as the server registers them: "METHOD /path". */
const legacyRoutes = async (deps: Deps) => (await registeredLegacyRoutes(deps)).map((r) => `${r.method} ${r.path}`);

const SESSION_KINDS: SessionKind[] = [...ROLES, 'loginAs', 'blockedUser', 'deletedUser', 'expiredSubadmin', 'expiredUser'];
const SIGNED_OUT: SessionKind[] = ['blockedUser', 'deletedUser', 'expiredSubadmin', 'expiredUser'];

/** What a session of the kind must get: 401 (no working session), 403 (role refused) or 'ok' (anything but those). */
function expected(entry: Entry, who: SessionKind | null): 401 | 403 | 'ok' {
  if (entry.allow === 'public') return 'ok';
  if (who === null || SIGNED_OUT.includes(who)) return 401;
  if (entry.allow === 'loginAs') return who === 'loginAs' ? 'ok' : 403;
  // A login-as session is its user's: what the telecaller may do, and nothing of the sub-admin's.
  const role = (who === 'loginAs' ? 'Telicaller' : who) as Role;
  return entry.allow.includes(role) ? 'ok' : 403;
}

describe.each(dialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let routes: string[];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    world = await buildWorld(t.app, t.deps);
    routes = await legacyRoutes(t.deps);
  }, 60_000);
  afterAll(() => t?.close());

  const sessionFor = async (entry: Entry, who: SessionKind | null): Promise<Session | null> => {
    if (who === null) return null;
    return entry.endsSession && expected(entry, who) === 'ok' ? world.fresh(who) : world.sessions[who];
  };

  const callTrpc = async (name: string, type: Kind, input: unknown, session: Session | null) => {
    const headers: Record<string, string> = session ? { cookie: session.cookie } : {};
    const res =
      type === 'query'
        ? await t.app.inject({ method: 'GET', url: `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, headers })
        : await t.app.inject({
            method: 'POST',
            url: `/trpc/${name}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(input),
          });
    return { status: res.statusCode, body: res.json() as { error?: { data?: { code?: string } } } };
  };

  const callRest = async (method: string, probe: Probe, session: Session | null) => {
    const headers: Record<string, string> = session ? { authorization: `Bearer ${session.token}` } : {};
    let payload: string | Buffer | undefined;
    if (probe.multipart) {
      const form = multipart(probe.multipart);
      payload = form.payload;
      headers['content-type'] = form.contentType;
    } else if (method !== 'GET' && method !== 'DELETE') {
      payload = JSON.stringify(probe.body ?? {});
      headers['content-type'] = 'application/json';
    }
    const res = await t.app.inject({ method: method as 'GET', url: `/api/webapi${probe.url}`, headers, payload });
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    return { status: res.statusCode, body: json ? (res.json() as Record<string, unknown>) : res.body.slice(0, 100) };
  };

  /** Every table but the sessions (whose last-seen times move with each call), and the stored files. */
  async function snapshot(): Promise<string> {
    const db = t.deps.db;
    const tables =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map(
            (r) => r.name,
          );
    const parts: string[] = [];
    for (const table of tables.filter((n) => n !== 'sessions' && !n.startsWith('kysely_')).sort()) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows.map((r) => JSON.stringify(r)).sort();
      parts.push(`${table}:${rows.join('\n')}`);
    }
    const files = fs.existsSync(t.uploadsDir)
      ? fs
          .readdirSync(t.uploadsDir, { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile())
          .map((f) => `${f.parentPath}/${f.name}`)
          .sort()
      : [];
    parts.push(`files:${files.join(',')}`);
    return parts.join('\n\n');
  }

  it('names every procedure and route the server has, and no other', () => {
    expect(
      procedures.map((p) => p.name).filter((n) => !(n in PROCEDURES)),
      'procedures missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(PROCEDURES).filter((n) => !procedures.some((p) => p.name === n)),
      'matrix names no such procedure',
    ).toEqual([]);
    expect(
      routes.filter((r) => !(r in ROUTES)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((r) => !routes.includes(r)),
      'matrix names no such route',
    ).toEqual([]);
  });

  it('has cross-company probes for every call taking an id of company data', () => {
    const unprobed = [
      ...procedures.filter((p) => p.keys.some((k) => ID_KEY.test(k))).map((p) => ({ name: p.name, entry: PROCEDURES[p.name]! })),
      ...Object.entries(ROUTES)
        .filter(([r]) => r.includes(':id'))
        .map(([name, entry]) => ({ name, entry })),
    ]
      .filter(({ entry }) => !entry.probes && !entry.noProbe)
      .map(({ name }) => name);
    expect(unprobed).toEqual([]);
  });

  it.each(procedures)('tRPC $name: each kind of session gets what the matrix says', async ({ name, type }) => {
    const entry = PROCEDURES[name]!;
    for (const who of [null, ...SESSION_KINDS]) {
      const want = expected(entry, who);
      const res = await callTrpc(name, type, {}, await sessionFor(entry, who));
      const label = `${who ?? 'signed out'} calling ${name}: ${JSON.stringify(res.body).slice(0, 200)}`;
      if (want === 'ok') expect([401, 403], label).not.toContain(res.status);
      else expect(res.status, label).toBe(want);
    }
  });

  it.each(Object.keys(ROUTES))('REST %s: each kind of session gets what the matrix says', async (route) => {
    const entry = ROUTES[route]!;
    const [method, pattern] = route.split(' ') as [string, string];
    const probe: Probe = { url: pattern.replace(':id', '999999'), body: {} };
    for (const who of [null, ...SESSION_KINDS]) {
      const want = expected(entry, who);
      const res = await callRest(method, probe, await sessionFor(entry, who));
      const label = `${who ?? 'signed out'} ${route}: ${JSON.stringify(res.body).slice(0, 200)}`;
      if (want === 'ok') {
        expect([401, 403], label).not.toContain(res.status);
      } else {
        expect(res.status, label).toBe(want);
        expect(res.body, label).toMatchObject({ status: false, success: false, message: expect.any(String) });
      }
    }
  });

  const probedProcedures = procedures.filter((p) => PROCEDURES[p.name]!.probes);
  it.each(probedProcedures)("tRPC $name with another company's ids: not found, nothing changed", async ({ name, type }) => {
    const entry = PROCEDURES[name]!;
    for (const probe of entry.probes!(world.other, world.own)) {
      for (const who of probe.as ?? (entry.allow as Role[]).filter((r) => r !== 'admin')) {
        const before = await snapshot();
        const res = await callTrpc(name, type, probe.input, world.sessions[who]);
        const label = `${who} ${name}(${JSON.stringify(probe.input)}): ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, label).toBe(404);
        expect(res.body.error?.data?.code, label).toBe('NOT_FOUND');
        expect(await snapshot(), label).toBe(before);
      }
    }
  });

  const probedRoutes = Object.keys(ROUTES).filter((r) => ROUTES[r]!.probes);
  it.each(probedRoutes)("REST %s with another company's ids: 404, nothing changed", async (route) => {
    const entry = ROUTES[route]!;
    const method = route.split(' ')[0]!;
    for (const probe of entry.probes!(world.other, world.own)) {
      for (const who of probe.as ?? (entry.allow as Role[]).filter((r) => r !== 'admin')) {
        const before = await snapshot();
        const res = await callRest(method, probe, world.sessions[who]);
        const label = `${who} ${method} ${probe.url} ${JSON.stringify(probe.body ?? '')}: ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, label).toBe(404);
        expect(res.body, label).toMatchObject({ status: false, success: false });
        expect(await snapshot(), label).toBe(before);
      }
    }
  });

  // Past the largest id (2^31-1), and past exact integers: no row, so not found like any unknown id
  // (Postgres refused such numbers as integers with a 500).
  const pastIds = (id: number) => Object.fromEntries(Object.keys(world.other).map((k) => [k, id])) as unknown as OtherCompany;
  const PAST = [2_147_483_648, 9_007_199_254_740_992];

  it.each(probedProcedures)('tRPC $name with ids past any id: not found', async ({ name, type }) => {
    const entry = PROCEDURES[name]!;
    for (const id of PAST) {
      for (const probe of entry.probes!(pastIds(id), world.own)) {
        for (const who of probe.as ?? (entry.allow as Role[]).filter((r) => r !== 'admin')) {
          const res = await callTrpc(name, type, probe.input, world.sessions[who]);
          const label = `${who} ${name}(${JSON.stringify(probe.input)}): ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, label).toBe(404);
          expect(res.body.error?.data?.code, label).toBe('NOT_FOUND');
        }
      }
    }
  });

  it.each(probedRoutes)('REST %s with ids past any id: 404', async (route) => {
    const entry = ROUTES[route]!;
    const method = route.split(' ')[0]!;
    for (const id of PAST) {
      for (const probe of entry.probes!(pastIds(id), world.own)) {
        for (const who of probe.as ?? (entry.allow as Role[]).filter((r) => r !== 'admin')) {
          const res = await callRest(method, probe, world.sessions[who]);
          const label = `${who} ${method} ${probe.url} ${JSON.stringify(probe.body ?? '')}: ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, label).toBe(404);
          expect(res.body, label).toMatchObject({ status: false, success: false });
        }
      }
    }
  });
});
