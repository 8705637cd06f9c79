import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { sqliteDriver } from '../../db/sqlite-driver.js';

/**
 * Making an upload batch visible rewrites every one of its rows, and SQLite's automatic WAL
 * checkpoint after that commit copies them all back into the database file on the thread that
 * committed: tens of milliseconds for 100,000 rows, hundreds for a million, with the event loop
 * stopped. Around the flip the connection's automatic checkpoint is suspended and the checkpoint
 * runs on a second connection in a worker thread instead.
 */

// Plain JavaScript (eval'd): the worker needs no TypeScript loader.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 2000');
  parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)'));
} finally {
  db.close();
}
`;

function checkpointInWorker(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: sqliteDriver().path, file } });
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`checkpoint worker exited with ${code}`))));
  });
}

// Several batches may complete at once on one connection: the setting comes back after the last.
const suspended = new WeakMap<object, { depth: number; saved: number }>();

async function suspendAutoCheckpoint(db: Kysely<DB>): Promise<void> {
  const state = suspended.get(db);
  if (state) {
    state.depth++;
    return;
  }
  const entry = { depth: 1, saved: 1000 };
  suspended.set(db, entry);
  const rows = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  entry.saved = Number(rows.rows[0]?.wal_autocheckpoint ?? 1000);
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
}

async function resumeAutoCheckpoint(db: Kysely<DB>): Promise<void> {
  const state = suspended.get(db);
  if (!state || --state.depth > 0) return;
  suspended.delete(db);
  await sql.raw(`pragma wal_autocheckpoint = ${Math.max(0, Math.trunc(state.saved))}`).execute(db);
}

/**
 * Runs `write` (a large SQLite write) with the connection's automatic checkpoint suspended, then
 * checkpoints from a worker thread. A file-less database (':memory:') just runs `write`. Should the
 * worker fail, the next commit checkpoints on the main thread as it always did.
 */
export async function withOffThreadCheckpoint<T>(db: Kysely<DB>, file: string | null, write: () => Promise<T>): Promise<T> {
  if (!file || file === ':memory:') return write();
  await suspendAutoCheckpoint(db);
  try {
    const result = await write();
    await checkpointInWorker(file).catch(() => undefined);
    return result;
  } finally {
    await resumeAutoCheckpoint(db);
  }
}
