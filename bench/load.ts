// A closed-loop load generator for loopback HTTP: N workers, each sending its next request as soon
// as the previous one answers (keep-alive, one socket each), latencies in milliseconds.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Reply {
  status: number;
  body: string;
}

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(base: string, sockets: number) {
    this.url = new URL(base);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  request(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          agent: this.agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (data += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface LoadResult {
  latencies: number[];
  seconds: number;
}

/**
 * Runs `workers` loops for `seconds` after `warmupSeconds` unrecorded. Each call of `step` does one
 * round (it may send more than one request) and returns the latency to record, or null when that
 * worker has nothing left to do; `recording` tells a step whether the warm-up is over.
 */
export async function closedLoop(opts: {
  workers: number;
  seconds: number;
  warmupSeconds: number;
  step: (worker: number, round: number, recording: boolean) => Promise<number | null>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const recordFrom = start + opts.warmupSeconds * 1000;
  const stopAt = recordFrom + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.workers }, async (_, w) => {
      for (let round = 0; performance.now() < stopAt; round++) {
        const recording = performance.now() >= recordFrom;
        const ms = await opts.step(w, round, recording);
        if (ms === null) return;
        if (recording) latencies.push(ms);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - recordFrom) / 1000 };
}

/** Times one request; throws when it does not answer 200. */
export async function timed(client: HttpClient, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) {
  const t0 = performance.now();
  const reply = await client.request(method, path, headers, body);
  const ms = performance.now() - t0;
  if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return { ms, reply };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Summary {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(r: LoadResult): Summary {
  const s = [...r.latencies].sort((a, b) => a - b);
  return {
    count: s.length,
    perSecond: s.length / r.seconds,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
  };
}

/**
 * Two sides measured in turns: each warmed up once, then two halves each (a, b, a, b), so that drift
 * on a shared machine meets both. Each side's summary, and whether any of its workers ran out of work.
 */
export async function inTurns(
  sides: readonly [Step, Step],
  opts: { workers: number; seconds: number; warmupSeconds: number },
): Promise<Array<{ summary: Summary; ranOut: boolean }>> {
  const runs = sides.map(() => ({ results: [] as LoadResult[], ranOut: false }));
  for (let half = 0; half < 2; half++) {
    for (const [n, step] of sides.entries()) {
      const r = await closedLoop({
        workers: opts.workers,
        seconds: opts.seconds / 2,
        warmupSeconds: half === 0 ? opts.warmupSeconds : 0,
        step: async (w, round) => {
          const t = await step(w, round);
          if (t === null) runs[n]!.ranOut = true;
          return t;
        },
      });
      runs[n]!.results.push(r);
    }
  }
  return runs.map(({ results, ranOut }) => ({
    summary: summarize({ latencies: results.flatMap((r) => r.latencies), seconds: results.reduce((s, r) => s + r.seconds, 0) }),
    ranOut,
  }));
}

/** One request (or round) of a measure by worker w: the latency to record, or null when w has nothing left to do. */
export type Step = (w: number, round: number) => Promise<number | null>;
