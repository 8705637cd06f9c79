import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/** What a hooked dialect lets its user see: each statement (and run it), each transaction's start and end. */
export interface DialectHooks {
  /** runs the statement (`run`) and answers its result; `conn` is the same object for one connection throughout */
  query<R>(conn: DatabaseConnection, query: CompiledQuery, run: () => Promise<QueryResult<R>>): Promise<QueryResult<R>>;
  begin?(conn: DatabaseConnection, run: () => Promise<void>): Promise<void>;
  end?(conn: DatabaseConnection, how: 'commit' | 'rollback', run: () => Promise<void>): Promise<void>;
}

/**
 * A dialect whose driver hands out wrapped connections, so that `hooks` sees every statement and
 * every transaction of the database it is made for (write-watch.ts; the bench's statement recorder).
 */
export function hookedDialect(dialect: Dialect, hooks: DialectHooks): Dialect {
  const wrapDriver = (inner: Driver): Driver => {
    const outerOf = new Map<DatabaseConnection, DatabaseConnection>();
    const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const wrap = (c: DatabaseConnection): DatabaseConnection => {
      const outer: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery) => hooks.query<R>(outer, query, () => c.executeQuery<R>(query)),
        streamQuery: (query, chunkSize) => c.streamQuery(query, chunkSize),
      };
      outerOf.set(c, outer);
      innerOf.set(outer, c);
      return outer;
    };
    const of = (c: DatabaseConnection) => innerOf.get(c)!;
    const run = (c: DatabaseConnection, work: () => Promise<void>, hook?: (conn: DatabaseConnection, run: () => Promise<void>) => Promise<void>) =>
      hook ? hook(c, work) : work();
    return {
      init: () => inner.init(),
      acquireConnection: async () => {
        const c = await inner.acquireConnection();
        return outerOf.get(c) ?? wrap(c);
      },
      beginTransaction: (c, settings) => run(c, () => inner.beginTransaction(of(c), settings), hooks.begin),
      commitTransaction: (c) => run(c, () => inner.commitTransaction(of(c)), hooks.end && ((conn, r) => hooks.end!(conn, 'commit', r))),
      rollbackTransaction: (c) => run(c, () => inner.rollbackTransaction(of(c)), hooks.end && ((conn, r) => hooks.end!(conn, 'rollback', r))),
      releaseConnection: (c) => inner.releaseConnection(of(c)),
      savepoint: inner.savepoint && ((c, name, compile) => inner.savepoint!(of(c), name, compile)),
      rollbackToSavepoint: inner.rollbackToSavepoint && ((c, name, compile) => inner.rollbackToSavepoint!(of(c), name, compile)),
      releaseSavepoint: inner.releaseSavepoint && ((c, name, compile) => inner.releaseSavepoint!(of(c), name, compile)),
      destroy: async () => {
        outerOf.clear();
        await inner.destroy();
      },
    };
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrapDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
