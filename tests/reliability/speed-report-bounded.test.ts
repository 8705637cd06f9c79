// Issue 31, item 7: a one-minute working week does not make the speed report stall. A company with
// 50,000 leads of the last 90 days (half first called today, half never) works Mondays 00:00-00:01;
// while its owner runs three speed reports of those 90 days, /healthz answers within 100 ms (p99),
// as tests/reliability/bounded-work.test.ts judges it. On SQLite, and on Postgres when
// TEST_DATABASE_URL is set.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { BENCH_PASSWORD, insertCompanies, type BenchUser } from '../../bench/lead-work-data.js';
import { addDays, todayIn } from '../../shared/dates.js';
import { Leftovers, createScratchDatabase } from '../helpers/scratch-databases.js';
import { startServer, watchLatency, type ServerProcess } from '../helpers/server-process.js';

const LEADS = 50_000;
const DAYS = 90;
const P99_MS = 100;
const DAY_MS = 86_400_000;

/** The owner's company: its leads spread over the last 90 days, every other one called now, and a working week of one minute. */
async function loadCompany(db: Kysely<DB>, owner: BenchUser) {
  const now = Date.now();
  const calledAt = new Date(now).toISOString();
  for (let from = 0; from < LEADS; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, LEADS - from) }, (_, k) => {
      const i = from + k;
      const at = new Date(now - DAYS * DAY_MS + Math.floor((i * DAYS * DAY_MS) / LEADS)).toISOString();
      return {
        subadmin_id: owner.subadminId,
        visible: 1,
        name: `Lead ${i}`,
        mobile: String(7_000_000_000 + i),
        requirement: '',
        area: '',
        category: 'IndiaMART',
        upload_date: at,
        telicaller_id: owner.id,
        telicaller_send_date: at,
        status: i % 2 ? '0' : '2',
        first_call_at: i % 2 ? null : calledAt,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('leads').values(rows).execute();
  }
  await db
    .insertInto('routing_settings')
    .values({ subadmin_id: owner.subadminId, work_days: '1', work_start: '00:00', work_end: '00:01', recycle_after_hours: null, updated_at: calledAt })
    .execute();
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner1@bench.local', password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function reportsWhileWatched(server: ServerProcess) {
  const token = await signIn(server.base);
  const today = todayIn('Asia/Kolkata');
  const input = encodeURIComponent(JSON.stringify({ from: addDays(today, -DAYS), to: today }));
  const report = async () => {
    const t0 = performance.now();
    const res = await fetch(`${server.base}/trpc/speed.report?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.text(), ms: performance.now() - t0 };
  };
  // Once before the clock starts: the first call compiles its code paths and prepares its statements.
  await report();
  const health = watchLatency(`${server.base}/healthz`, {}, { everyMs: 20, warmUp: 5 });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const reports = await Promise.all([report(), report(), report()]);
    await new Promise((r) => setTimeout(r, 200));
    const h = await health.stop();
    console.log(
      `speed reports ${reports.map((r) => `${r.status}/${Math.round(r.ms)}ms`).join(' ')}\n` +
        `/healthz: ${h.count} asked, p99 ${h.p99.toFixed(1)} ms, slowest ${h.slowestAt.join(', ')}`,
    );
    return { reports, health: h };
  } finally {
    health.kill();
  }
}

function expectBounded(o: Awaited<ReturnType<typeof reportsWhileWatched>>) {
  for (const r of o.reports) {
    expect(r.status, r.body.slice(0, 300)).toBe(200);
    const company = JSON.parse(r.body).result.data.company;
    expect(company).toMatchObject({ arrived: LEADS, called: LEADS / 2 });
  }
  expect(o.health.failures, 'answers other than 200').toBe(0);
  expect(o.health.count).toBeGreaterThan(20);
  expect(o.health.p99, '/healthz p99 (ms)').toBeLessThan(P99_MS);
}

describe('speed reports of 50,000 leads over a one-minute working week leave /healthz served', () => {
  const leftovers = new Leftovers();
  afterAll(() => leftovers.clear());

  it('on SQLite', async () => {
    const dir = fs.mkdtempSync('/tmp/tcb-speed-');
    const database = createDatabase(`sqlite:${dir}/app.db`);
    await migrateToLatest(database.db, 'sqlite');
    const users = await insertCompanies(database.db);
    await loadCompany(database.db, users[0]!);
    await database.close();
    const server = await startServer({ dir });
    leftovers.servers.push(server);
    expectBounded(await reportsWhileWatched(server));
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on Postgres',
    async () => {
      const { name, url } = await createScratchDatabase('speed');
      leftovers.databases.push(name);
      const database = createDatabase(url);
      await migrateToLatest(database.db, 'postgres');
      const users = await insertCompanies(database.db);
      await loadCompany(database.db, users[0]!);
      await database.close();
      const server = await startServer({ env: { DATABASE_URL: url } });
      leftovers.servers.push(server);
      expectBounded(await reportsWhileWatched(server));
    },
    240_000,
  );
});
