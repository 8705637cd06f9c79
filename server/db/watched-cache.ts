import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import { writeWatchOf } from './write-watch.js';

/**
 * Reads of who may act and under which company's rules (sessions, users, sub-admins, admins), kept
 * per database for its watch's `keepMs` (KEPT_READS_SECONDS) and forgotten at once when this server
 * writes to those tables (write-watch.ts). That time bounds what another process's write (a second
 * server on the same Postgres, a command-line tool) takes to be seen; 0 keeps nothing. A
 * transaction's reads are never kept. What is handed out is shared: callers treat it as read-only.
 * `keep` says which answers may be kept (say, not "there is none", which a new row would change).
 */
export function watchedCache<V>({ maxEntries = 10_000, keep }: { maxEntries?: number; keep?: (value: V) => boolean } = {}) {
  const perDatabase = new WeakMap<Kysely<DB>, { generation: number; entries: Map<string | number, { value: V; until: number }> }>();
  return async (db: Kysely<DB>, key: string | number, read: () => Promise<V>): Promise<V> => {
    const watch = writeWatchOf(db);
    if (!watch || watch.keepMs === 0) return read();
    let cache = perDatabase.get(db);
    const generation = watch.generation();
    if (!cache || cache.generation !== generation) {
      cache = { generation, entries: new Map() };
      perDatabase.set(db, cache);
    }
    const now = Date.now();
    const hit = cache.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await read();
    // Kept only if no write to the watched tables started, ended or was waiting to commit meanwhile.
    if (watch.generation() === generation && watch.pending() === 0 && (!keep || keep(value))) {
      cache.entries.delete(key);
      cache.entries.set(key, { value, until: now + watch.keepMs });
      if (cache.entries.size > maxEntries) cache.entries.delete(cache.entries.keys().next().value!);
    }
    return value;
  };
}
