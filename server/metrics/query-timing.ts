import type { CompiledQuery, Dialect as KyselyDialect } from 'kysely';
import { hookedDialect } from '../db/hooked-dialect.js';
import type { AppMetrics } from './metrics.js';

const KIND_OF_NODE: Record<string, string> = { SelectQueryNode: 'select', InsertQueryNode: 'insert', UpdateQueryNode: 'update', DeleteQueryNode: 'delete' };
const RAW_KIND = /^\s*(select|insert|update|delete)\b/i;

/** The statement's kind, a label of a handful of values: Kysely's node, or a raw statement's first word. */
export function statementKind(query: CompiledQuery): string {
  const kind = KIND_OF_NODE[query.query.kind];
  if (kind) return kind;
  return RAW_KIND.exec(query.sql)?.[1]?.toLowerCase() ?? 'other';
}

/**
 * Wraps a database's dialect so that every statement, begin, commit and rollback is timed into
 * telecall_db_query_duration_seconds. Only a server with metrics is wrapped: one without pays nothing.
 */
export function timingQueries(metrics: AppMetrics): (dialect: KyselyDialect) => KyselyDialect {
  const histogram = metrics.dbQueryDuration;
  const dialect = metrics.dialect;
  async function timed<T>(kind: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      histogram.observe({ dialect, kind }, (performance.now() - started) / 1000);
    }
  }
  return (inner) =>
    hookedDialect(inner, {
      query: (_conn, query, run) => timed(statementKind(query), run),
      begin: (_conn, run) => timed('begin', run),
      end: (_conn, how, run) => timed(how, run),
    });
}
