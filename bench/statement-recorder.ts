// The lead-work bench's references are the app's own statements, replayed with nothing of the app
// around them (replay-server.ts). This records them: a dialect wrapper that notes every statement the
// app runs, on which connection, inside which transaction, and when it started and ended (so that a
// replay on Postgres runs at once what the app ran at once, and in turn what it ran in turn). The
// bench asks one request at a time while recording, so everything recorded between two asks is one
// request's.
import { performance } from 'node:perf_hooks';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

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
  let nextConn = 1;
  const ids = new WeakMap<DatabaseConnection, number>();
  const idOf = (c: DatabaseConnection) => {
    let id = ids.get(c);
    if (id === undefined) {
      id = nextConn++;
      ids.set(c, id);
    }
    return id;
  };
  const timedOp = async <T>(op: 'begin' | 'commit' | 'rollback', conn: DatabaseConnection, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const out = await run();
    log.push({ op, conn: idOf(conn), start, end: performance.now() });
    return out;
  };

  function wrapConnection(inner: DatabaseConnection): DatabaseConnection {
    const wrapped: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const start = performance.now();
        const result = await inner.executeQuery<R>(query);
        log.push({ op: 'query', conn: idOf(wrapped), sql: query.sql, params: [...query.parameters], start, end: performance.now() });
        return result;
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    return wrapped;
  }

  function wrapDriver(inner: Driver): Driver {
    const outer = new Map<DatabaseConnection, DatabaseConnection>();
    const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
    return {
      init: () => inner.init(),
      async acquireConnection() {
        const c = await inner.acquireConnection();
        let w = outer.get(c);
        if (!w) {
          w = wrapConnection(c);
          outer.set(c, w);
          innerOf.set(w, c);
        }
        return w;
      },
      beginTransaction: (c, settings: TransactionSettings) => timedOp('begin', c, () => inner.beginTransaction(innerOf.get(c)!, settings)),
      commitTransaction: (c) => timedOp('commit', c, () => inner.commitTransaction(innerOf.get(c)!)),
      rollbackTransaction: (c) => timedOp('rollback', c, () => inner.rollbackTransaction(innerOf.get(c)!)),
      releaseConnection: (c) => inner.releaseConnection(innerOf.get(c)!),
      destroy: () => inner.destroy(),
    };
  }

  return {
    instrument: (dialect) => ({
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => wrapDriver(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    }),
    take() {
      const taken = log;
      log = [];
      return taken;
    },
  };
}
