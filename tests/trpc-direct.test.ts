import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { signIn, type Session } from './helpers/http.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// A plain call (one query by GET, one JSON mutation by POST) is answered by server/http/trpc-plugin.ts
// without tRPC's Fetch round trip. The header `trpc-accept: application/json` changes nothing for
// tRPC but sends the request through tRPC's own handler: each call is made both ways and the two
// answers must be the same.
const THROUGH_TRPC = { 'trpc-accept': 'application/json' };

describe.each(dialects)('plain tRPC calls answered directly, as tRPC answers them, on %s', (dialect) => {
  let t: TestApp;
  let caller: Session;
  let owner: Session;
  let ownLead: number;
  let foreignLead: number;
  let ownerEmail: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const db = t.deps.db;
    const company = await insertCompany(db);
    const other = await insertCompany(db);
    const user = await insertUser(db, company.id);
    const stranger = await insertUser(db, other.id);
    const now = new Date().toISOString();
    ownLead = (await insertLeadRows(db, company.id, [{ name: 'Asha', telicaller_id: user.id, telicaller_send_date: now, status: LEAD_STATUS.new }]))[0]!;
    foreignLead = (await insertLeadRows(db, other.id, [{ name: 'Other', telicaller_id: stranger.id, telicaller_send_date: now, status: LEAD_STATUS.new }]))[0]!;
    caller = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    ownerEmail = company.email;
  });
  afterAll(() => t?.close());

  const get = (path: string, input: unknown, session: Session | null, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers: { ...(session ? { cookie: session.cookie } : {}), ...extra },
    });
  const post = (path: string, body: string, session: Session | null, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json', ...(session ? { cookie: session.cookie } : {}), ...extra },
      payload: body,
    });

  const answer = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    type: res.headers['content-type'],
    vary: res.headers.vary,
    sets: res.headers['set-cookie'] !== undefined,
    body: res.json(),
  });

  async function same(call: (extra: Record<string, string>) => Promise<LightMyRequestResponse>) {
    const direct = answer(await call({}));
    const viaTrpc = answer(await call(THROUGH_TRPC));
    expect(direct).toEqual(viaTrpc);
    return direct;
  }

  it('answers a query with its data', async () => {
    const me = await same((h) => get('auth.me', undefined, caller, h));
    expect(me.status).toBe(200);
    expect(me.body.result.data.kind).toBe('user');
    const queue = await same((h) => get('work.queue', { queue: 'new', page: 1, pageSize: 20 }, caller, h));
    expect(queue.body.result.data.items.map((c: { name: string }) => c.name)).toEqual(['Asha']);
  });

  it('answers refusals with the same status, code, message and field errors', async () => {
    const anonymous = await same((h) => get('work.heads', undefined, null, h));
    expect(anonymous.status).toBe(401);
    const wrongRole = await same((h) => get('work.queue', { queue: 'new', page: 1, pageSize: 20 }, owner, h));
    expect(wrongRole.status).toBe(403);
    const badInput = await same((h) => get('work.queue', { queue: 'nope', page: 1, pageSize: 20 }, caller, h));
    expect(badInput.status).toBe(400);
    expect(badInput.body.error.data.fieldErrors).toHaveProperty('queue');
    const foreign = await same((h) => get('work.history', { leadId: foreignLead }, caller, h));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toMatch(/not found/i);
  });

  it('answers mutations, their refusals and the cookies they set', async () => {
    const opened = await same((h) => post('work.open', JSON.stringify({ leadId: ownLead, queue: 'new' }), caller, h));
    expect(opened.status).toBe(200);
    const refused = await same((h) => post('work.submit', JSON.stringify({ leadId: ownLead, queue: 'new' }), caller, h));
    expect(refused.status).toBe(400);
    const wrongPassword = await same((h) => post('auth.signInSubadmin', JSON.stringify({ email: 'nobody@x.test', password: 'wrong-password' }), null, h));
    expect(wrongPassword.status).toBe(401);
    const signedIn = await same((h) => post('auth.signInSubadmin', JSON.stringify({ email: ownerEmail, password: PASSWORD }), null, h));
    expect(signedIn.status).toBe(200);
    expect(signedIn.sets).toBe(true);
  });

  it('leaves to tRPC what is not a plain call, and tRPC answers it', async () => {
    const mutationByGet = await get('work.open', { leadId: ownLead, queue: 'new' }, caller);
    expect(mutationByGet.statusCode).toBe(405);
    const unknown = await get('work.nothing', undefined, caller);
    expect(unknown.statusCode).toBe(404);
    const brokenJson = await post('work.open', '{"leadId":', caller);
    expect(brokenJson.statusCode).toBe(400);
    const batch = await get('auth.me,work.heads', undefined, caller, {});
    expect(batch.statusCode).toBe(404);
    const realBatch = await t.app.inject({ method: 'GET', url: '/trpc/auth.me,work.heads?batch=1&input=%7B%7D', headers: { cookie: caller.cookie } });
    expect(realBatch.statusCode).toBe(200);
    expect(realBatch.json()).toHaveLength(2);
  });
});
