import type { FastifyInstance } from 'fastify';

/** One sample line of Prometheus' text format: `name{label="value",...} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescapeLabel = (v: string) => v.replace(/\\(["\\n])/g, (_m, c: string) => (c === 'n' ? '\n' : c));

/** The samples of a scrape, comments and blank lines left out; a line that is not a sample throws. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(LABEL)) labels[key!] = unescapeLabel(value!);
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The parsed metrics of one scrape, with the reads a test needs. */
export class Scrape {
  constructor(readonly samples: Sample[]) {}

  /** Samples of a metric whose labels include `labels`. */
  find(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** The sum over those samples; 0 when there are none (a counter not yet incremented). */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.find(name, labels).reduce((total, s) => total + s.value, 0);
  }

  /** The one sample's value; throws unless exactly one matches. */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.find(name, labels);
    if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
    return found[0]!.value;
  }

  /** Every value a label takes among a metric's samples. */
  labelValues(name: string, label: string): string[] {
    return [
      ...new Set(
        this.find(name)
          .map((s) => s.labels[label])
          .filter((v): v is string => v !== undefined),
      ),
    ];
  }
}

/** Scrapes /metrics on the main port with the token. */
export async function scrape(app: FastifyInstance, token: string): Promise<Scrape> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`scrape answered ${res.statusCode}: ${res.body}`);
  return new Scrape(parseMetrics(res.body));
}
