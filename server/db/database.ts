import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  sql,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type TableMetadata,
} from 'kysely';
import type { DB } from './schema.js';
import type { Dialect } from '../../migrations/index.js';
import { sqliteDriver } from './sqlite-driver.js';
import { PlanKeepingSqliteCompiler } from './sqlite-query-compiler.js';
import { registerWriteWatch, watchingWrites } from './write-watch.js';

export type { Dialect };

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** the Postgres schema the tables live in, when not the server's default */
  pgSchema?: string;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /** its connections now, read when asked (a metrics scrape) */
  poolState(): PoolState;
  close(): Promise<void>;
}

/**
 * Postgres: the pool's counts. SQLite: its one connection, busy while a transaction holds it; the
 * queries queued behind that transaction wait inside Kysely, where no count is kept (`waiting` null).
 */
export interface PoolState {
  max: number;
  open: number;
  idle: number;
  waiting: number | null;
  /** SQLite only: a transaction is open on the connection */
  inTransaction?: boolean;
}

interface MadeDialect {
  dialect: KyselyDialect;
  poolState(): PoolState;
}

// Writers take the lock up front so two transactions never deadlock upgrading a read lock.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

type SqliteConnection = InstanceType<ReturnType<typeof sqliteDriver>['Database']>;
type SqliteStatement = ReturnType<SqliteConnection['prepare']>;
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares a statement for every query, and preparing costs about as much as running an
 * indexed one. Statements are kept by their SQL (least recently used go first) and reused, except
 * one still being iterated, which a query of the same text must not reset.
 */
function cachingStatements(database: SqliteConnection) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string): SqliteStatement {
      const hit = cache.get(sqlText);
      if (hit && !hit.busy) {
        cache.delete(sqlText);
        cache.set(sqlText, hit);
        return hit;
      }
      const statement = database.prepare(sqlText);
      if (!hit) {
        cache.set(sqlText, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

function sqliteDialect(file: string): MadeDialect {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new (sqliteDriver().Database)(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const config = { database: cachingStatements(database) };
  return {
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ImmediateSqliteDriver(config),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new PlanKeepingSqliteCompiler(),
    },
    poolState: () => {
      const open = database.open ? 1 : 0;
      return { max: 1, open, idle: open && !database.inTransaction ? 1 : 0, waiting: null, inTransaction: database.open && database.inTransaction };
    },
  };
}

const INT8_OID = 20;
const POSTGRES_POOL_MAX = 10;

function postgresDialect(url: string, schema?: string, onError?: (err: Error) => void): MadeDialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_POOL_MAX,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    options: schema ? `-c search_path=${schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A client losing its connection must not crash the process: the pool listens on idle ones only,
  // and a client checked out (between two queries of a transaction, say) emits its 'error' with no
  // one listening when the server goes away. The pool drops a broken client when it comes back.
  pool.on('error', (err) => onError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => onError?.(err)));
  return {
    dialect: new CurrentSchemaPostgresDialect({ pool }),
    poolState: () => ({ max: POSTGRES_POOL_MAX, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Kysely's Postgres introspector (which its migrator asks whether its tables exist) reads every
 * schema of the database, and fails with "schema ... does not exist" when another connection drops
 * one meanwhile (test runs side by side on one server). This one reads the search path's schema only.
 */
class CurrentSchemaIntrospector extends PostgresIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      type: string;
      column: string;
      data_type: string;
      nullable: string;
      default_value: string | null;
    }>`
      select c.table_schema as schema, c.table_name as "table", t.table_type as type, c.column_name as column,
             c.udt_name as data_type, c.is_nullable as nullable, c.column_default as default_value
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && r.table.startsWith('kysely_')) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.type === 'VIEW', columns: [] };
        tables.set(r.table, table);
      }
      (table.columns as TableMetadata['columns'][number][]).push({
        name: r.column,
        dataType: r.data_type,
        isNullable: r.nullable === 'YES',
        hasDefaultValue: r.default_value !== null,
        isAutoIncrementing: r.default_value?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables.values()];
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

export function sqliteFileFromUrl(url: string): string {
  return url.slice('sqlite:'.length) || './data/app.db';
}

export interface DatabaseOptions {
  pgSchema?: string;
  onPoolError?: (err: Error) => void;
  /** how long reads of who may act are kept (write-watch.ts); 10 s unless given */
  keptReadsMs?: number;
  /** wraps the dialect, to watch every statement and transaction (the bench's recorder, the metrics' timing) */
  instrument?: (dialect: KyselyDialect) => KyselyDialect;
}

export const dialectOfUrl = (url: string): Dialect => (url.startsWith('sqlite:') ? 'sqlite' : 'postgres');

export function createDatabase(url: string, opts: DatabaseOptions = {}): Database {
  const dialect = dialectOfUrl(url);
  const made = dialect === 'sqlite' ? sqliteDialect(sqliteFileFromUrl(url)) : postgresDialect(url, opts.pgSchema, opts.onPoolError);
  const watched = watchingWrites(made.dialect, opts.keptReadsMs ?? 10_000);
  const db = new Kysely<DB>({ dialect: opts.instrument ? opts.instrument(watched.dialect) : watched.dialect });
  registerWriteWatch(db, watched.watch);
  return {
    db,
    dialect,
    pgSchema: dialect === 'postgres' ? opts.pgSchema : undefined,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    poolState: made.poolState,
    close: () => db.destroy(),
  };
}
