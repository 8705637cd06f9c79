import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, query, signIn } from './helpers/http.js';

// 02:00 UTC on 15 June is 07:30 on the 15th in India and 14:00 on the 14th at UTC-12.
const MORNING_OF_15TH = new Date('2030-06-15T02:00:00Z');
const EVENING_OF_14TH = new Date('2030-06-14T12:00:00Z'); // 17:30 in India, 00:00 at UTC-12

describe.each(dialects)("a company's expiry is judged in the platform's zone on %s", (dialect) => {
  const t = testAppFor(dialect);
  afterEach(() => vi.useRealTimers());

  /** A company whose last day is 14 June, that chose the zone furthest behind India. */
  async function companyFarBehind() {
    const company = await insertCompany(t.deps.db, { expiry_date: '2030-06-14' });
    await t.deps.db.updateTable('subadmins').set({ time_zone: 'Etc/GMT+12' }).where('id', '=', company.id).execute();
    const user = await insertUser(t.deps.db, company.id);
    return { company, user };
  }

  it('refuses the sub-admin and its users once the day has ended in India, whatever zone the company chose', async () => {
    const { company, user } = await companyFarBehind();
    vi.useFakeTimers({ toFake: ['Date'], now: MORNING_OF_15TH });
    for (const attempt of [
      () => t.app.inject({ method: 'POST', url: '/api/webapi/subadmin/login', payload: { email: company.email, password: PASSWORD } }),
      () => t.app.inject({ method: 'POST', url: '/api/webapi/auth/login', payload: { mobile: user.mobile, password: PASSWORD } }),
    ]) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your company account expired on 2030-06-14. Please contact the administrator.');
    }
  });

  it('ends the sessions already open when the day ends in India', async () => {
    const { company, user } = await companyFarBehind();
    vi.useFakeTimers({ toFake: ['Date'], now: EVENING_OF_14TH });
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const caller = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    const calls = [() => legacy(t.app, 'GET', '/users', owner), () => legacy(t.app, 'GET', '/get-call-summary', caller)];
    for (const call of calls) expect((await call()).status).toBe(200);
    vi.setSystemTime(MORNING_OF_15TH);
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your company account expired on 2030-06-14. Please contact the administrator.');
    }
  });

  it('shows the admin the company as expired', async () => {
    const { company } = await companyFarBehind();
    const admin = await insertAdmin(t.deps.db);
    vi.useFakeTimers({ toFake: ['Date'], now: MORNING_OF_15TH });
    const session = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    const list = await query(t.app, 'subadmins.list', { page: 1, pageSize: 5, search: company.email }, session);
    expect(list.data.items).toEqual([expect.objectContaining({ id: company.id, status: 'expired' })]);
  });
});
