// The lead-work bench's references are the app's own statements, replayed with nothing of the app
// around them (replay-server.ts). This records them: a dialect wrapper that notes every statement the
// app runs, on which connection, inside which transaction, and when it started and ended (so that a
// replay on Postgres runs at once what the app ran at once, and in turn what it ran in turn). The
// bench asks one request at a time while recording, so everything recorded between two asks is one
// request's.
import { performance } from 'node:perf_hooks';
import type { DatabaseConnection, Dialect } from 'kysely';
import { hookedDialect } from '../server/db/hooked-dialect.js';

export type Recorded =
  | { op: 'query'; conn: number; sql: string; params: unknown[]; start: number; end: number }
  | { op: 'begin' | 'commit' | 'rollback'; conn: number; start: number; end: number };

export interface StatementRecorder {
  instrument(dialect: Dialect): Dialect;
  /** what was recorded since the last take, and forgets it */
  take(): Recorded[];
}

export function statementRecorder(): StatementRecorder {
  let log: Recorded[] = [];
  const ids = new Map<DatabaseConnection, number>();
  const idOf = (c: DatabaseConnection): number => {
    const known = ids.get(c);
    if (known !== undefined) return known;
    ids.set(c, ids.size + 1);
    return ids.size;
  };
  const timed = async <T>(note: (start: number, end: number) => Recorded, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const out = await run();
    log.push(note(start, performance.now()));
    return out;
  };
  return {
    instrument: (dialect) =>
      hookedDialect(dialect, {
        query: (conn, query, run) => timed((start, end) => ({ op: 'query', conn: idOf(conn), sql: query.sql, params: [...query.parameters], start, end }), run),
        begin: (conn, run) => timed((start, end) => ({ op: 'begin', conn: idOf(conn), start, end }), run),
        end: (conn, how, run) => timed((start, end) => ({ op: how, conn: idOf(conn), start, end }), run),
      }),
    take() {
      const taken = log;
      log = [];
      return taken;
    },
  };
}
