import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { addDays, todayIn } from '../shared/dates.js';

// Numbers past the largest id (2^31-1) name no row: Postgres refused them as integers with a 500.
// The platform admin's calls (not in the matrix's cross-company probes, whose ids are not scoped).
describe.each(dialects)('ids past any id, for the platform admin, on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let companyId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await insertAdmin(t.deps.db);
    admin = await signIn(t.app, { kind: 'admin', email: a.email, password: PASSWORD });
    companyId = (await insertCompany(t.deps.db)).id;
  });
  afterAll(() => t?.close());

  const blockedState = async () =>
    await t.deps.db.selectFrom('subadmins').select(['is_blocked', 'deleted_at']).where('id', '=', companyId).executeTakeFirstOrThrow();

  it.each(['2147483648', '9007199254740993', '99999999999999999999'])('REST block, unblock and delete of sub-admin %s: 404', async (id) => {
    for (const [method, url] of [
      ['PATCH', `/subadmins/block/${id}`],
      ['PATCH', `/subadmins/unblock/${id}`],
      ['DELETE', `/subadmins/${id}`],
    ] as const) {
      const res = await legacy(t.app, method, url, admin);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ status: false, success: false, message: 'Subadmin not found.' });
    }
    expect(await blockedState()).toEqual({ is_blocked: 0, deleted_at: null });
  });

  it.each([2_147_483_648, 9_007_199_254_740_992, '2147483648'])('tRPC sub-admin calls with id %j: NOT_FOUND', async (id) => {
    const calls: [string, unknown][] = [
      ['subadmins.setBlocked', { id, blocked: true }],
      ['subadmins.remove', { id }],
      ['subadmins.updateTerms', { id, expiry_date: addDays(todayIn('Asia/Kolkata'), 30), telecaller_creat_limit: 3 }],
    ];
    for (const [proc, input] of calls) {
      const res = await mutate(t.app, proc, input, admin);
      expect(res.status, proc).toBe(404);
      expect(res.error?.message, proc).toBe('Subadmin not found.');
    }
    expect(await blockedState()).toEqual({ is_blocked: 0, deleted_at: null });
  });

  it('complaint replies and notifications to a company past any id: not found', async () => {
    for (const [proc, input] of [
      ['complaints.reply', { id: 2_147_483_648, reply: 'Done' }],
      ['complaints.resolve', { id: 2_147_483_648 }],
      ['notifications.sendToSubadmins', { title: 'Hello', message: 'Hi', subadminId: 2_147_483_648 }],
    ] as const) {
      const res = await mutate(t.app, proc, input, admin);
      expect(res.status, `${proc}: ${JSON.stringify(res.error)}`).toBe(404);
      expect(res.error?.data.code, proc).toBe('NOT_FOUND');
    }
  });

  it('a malformed id is still a bad request', async () => {
    for (const id of [0, -3, 1.5, 'abc']) {
      expect((await mutate(t.app, 'subadmins.remove', { id }, admin)).status, String(id)).toBe(400);
    }
  });
});

describe.each(dialects)('a search for a number past any id on %s', (dialect) => {
  const t = testAppFor(dialect);

  it("finds no telecaller by it, and answers (the telecaller counts also match a user's id)", async () => {
    const company = await insertCompany(t.deps.db);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    for (const search of ['2147483648', '99999999999999999999']) {
      const res = await query(t.app, 'leads.byTelecaller', { status: 'pending', search }, owner);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data.total).toBe(0);
    }
  });
});
