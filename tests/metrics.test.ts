import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testAppFor, type TestApp } from './helpers/app.js';
import { insertCompany, insertIndiamartLink, insertUploadedLead, uniqueMobile } from './helpers/fixtures.js';
import { callerWithNewLeads, signedInSubadmin, signedInUser } from './helpers/company.js';
import { legacy, mutate, query } from './helpers/http.js';
import { parseMetrics, Scrape, scrape } from './helpers/prometheus.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS, LEGACY_LISTS } from '../shared/lead-status.js';
import { uploadCsv } from '../server/services/leads/intake.service.js';
import { pullCompany } from '../server/services/indiamart/pull.service.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const TOKEN = 'scrape-me-0123456789abcdef';
const NOT_INTERESTED = LEAD_STATUS.notInterested;
const form = (leadId: number, over: Record<string, unknown> = {}) => ({
  leadId,
  status: NOT_INTERESTED,
  feedback: FEEDBACK_OPTIONS[NOT_INTERESTED][0],
  ...over,
});
let keys = 0;
const clientKey = () => `metrics-test-${process.pid}-${++keys}`;

/** A fixed-offset zone where it is now 12:00-12:59: the company's working day is far from its edges there. */
function noonZone(now = new Date()): string {
  const ahead = 12 - now.getUTCHours();
  if (ahead === 0) return 'Etc/GMT';
  // Etc/GMT-5 is five hours ahead of UTC (the sign is POSIX's).
  return `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

/** Polls until `check` holds (a gauge read while work is held open), failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('metrics, off by default', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A built app, so that the history fallback is there to (wrongly) answer /metrics with the page.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-metrics-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /metrics 404, not the app, with or without a token', async () => {
    for (const url of ['/metrics', '/metrics/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // The fallback still serves the app's pages.
    expect((await t.app.inject({ method: 'GET', url: '/leadspage/leads' })).body).toContain('<div id="root">');
    expect(t.deps.metrics).toBeUndefined();
    expect(t.metricsPort()).toBeNull();
  });
});

describe.each(dialects)('metrics on the main port with METRICS_TOKEN, on %s', (dialect) => {
  const t = testAppFor(dialect, { METRICS_TOKEN: TOKEN });
  const metrics = () => scrape(t.app, TOKEN);

  it('refuses a scrape without the token, or with a wrong one, and shows nothing', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}X`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('telecall_');
      expect(res.body).not.toContain('nodejs_');
    }
  });

  it('serves the metrics in Prometheus text format to the token, the event-loop delay among them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = new Scrape(parseMetrics(res.body));
    expect(s.find('nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(s.find('nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    expect(s.value('telecall_lead_imports_in_progress')).toBe(0);
    expect(s.value('telecall_indiamart_pulls_in_progress')).toBe(0);
    expect(t.metricsPort()).toBeNull();
  });

  it('counts a keyed submission the service accepts once, a refused one as refused, and none from the legacy API', async () => {
    const { session, leads } = await callerWithNewLeads(t, 4);
    const other = await insertCompany(t.deps.db);
    const theirs = await insertUploadedLead(t.deps.db, other.id);
    const count = async (kind: string, outcome: string) => (await metrics()).value('telecall_outbox_submissions_total', { kind, outcome });

    const accepted = await count('submit', 'accepted');
    const key = clientKey();
    expect((await mutate(t.app, 'work.submit', form(leads[0]!, { client_key: key }), session)).status).toBe(200);
    expect(await count('submit', 'accepted')).toBe(accepted + 1);
    // The phone sending it again (its answer was lost): applied already, accepted again, nothing changes twice.
    const again = await mutate(t.app, 'work.submit', form(leads[0]!, { client_key: key }), session);
    expect(again.data).toMatchObject({ replayed: true });
    expect(await count('submit', 'accepted')).toBe(accepted + 2);

    const refused = await count('submit', 'refused');
    const no = await mutate(t.app, 'work.submit', form(theirs, { client_key: clientKey() }), session);
    expect(no.status).toBe(404);
    expect(await count('submit', 'refused')).toBe(refused + 1);
    expect(await count('submit', 'accepted')).toBe(accepted + 2);

    const attempts = await count('notConnected', 'accepted');
    expect((await mutate(t.app, 'work.notConnected', { leadId: leads[1]!, outcome: 'busy', client_key: clientKey() }, session)).status).toBe(200);
    expect(await count('notConnected', 'accepted')).toBe(attempts + 1);

    // The legacy form carries no key: it is not the outbox's.
    const before = (await metrics()).sum('telecall_outbox_submissions_total');
    const res = await legacy(t.app, 'POST', '/submitLeadForm', session, {
      customer_id: leads[2]!,
      status: NOT_INTERESTED,
      feedback: FEEDBACK_OPTIONS[NOT_INTERESTED][0],
    });
    expect(res.status).toBe(200);
    expect((await metrics()).sum('telecall_outbox_submissions_total')).toBe(before);
  });

  it('counts the leads routing gives on arrival, and those a distribution gives, once each', async () => {
    const owner = await signedInSubadmin(t);
    const caller = await signedInUser(t, owner.id);
    await t.deps.db.updateTable('subadmins').set({ time_zone: noonZone() }).where('id', '=', owner.id).execute();
    await t.deps.db
      .insertInto('routing_settings')
      .values({
        subadmin_id: owner.id,
        route_add_lead: 1,
        work_days: '1,2,3,4,5,6,7',
        work_start: '06:00',
        work_end: '18:00',
        updated_at: new Date().toISOString(),
      })
      .execute();
    const routed = async (how: string) => (await metrics()).value('telecall_leads_routed_total', { how });

    const auto = await routed('auto');
    const added = await mutate(t.app, 'intake.addLead', { name: 'Walk In', mobile: uniqueMobile(), category: 'Local Leads' }, owner.session);
    expect(added.data).toMatchObject({ telicallerId: caller.id });
    expect(await routed('auto')).toBe(auto + 1);

    for (let i = 0; i < 3; i++) await insertUploadedLead(t.deps.db, owner.id, { category: 'Pool Leads' });
    const manual = await routed('manual');
    const given = await mutate(t.app, 'distribution.distribute', { userIds: [caller.id], count: 5, category: 'Pool Leads' }, owner.session);
    expect(given.data).toMatchObject({ assigned: 3 });
    expect(await routed('manual')).toBe(manual + 3);
    expect(await routed('auto')).toBe(auto + 1);
  });

  it('times requests by route pattern and tRPC procedure, never by raw id, and not /metrics itself', async () => {
    const owner = await signedInSubadmin(t);
    const caller = await signedInUser(t, owner.id);
    const word = LEGACY_LISTS[0]!.word;
    const pattern = `/api/webapi/get${word}LeadsByTelecaller/:id`;
    const histogram = 'telecall_http_request_duration_seconds_count';
    const before = await metrics();

    expect((await legacy(t.app, 'GET', `/get${word}LeadsByTelecaller/${caller.id}`, owner.session)).status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, caller.session)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/no.suchProcedure' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/webapi/no-such-call/12345' })).statusCode).toBe(404);
    await metrics();
    const after = await metrics();

    const rose = (labels: Record<string, string>) => after.sum(histogram, labels) - before.sum(histogram, labels);
    expect(rose({ method: 'GET', route: pattern, status_code: '200' })).toBe(1);
    expect(rose({ method: 'GET', route: '/trpc/auth.me', status_code: '200' })).toBe(1);
    expect(rose({ method: 'GET', route: '/trpc/unknown', status_code: '404' })).toBe(1);
    expect(rose({ method: 'GET', route: 'not_found', status_code: '404' })).toBe(1);
    const routes = after.labelValues(histogram, 'route');
    expect(routes.filter((r) => /\d{2,}|no\.suchProcedure|no-such-call/.test(r))).toEqual([]);
    expect(routes).not.toContain('/metrics');
    expect(after.find('telecall_http_request_duration_seconds_bucket', { route: pattern, le: '+Inf' }).length).toBeGreaterThan(0);
  });

  it('times database statements, and reports the pool', async () => {
    const before = await metrics();
    const { session, leads } = await callerWithNewLeads(t, 1);
    expect((await query(t.app, 'work.queue', { queue: 'new' }, session)).status).toBe(200);
    expect((await mutate(t.app, 'work.submit', form(leads[0]!), session)).status).toBe(200);
    const after = await metrics();

    const statements = (s: Scrape, kind: string) => s.sum('telecall_db_query_duration_seconds_count', { dialect, kind });
    expect(statements(after, 'select')).toBeGreaterThan(statements(before, 'select'));
    expect(statements(after, 'insert')).toBeGreaterThan(statements(before, 'insert'));
    expect(statements(after, 'commit')).toBeGreaterThan(statements(before, 'commit'));

    expect(after.value('telecall_db_pool_max_connections', { dialect })).toBe(dialect === 'sqlite' ? 1 : 10);
    const open = after.value('telecall_db_pool_open_connections', { dialect });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(after.value('telecall_db_pool_idle_connections', { dialect })).toBeLessThanOrEqual(open);
    if (dialect === 'sqlite') {
      expect(after.value('telecall_db_sqlite_in_transaction', { dialect })).toBe(0);
      expect(after.find('telecall_db_pool_waiting_clients')).toEqual([]);
    } else {
      expect(after.value('telecall_db_pool_waiting_clients', { dialect })).toBe(0);
    }
  });

  it('shows an upload in progress while it runs, and none once it is done', async () => {
    const owner = await signedInSubadmin(t);
    const actor = { kind: 'subadmin' as const, id: owner.id, subadminId: owner.id, sessionId: 0 };
    const imports = async () => (await metrics()).value('telecall_lead_imports_in_progress');
    const source = new PassThrough();
    const upload = uploadCsv(t.deps, actor, { category: 'Metrics Upload', fileName: 'leads.csv', source });
    source.write(`name,mobile\nFirst,${uniqueMobile()}\n`);
    await eventually(async () => (await imports()) === 1);
    source.end(`Second,${uniqueMobile()}\n`);
    expect(await upload).toMatchObject({ inserted: 2 });
    expect(await imports()).toBe(0);
  });

  it('shows an IndiaMART pull in progress while it waits for IndiaMART, and none once it is done', async () => {
    const company = await insertCompany(t.deps.db);
    await insertIndiamartLink(t.deps.db, company.id, 'https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=metrics-test');
    let answer!: () => void;
    const asked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchFn = async () => {
      await asked;
      return new Response(JSON.stringify({ CODE: 204, STATUS: 'SUCCESS', MESSAGE: 'No leads', TOTAL_RECORDS: 0, RESPONSE: [] }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const pulls = async () => (await metrics()).value('telecall_indiamart_pulls_in_progress');
    const pull = pullCompany(t.deps, company.id, { fetchFn });
    await eventually(async () => (await pulls()) === 1);
    answer();
    expect(await pull).toMatchObject({ kind: 'pulled' });
    expect(await pulls()).toBe(0);
  });
});

describe.each(dialects)('metrics on a port of their own, on %s', (dialect) => {
  const t = testAppFor(dialect, { METRICS_PORT: '0' });

  it('serves /metrics there without a token, and not on the main port', async () => {
    const port = t.metricsPort();
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = new Scrape(parseMetrics(await res.text()));
    expect(s.find('telecall_db_pool_max_connections', { dialect })).toHaveLength(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);

    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('metrics on a port of their own, with a token too', () => {
  it('asks the token on that port, serves the main port to the token as well, and closes the port with the app', async () => {
    const t = await buildTestApp('sqlite', { METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    const port = t.metricsPort();
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('telecall_http_request_duration_seconds');
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
    expect(t.metricsPort()).toBeNull();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metrics of a server that makes its own database', () => {
  it('times its statements too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-metrics-own-'));
    const config = loadConfig({
      DATABASE_URL: `sqlite:${path.join(dir, 'own.db')}`,
      UPLOADS_DIR: path.join(dir, 'u'),
      LOG_LEVEL: 'silent',
      METRICS_TOKEN: TOKEN,
    });
    const { app } = await buildApp(config, { logger: false });
    try {
      const statements = async () => (await scrape(app, TOKEN)).sum('telecall_db_query_duration_seconds_count', { dialect: 'sqlite' });
      const before = await statements();
      expect(before).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(await statements()).toBeGreaterThan(before);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
