// Provider status callbacks (issue: calls you can prove): 2,000 Exotel StatusCallbacks posted by 50
// concurrent senders to the real callback route, applied in batches (docs/telephony.md#callbacks-in-batches; half end
// unanswered and become the telecaller's attempt on the lead, half end answered with a talk time and a
// recording), beside the reference measured in the same run on the same server: 2,000 bare inserts of
// a lead_history row by 50 concurrent senders. Goal: callbacks at least 50% of the reference's
// throughput, on SQLite and on Postgres (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), and
// /healthz unaffected while the callbacks run. The server runs in a child process (telephony-server.ts);
// BENCH_CPU_PROF=<dir> writes its CPU profile there and prints where the time went.
import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { summarizeProfile } from './cpu-profile.js';
import { type BenchDatabase, onEachDatabase } from './databases.js';
import { HttpClient, percentile } from './load.js';
import type { TelephonyFixture, TelephonyStats } from './telephony-server.js';

const CALLBACKS = 2_000;
const WARMUP = 400;
const SENDERS = 50;
/** Each side runs in halves, alternating (reference, callbacks, reference, callbacks): drift on a shared machine hits both. */
const HALVES = 2;
const GOAL_RATIO = 0.5;
const IDLE_PROBES = 200;

/** Exotel's time format: IST wall-clock. */
const exotelTime = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

type Job = { call: number; kind: 'answered' | 'completed' | 'no-answer' };

/**
 * The callbacks Exotel sends for the calls, in order: half the calls are answered (Exotel reports the
 * 'answered' event, then the 'terminal' one: the app subscribes to both) and half are not (the terminal
 * one only, which the app records as the telecaller's attempt on the lead).
 */
function jobs(count: number): Job[] {
  const out: Job[] = [];
  for (let call = 0; out.length < count; call++) {
    if (call % 2 === 1) out.push({ call, kind: 'answered' }, { call, kind: 'completed' });
    else out.push({ call, kind: 'no-answer' });
  }
  return out.slice(0, count);
}

/** A StatusCallback as Exotel posts it (JSON, as the app asks for it). */
function callback(sid: string, job: Job): string {
  const end = Date.now();
  const talk = 30 + (job.call % 60);
  const answered = job.kind !== 'no-answer';
  const leadLeg = job.kind === 'answered' ? 'in-progress' : job.kind;
  return JSON.stringify({
    CallSid: sid,
    EventType: job.kind === 'answered' ? 'answered' : 'terminal',
    Status: job.kind === 'answered' ? 'in-progress' : job.kind,
    DateUpdated: exotelTime(job.kind === 'answered' ? end - talk * 1000 : end),
    DateCreated: exotelTime(end - 120_000),
    StartTime: exotelTime(end - 120_000),
    EndTime: job.kind === 'answered' ? null : exotelTime(end),
    From: '+917100000001',
    To: '+919810000001',
    PhoneNumberSid: '+918047112233',
    ConversationDuration: job.kind === 'completed' ? talk : 0,
    Direction: 'outbound-api',
    CustomField: String(job.call),
    RecordingUrl: job.kind === 'completed' ? `https://s3-ap-southeast-1.amazonaws.com/exotelrecordings/bench/${sid}.mp3` : null,
    Legs: [
      { OnCallDuration: answered ? talk + 10 : 25, Status: job.kind === 'answered' ? 'in-progress' : 'completed', AnsweredBy: 'NA' },
      { OnCallDuration: job.kind === 'completed' ? talk : 0, Status: leadLeg, AnsweredBy: answered ? 'Human' : 'NA' },
    ],
  });
}

/** Sends `count` requests with SENDERS closed-loop senders, each made by `request(i)`; requests per second. */
async function drive(count: number, request: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) await request(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** /healthz asked one after another until `until` resolves; each answer's time in ms. */
async function probeHealth(url: string, until: Promise<unknown> | number): Promise<number[]> {
  const client = new HttpClient(url, 1);
  const times: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.finally(() => (done = true));
  try {
    while (typeof until === 'number' ? times.length < until : !done) {
      const t0 = performance.now();
      const reply = await client.request('GET', '/healthz');
      if (reply.status !== 200) throw new Error(`/healthz answered ${reply.status}`);
      times.push(performance.now() - t0);
    }
  } finally {
    client.close();
  }
  return times.sort((a, b) => a - b);
}

const latency = (t: number[]) =>
  `p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms, max ${t[t.length - 1]!.toFixed(1)} ms (${t.length} probes)`;

async function benchOn(label: string, db: BenchDatabase) {
  const profiles = process.env.BENCH_CPU_PROF;
  const child = fork(new URL('./telephony-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [])],
    env: { ...process.env, BENCH_TELEPHONY_DB: JSON.stringify(db) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bench server exited (${code}) before it listened`);
  });
  const [fixture] = (await Promise.race([once(child, 'message'), exited])) as [TelephonyFixture];
  const client = new HttpClient(fixture.url, SENDERS);
  const json = { 'content-type': 'application/json' };
  const stream = jobs(WARMUP + CALLBACKS);
  if (stream.at(-1)!.call >= fixture.calls.length) throw new Error('the bench server made too few calls');
  let sent = 0;
  const postCallbacks = (count: number) =>
    drive(count, async () => {
      const job = stream[sent++]!;
      const call = fixture.calls[job.call]!;
      const reply = await client.request('POST', `${fixture.hookPath}?call=${call.id}`, json, callback(call.sid, job));
      if (reply.status !== 200) throw new Error(`the status callback answered ${reply.status}: ${reply.body.slice(0, 300)}`);
    });
  const insertHistory = (count: number) =>
    drive(count, async () => {
      const reply = await client.request('POST', '/bench/history', json, JSON.stringify({ leadId: fixture.leadId, userId: fixture.userId }));
      if (reply.status !== 200) throw new Error(`the reference insert answered ${reply.status}: ${reply.body.slice(0, 300)}`);
    });
  try {
    const idle = await probeHealth(fixture.url, IDLE_PROBES);
    // Warm both paths (JIT, statement caches) before timing.
    await insertHistory(WARMUP);
    await postCallbacks(WARMUP);
    const reference: number[] = [];
    const callbacks: number[] = [];
    const busy: number[] = [];
    const busyReference: number[] = [];
    for (let h = 0; h < HALVES; h++) {
      const inserts = insertHistory(CALLBACKS / HALVES);
      const [refRate, refProbes] = await Promise.all([inserts, probeHealth(fixture.url, inserts)]);
      reference.push(refRate);
      busyReference.push(...refProbes);
      const run = postCallbacks(CALLBACKS / HALVES);
      const [rate, probes] = await Promise.all([run, probeHealth(fixture.url, run)]);
      callbacks.push(rate);
      busy.push(...probes);
    }
    busy.sort((a, b) => a - b);
    busyReference.sort((a, b) => a - b);
    const mean = (v: number[]) => v.length / v.reduce((s, x) => s + 1 / x, 0);
    const ref = mean(reference);
    const got = mean(callbacks);
    const ratio = got / ref;
    child.send('stats');
    const [stats] = (await once(child, 'message')) as [TelephonyStats];
    const count = (kind: Job['kind']) => stream.filter((j) => j.kind === kind).length;
    const right = stats.ended.no_answer === count('no-answer') && stats.ended.completed === count('completed') && stats.attempts === count('no-answer');
    console.log(`  ${label}: ${CALLBACKS.toLocaleString('en')} of each, ${SENDERS} concurrent senders`);
    console.log(`    bare lead_history inserts   ${ref.toFixed(0).padStart(6)} /s`);
    console.log(
      `    Exotel status callbacks     ${got.toFixed(0).padStart(6)} /s   ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO}) ${ratio >= GOAL_RATIO ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `    (answered events, answered ends, unanswered ends: ${count('answered')}, ${count('completed')}, ${count('no-answer')} with the warm-up's ${WARMUP})`,
    );
    console.log(
      `    calls ended: ${stats.ended.no_answer ?? 0} unanswered (${stats.attempts} attempts recorded), ${stats.ended.completed ?? 0} answered ${right ? 'OK' : 'WRONG'}`,
    );
    console.log(`    /healthz idle             ${latency(idle)}`);
    console.log(`    /healthz during inserts   ${latency(busyReference)}`);
    console.log(`    /healthz during callbacks ${latency(busy)}`);
  } finally {
    client.close();
    if (child.exitCode === null) {
      child.send('stop');
      await once(child, 'exit');
    }
  }
  if (profiles) {
    const newest = fs
      .readdirSync(profiles)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(profiles, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
    if (newest) console.log(summarizeProfile(newest));
  }
}

export async function run() {
  await onEachDatabase('telephony', benchOn);
}
