// The bench's second reference (SQLite): the queue pages' own SQL behind a bare Fastify route, with
// nothing of the app around it — no tRPC, no Kysely at run time, no session rules beyond finding the
// token's user. What a queue page costs this machine at the least; the app can only add to it.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, DummyDriver } from 'kysely';
import type { DB } from '../server/db/schema.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { todayBounds } from '../shared/dates.js';
import { SESSION_COOKIE } from '../shared/constants.js';
import type { Queue } from '../shared/schemas/lead-work.js';
import { orderQueue, queueLeads, selectQueueCard, type QueueScope } from '../server/services/lead-work/queues.repository.js';

/** Sentinels standing for each value of a scope, found again among the compiled parameters. */
const SENTINEL = {
  subadminId: -7_000_001,
  userId: -7_000_002,
  now: '\u0000now',
  from: '\u0000from',
  to: '\u0000to',
  today: '\u0000today',
  limit: -7_000_003,
  offset: -7_000_004,
};
type Values = { [K in keyof typeof SENTINEL]: number | string };

/** The app's own query for a queue, compiled once, with its parameters as a function of the scope. */
function compiled(queue: Queue) {
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const scope: QueueScope = {
    subadminId: SENTINEL.subadminId,
    userId: SENTINEL.userId,
    now: SENTINEL.now,
    day: { from: SENTINEL.from, to: SENTINEL.to, today: SENTINEL.today },
  };
  const base = queueLeads(db, queue, scope);
  const bind = (parameters: readonly unknown[]) => {
    const slots = parameters.map((p) => Object.entries(SENTINEL).find(([, s]) => s === p)?.[0] as keyof Values | undefined);
    return (v: Values) => parameters.map((p, i) => (slots[i] ? v[slots[i]!] : p));
  };
  const count = base.select((eb) => eb.fn.countAll<number>().as('total')).compile();
  const page = orderQueue(selectQueueCard(base), queue).limit(SENTINEL.limit).offset(SENTINEL.offset).compile();
  return { count: { sql: count.sql, params: bind(count.parameters) }, page: { sql: page.sql, params: bind(page.parameters) } };
}

export async function sqlOnlyServer(file: string): Promise<FastifyInstance> {
  const raw = new (sqliteDriver().Database)(file);
  raw.pragma('journal_mode = WAL');
  const session = raw.prepare(`select s.principal_id, s.subadmin_id, c.time_zone from sessions s join subadmins c on c.id = s.subadmin_id
    where s.token_hash = ? and s.principal_kind = 'user' and s.revoked_at is null`);
  const queues = new Map<string, { count: { run: (v: Values) => unknown }; page: { run: (v: Values) => unknown[] } }>();
  for (const queue of ['new', 'pending', 'callback', 'followUp'] as const) {
    const q = compiled(queue);
    const count = raw.prepare(q.count.sql);
    const page = raw.prepare(q.page.sql);
    queues.set(queue, { count: { run: (v) => count.get(q.count.params(v)) }, page: { run: (v) => page.all(q.page.params(v)) } });
  }
  const app = Fastify({ logger: false });
  app.get('/queue', async (req, reply) => {
    const token = new RegExp(`(?:^|; )${SESSION_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1] ?? '';
    const s = session.get(createHash('sha256').update(token).digest('hex')) as { principal_id: number; subadmin_id: number; time_zone: string } | undefined;
    if (!s) return reply.code(401).send({ error: 'not signed in' });
    const { queue = 'new', page = '1', pageSize = '20' } = req.query as Record<string, string>;
    const q = queues.get(queue);
    if (!q) return reply.code(400).send({ error: 'unknown queue' });
    const now = new Date();
    const day = todayBounds(s.time_zone, now);
    const size = Number(pageSize);
    const v: Values = {
      subadminId: s.subadmin_id,
      userId: s.principal_id,
      now: now.toISOString(),
      from: day.from,
      to: day.to,
      today: day.today,
      limit: size,
      offset: (Number(page) - 1) * size,
    };
    const { total } = q.count.run(v) as { total: number };
    return { result: { data: { items: q.page.run(v), total, page: Number(page), pageSize: size } } };
  });
  return app;
}
