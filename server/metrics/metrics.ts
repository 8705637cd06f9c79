import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Dialect, PoolState } from '../db/database.js';

/** How a lead came to a person: routing's choice on arrival (or from the waiting pool), recycling's move, a sub-admin's distribution. */
export type RoutedHow = 'auto' | 'recycled' | 'manual';

export type OutboxKind = 'submit' | 'notConnected';

// Seconds. Requests: from a kept read to an export or an upload that runs for minutes.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
// A SQLite lookup by key takes microseconds; a Postgres round trip a millisecond or so.
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * The Prometheus metrics of one built app, in a registry of its own (tests build many apps in one
 * process). Made only when METRICS_TOKEN or METRICS_PORT is set; the services reach it as
 * `deps.metrics`, undefined otherwise.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequestDuration = new Histogram({
    name: 'telecall_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (tRPC: procedure) and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  readonly dbQueryDuration = new Histogram({
    name: 'telecall_db_query_duration_seconds',
    help: 'Time a database statement took, by kind (select, insert, update, delete, begin, commit, rollback, other)',
    labelNames: ['dialect', 'kind'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });
  readonly importsInProgress = new Gauge({
    name: 'telecall_lead_imports_in_progress',
    help: 'CSV lead uploads being read and written now',
    registers: [this.registry],
  });
  readonly indiamartPullsInProgress = new Gauge({
    name: 'telecall_indiamart_pulls_in_progress',
    help: 'IndiaMART pulls running now (claimed, asking IndiaMART or saving its leads)',
    registers: [this.registry],
  });
  readonly leadsRouted = new Counter({
    name: 'telecall_leads_routed_total',
    help: 'Leads given to a person, counted once committed: how = auto (routing), recycled, manual (distribution)',
    labelNames: ['how'] as const,
    registers: [this.registry],
  });
  readonly outboxSubmissions = new Counter({
    name: 'telecall_outbox_submissions_total',
    help: "Phones' keyed lead-form submissions and not-connected attempts, by whether the server accepted or refused them",
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly overloadRefusals = new Counter({
    name: 'telecall_overload_refusals_total',
    help: 'Requests answered 503 because the event loop was overloaded',
    registers: [this.registry],
  });

  constructor(readonly dialect: Dialect) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    // Every series exists from the start, at 0: a rate over a counter that appears later misses its first step.
    for (const how of ['auto', 'recycled', 'manual'] satisfies RoutedHow[]) this.leadsRouted.inc({ how }, 0);
    for (const kind of ['submit', 'notConnected'] satisfies OutboxKind[]) {
      for (const outcome of ['accepted', 'refused']) this.outboxSubmissions.inc({ kind, outcome }, 0);
    }
    this.importsInProgress.set(0);
    this.indiamartPullsInProgress.set(0);
  }

  /** The database's connections, read at each scrape. */
  watchPool(read: () => PoolState): void {
    const dialect = this.dialect;
    const registers = [this.registry];
    const labelNames = ['dialect'] as const;
    const gauge = (name: string, help: string, value: (s: PoolState) => number | null | undefined) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        collect() {
          const v = value(read());
          if (v !== null && v !== undefined) this.set({ dialect }, v);
        },
      });
    gauge('telecall_db_pool_max_connections', 'Connections the pool may open (SQLite: its one connection)', (s) => s.max);
    gauge('telecall_db_pool_open_connections', 'Connections open now', (s) => s.open);
    gauge('telecall_db_pool_idle_connections', 'Open connections no query or transaction holds', (s) => s.idle);
    gauge('telecall_db_pool_waiting_clients', 'Queries waiting for a connection (Postgres only)', (s) => s.waiting);
    if (dialect === 'sqlite') {
      gauge('telecall_db_sqlite_in_transaction', '1 while a transaction holds the SQLite connection (every other query of this server waits for it)', (s) =>
        s.inTransaction ? 1 : 0,
      );
    }
  }
}

/** Runs `work` with the gauge one higher, back down however it ends. */
export async function whileRunning<T>(gauge: Gauge | undefined, work: () => Promise<T>): Promise<T> {
  if (!gauge) return work();
  gauge.inc();
  try {
    return await work();
  } finally {
    gauge.dec();
  }
}
