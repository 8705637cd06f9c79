import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { signIn, type Session } from './helpers/http.js';
import { insertLeads } from '../server/services/leads/leads.repository.js';
import { nowIso } from '../server/db/dialect.js';

// One company's long runs of spaces once held the only thread for 33 s: every other company's
// requests, /healthz included, waited for its export.
const ROWS = 1_500;
const REQUIREMENT = `a${' '.repeat(4_998)}b`;

describe.each(dialects)('an export of requirements with long space runs on %s', (dialect) => {
  let t: TestApp;
  let owner: Session;
  let caller: Session;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const company = await insertCompany(t.deps.db);
    owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const user = await insertUser(t.deps.db, company.id, 'Telicaller');
    caller = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    const now = nowIso();
    const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `Spaces ${i}`, mobile: String(7_000_000_000 + i), requirement: REQUIREMENT, area: 'Pune' }));
    await insertLeads(t.deps.db, { subadminId: company.id, category: 'Spaces', batchId: null, visible: 1, now }, rows);
    await t.deps.db.updateTable('leads').set({ telicaller_id: user.id, telicaller_send_date: now }).where('subadmin_id', '=', company.id).execute();
  }, 60_000);
  afterAll(() => t?.close());

  /** Runs the export while /healthz is asked every 20 ms; the slowest /healthz answer and the export's time. */
  async function exportBesideHealth(url: string, session: Session) {
    const started = performance.now();
    let done = false;
    const exported = t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } }).finally(() => {
      done = true;
    });
    const health: number[] = [];
    while (!done) {
      const asked = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      health.push(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await exported;
    return { res, seconds: (performance.now() - started) / 1000, slowestHealth: Math.max(...health) };
  }

  it.each([
    ['the sub-admin export', '/api/webapi/leads/export.csv?category=Spaces', () => owner],
    ["the telecaller's New Leads export", '/api/webapi/work/new-leads.csv', () => caller],
  ])(
    '%s finishes in seconds and /healthz answers meanwhile',
    async (_, url, session) => {
      const { res, seconds, slowestHealth } = await exportBesideHealth(url, session());
      expect(res.statusCode).toBe(200);
      const records = res.body.slice(1).split('\r\n').filter(Boolean);
      expect(records).toHaveLength(ROWS + 1);
      expect(records.slice(1).every((r) => r.includes(`,${REQUIREMENT},`))).toBe(true);
      expect(seconds).toBeLessThan(10);
      expect(slowestHealth).toBeLessThan(1_000);
    },
    120_000,
  );
});
