// How the telecaller's requests cost as the data grows (issue 23): the queue page, the dashboard
// counts and a submit on SQLite at 100,000, 1,000,000 and 5,000,000 leads, 50 telecallers at once,
// each as a ratio to the smallest. Goal: flat within 20% (index ranges and kept tallies, never a scan
// of a company's leads). A bare Fastify route is measured beside each size, in turns with the app,
// so that a machine that slowed down between two sizes (minutes apart) shows as a slower bare route:
// the ratio is given as measured and against that, and the goal judged on the second. Submits work the Pending queue (every size has
// enough of it for the run). BENCH_SCALE_SIZES=100000,1000000 for other sizes, BENCH_SECONDS per measure.
import os from 'node:os';
import { HttpClient, inTurns, timed, type Step } from './load.js';
import { startChild } from './lead-work-child.js';
import { CONCURRENCY, appSteps, signInAll, type Measure } from './lead-work-steps.js';
import { withSqliteBench } from './lead-work.bench.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000,5000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const MEASURED: Measure[] = ['queue', 'tiles', 'submit'];
const GOAL = 0.8;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function run(): Promise<void> {
  console.log(
    `SQLite at ${SIZES.map(fmt).join(' / ')} leads, ${CONCURRENCY} telecallers at once, ${SECONDS} s a measure; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const rows: Array<{ leads: number; rates: Record<string, { app: number; bare: number }> }> = [];
  for (const leads of SIZES) {
    const rates = await withSqliteBench(leads, async (url, users) => {
      const [app, bare] = await Promise.all([startChild({ kind: 'app', databaseUrl: url }), startChild({ kind: 'bare' })]);
      const appClient = new HttpClient(app.url, CONCURRENCY);
      const bareClient = new HttpClient(bare.url, CONCURRENCY);
      try {
        const steps = await appSteps(appClient, users, await signInAll(appClient, users), 'pending');
        const ping: Step = async () => (await timed(bareClient, 'GET', '/ping', {})).ms;
        const out: Record<string, { app: number; bare: number }> = {};
        for (const m of MEASURED) {
          const [a, b] = await inTurns([steps[m], ping], { workers: CONCURRENCY, seconds: SECONDS, warmupSeconds: 1 });
          out[m] = { app: a!.summary.perSecond, bare: b!.summary.perSecond };
        }
        return out;
      } finally {
        appClient.close();
        bareClient.close();
        await Promise.all([app.stop(), bare.stop()]);
      }
    });
    rows.push({ leads, rates });
    console.log(`  ${fmt(leads).padStart(10)} leads: ${MEASURED.map((m) => `${m} ${fmt(rates[m]!.app)}/s (bare ${fmt(rates[m]!.bare)}/s)`).join(', ')}`);
  }
  const [first] = rows;
  if (!first || rows.length < 2) return;
  console.log(`  each size against ${fmt(first.leads)} leads (goal: >= ${Math.round(GOAL * 100)}%), as measured / against the bare route beside it:`);
  for (const row of rows.slice(1))
    for (const m of MEASURED) {
      const raw = row.rates[m]!.app / first.rates[m]!.app;
      const steady = raw / (row.rates[m]!.bare / first.rates[m]!.bare);
      console.log(
        `    ${fmt(row.leads).padStart(10)} leads, ${m.padEnd(7)} ${String(Math.round(raw * 100)).padStart(4)}% / ${String(Math.round(steady * 100)).padStart(4)}%  ${steady >= GOAL ? 'MET' : 'MISSED'}`,
      );
    }
}
