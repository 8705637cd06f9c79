import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Kysely,
  type OperationNode,
} from 'kysely';
import { hookedDialect, type DialectHooks } from './hooked-dialect.js';
import type { DB } from './schema.js';

/**
 * Who may act, and under which company's rules, is read from four tables on nearly every request,
 * which company a provider's callback is for from its telephony settings, and a company's shape (its
 * lead fields and feedback choices) from theirs.
 * The server keeps what it read of them for a while (watched-cache.ts) and forgets all of it on any
 * write that could change it (docs/architecture.md#kept-reads).
 */
const WATCHED = new Set(['sessions', 'users', 'subadmins', 'admins', 'telephony_settings', 'lead_fields', 'feedback_choices']);
/** Tables a new row of changes what was read: a company's shape is all of its rows (docs/lead-fields.md). */
const WHOLE_TABLE_READS = new Set(['lead_fields', 'feedback_choices']);
/**
 * Columns no kept read uses, which change often: a session's "last seen" (the reads keep it up to
 * date themselves), routing's running counts and a telecaller's break. Leaving one out here only
 * costs kept reads; naming one a kept read uses would keep a stale answer.
 */
const UNREAD_COLUMNS: Record<string, ReadonlySet<string>> = {
  sessions: new Set(['last_seen_at']),
  users: new Set(['routed_count', 'routed_day', 'on_break', 'break_since', 'daily_lead_cap', 'language']),
};
/** A statement not built by Kysely's builders (raw SQL): judged by its text, erring on forgetting. */
const WATCHED_TEXT =
  /\b(?:update|delete\s+from|insert\s+into|replace\s+into|insert\s+or\s+\w+\s+into)\s+"?(?:sessions|users|subadmins|admins|telephony_settings|lead_fields|feedback_choices)"?[\s(]/i;

function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  return undefined;
}

export function changesWhoMayAct(query: CompiledQuery): boolean {
  const node = query.query;
  if (UpdateQueryNode.is(node)) {
    const table = tableOf(node.table);
    if (!table || !WATCHED.has(table)) return false;
    const unread = UNREAD_COLUMNS[table];
    return !unread || !(node.updates ?? []).every((u) => ColumnNode.is(u.column) && unread.has(u.column.column.name));
  }
  if (DeleteQueryNode.is(node)) return node.from.froms.some((f) => WATCHED.has(tableOf(f) ?? ''));
  // A new row changes nothing anyone has read; an upsert may change an old one.
  if (InsertQueryNode.is(node)) {
    const table = tableOf(node.into) ?? '';
    return WHOLE_TABLE_READS.has(table) || (WATCHED.has(table) && Boolean(node.onConflict || node.replace || node.orAction));
  }
  if (SelectQueryNode.is(node)) return false;
  return WATCHED_TEXT.test(query.sql);
}

/**
 * Whether what was read of those tables may still be kept. `generation` moves on whenever such a
 * write starts and again when it is committed (or rolled back); `pending` counts those not yet
 * committed. A read may be kept only if the generation did not move while it ran and nothing was
 * pending when it ended: it then saw the tables as every later read will, until the next write.
 */
export interface WriteWatch {
  generation(): number;
  pending(): number;
  /** how long a read may be kept at most: what another process's write takes to be seen */
  readonly keepMs: number;
  /**
   * Calls `fn` after each such write of this server is committed (or rolled back): what was read of
   * those tables may have changed. Answers the function that stops it.
   */
  onChange(fn: () => void): () => void;
  /** Forgets every kept read: another server said it wrote such a change (server/services/alerts/hub.ts). */
  forget(): void;
}

const watches = new WeakMap<Kysely<DB>, WriteWatch>();

/** The watch of a database's own Kysely instance; none for a transaction's (its reads are never kept). */
export const writeWatchOf = (db: Kysely<DB>): WriteWatch | undefined => watches.get(db);

export function registerWriteWatch(db: Kysely<DB>, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** Wraps a dialect so that every statement is looked at, and every transaction's end seen. */
export function watchingWrites(dialect: Dialect, keepMs: number): { dialect: Dialect; watch: WriteWatch } {
  let generation = 0;
  let pending = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const fn of listeners) fn();
  };
  /** connections inside a transaction, and whether it wrote to a watched table */
  const inTransaction = new WeakMap<DatabaseConnection, { wrote: boolean }>();
  const hooks: DialectHooks = {
    async query(conn, query, run) {
      if (!changesWhoMayAct(query)) return run();
      generation++;
      const tx = inTransaction.get(conn);
      if (tx) {
        if (!tx.wrote) pending++;
        tx.wrote = true;
        return run();
      }
      pending++;
      try {
        return await run();
      } finally {
        pending--;
        generation++;
        changed();
      }
    },
    async begin(conn, run) {
      await run();
      inTransaction.set(conn, { wrote: false });
    },
    async end(conn, _how, run) {
      const tx = inTransaction.get(conn);
      inTransaction.delete(conn);
      try {
        await run();
      } finally {
        if (tx?.wrote) {
          pending--;
          generation++;
          changed();
        }
      }
    },
  };
  const onChange = (fn: () => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  return {
    dialect: hookedDialect(dialect, hooks),
    watch: {
      generation: () => generation,
      pending: () => pending,
      keepMs,
      onChange,
      forget: () => {
        generation++;
      },
    },
  };
}
