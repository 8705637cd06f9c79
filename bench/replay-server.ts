// The lead-work bench's references: each request answered by replaying the statements the app ran
// for the same request (statement-recorder.ts), behind a bare Fastify route, on the raw driver: no
// tRPC, no Kysely, no session rules, no validation or shaping. What that request's SQL costs this
// machine at the least; the app can only add to it. On Postgres the statements run on a raw pg pool
// of the app's size, those the app ran at once at once again (each starts when every statement that
// had ended before it started has ended), a transaction's on one client.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { sqliteFileFromUrl } from '../server/db/database.js';
import { SESSION_COOKIE } from '../shared/constants.js';
import type { Recorded } from './statement-recorder.js';

/** Recordings as the bench writes them: every distinct SQL text once, each request's steps naming one by index. */
export interface Recordings {
  sql: string[];
  requests: Record<string, Step[]>;
}
export type Step = { conn: number; after: number[] } & ({ op: 'query'; sql: number; params: unknown[] } | { op: 'begin' | 'commit' | 'rollback' });

export function packRecordings(byKey: Map<string, Recorded[]>): Recordings {
  const texts = new Map<string, number>();
  const requests: Record<string, Step[]> = {};
  for (const [key, recs] of byKey) {
    requests[key] = recs.map((r, i): Step => {
      // What had ended before this started: a replay waits for those, and only those.
      const after = recs.flatMap((p, j) => (j < i && p.end <= r.start ? [j] : []));
      if (r.op !== 'query') return { op: r.op, conn: r.conn, after };
      let n = texts.get(r.sql);
      if (n === undefined) {
        n = texts.size;
        texts.set(r.sql, n);
      }
      return { op: 'query', conn: r.conn, sql: n, params: r.params, after };
    });
  }
  return { sql: [...texts.keys()], requests };
}

/** The token's hash, as every request with a session needs (the app's tokens.ts hashes the same way). */
const tokenHash = (cookie: string | undefined) =>
  createHash('sha256')
    .update(new RegExp(`(?:^|; )${SESSION_COOKIE}=([^;]+)`).exec(cookie ?? '')?.[1] ?? '')
    .digest('hex');

type Replay = (steps: Step[]) => Promise<unknown[]>;

function sqliteReplay(url: string, texts: string[]): { replay: Replay; close(): void } {
  const raw = new (sqliteDriver().Database)(sqliteFileFromUrl(url));
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  const statements = texts.map((t) => raw.prepare(t));
  const begin = raw.prepare('begin immediate');
  const commit = raw.prepare('commit');
  const rollback = raw.prepare('rollback');
  return {
    // better-sqlite3 answers at once: the statements run in their order, as the app's did.
    async replay(steps) {
      const rows: unknown[] = [];
      for (const s of steps) {
        if (s.op === 'begin') begin.run();
        else if (s.op === 'commit') commit.run();
        else if (s.op === 'rollback') rollback.run();
        else if (s.op === 'query') {
          const st = statements[s.sql]!;
          if (st.reader) rows.push(st.all(s.params));
          else st.run(s.params);
        }
      }
      return rows;
    },
    close: () => raw.close(),
  };
}

function postgresReplay(url: string, schema: string | undefined, texts: string[]): { replay: Replay; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: schema ? `-c search_path=${schema}` : undefined });
  return {
    async replay(steps) {
      const rows: unknown[] = [];
      // The app's connections that hold a transaction, and the client each has here.
      const tx = new Map<number, pg.PoolClient>();
      const done: Array<Promise<void>> = [];
      steps.forEach((s, i) => {
        done[i] = Promise.all(s.after.map((j) => done[j])).then(async () => {
          if (s.op === 'begin') {
            const client = await pool.connect();
            tx.set(s.conn, client);
            await client.query('begin');
          } else if (s.op === 'commit' || s.op === 'rollback') {
            const client = tx.get(s.conn)!;
            tx.delete(s.conn);
            await client.query(s.op);
            client.release();
          } else if (s.op === 'query') {
            // The app's statements inside a transaction ran on its client, the rest on any.
            const result = await (tx.get(s.conn) ?? pool).query(texts[s.sql]!, s.params);
            if (result.command === 'SELECT') rows.push(result.rows);
          }
        });
      });
      await Promise.all(done);
      return rows;
    },
    close: () => pool.end(),
  };
}

export async function replayServer(opts: { databaseUrl: string; pgSchema?: string; recordingsFile: string }): Promise<FastifyInstance> {
  const recordings = JSON.parse(fs.readFileSync(opts.recordingsFile, 'utf8')) as Recordings;
  const db = opts.databaseUrl.startsWith('sqlite:')
    ? sqliteReplay(opts.databaseUrl, recordings.sql)
    : postgresReplay(opts.databaseUrl, opts.pgSchema, recordings.sql);
  const app = Fastify({ logger: false });
  app.addHook('onClose', async () => db.close());
  app.get('/replay/:key', async (req, reply) => {
    const steps = recordings.requests[(req.params as { key: string }).key];
    if (!steps) return reply.code(404).send({ error: 'no such recording' });
    const session = tokenHash(req.headers.cookie);
    return { result: { data: { session, rows: await db.replay(steps) } } };
  });
  return app;
}
