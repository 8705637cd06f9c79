import { describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { buildTestApp } from './helpers/app.js';
import { query, signIn } from './helpers/http.js';
import { DEMO, seedDemo } from '../seed/demo.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { hookedDialect } from '../server/db/hooked-dialect.js';
import { todayIn } from '../shared/dates.js';
import { LEAD_QUEUES } from '../shared/constants.js';

// docs/architecture.md#sqlite-parameters: on SQLite the app writes every value as `+?`.

const VALUES: unknown[] = [0, 7, -3, 2.5, 9007199254740991, '007', '7', '7.0', 'abc', '', null, Buffer.from([1, 2, 3])];

describe('values written +? on SQLite', () => {
  it('come back, and compare with every column affinity, exactly as bare parameters do', () => {
    const db = new (sqliteDriver().Database)(':memory:');
    db.exec('create table t (i integer, x text, r real, b blob, n numeric, a)');
    const insert = db.prepare('insert into t values (?, ?, ?, ?, ?, ?)');
    for (const v of VALUES) insert.run(v, v, v, v, v, v);
    for (const v of VALUES) {
      expect(db.prepare('select +? as v, typeof(+?) as t').get(v, v)).toEqual(db.prepare('select ? as v, typeof(?) as t').get(v, v));
      for (const col of ['i', 'x', 'r', 'b', 'n', 'a']) {
        for (const op of ['=', '<', '>=', 'is']) {
          const plus = db.prepare(`select count(*) as n from t where ${col} ${op} +?`).get(v);
          const bare = db.prepare(`select count(*) as n from t where ${col} ${op} ?`).get(v);
          expect(plus, `${col} ${op} ${String(v)}`).toEqual(bare);
        }
        const inPlus = db.prepare(`select count(*) as n from t where ${col} in (+?, +?)`).get(v, '7');
        expect(inPlus).toEqual(db.prepare(`select count(*) as n from t where ${col} in (?, ?)`).get(v, '7'));
      }
    }
    db.close();
  });
});

describe("the app's statements on SQLite", () => {
  it('carry their values as +?, and keep the plans they would have with bare parameters', async () => {
    const statements = new Set<string>();
    const t = await buildTestApp('sqlite', {}, (dialect) =>
      hookedDialect(dialect, {
        query: (_conn, q, run) => {
          statements.add(q.sql);
          return run();
        },
      }),
    );
    try {
      // The demo goes in through the real upload, distribution and lead-work paths; then each role
      // asks for its everyday screens.
      await seedDemo(t.deps);
      const telecaller = await signIn(t.app, { kind: 'user', ...DEMO.telecaller });
      const head = await signIn(t.app, { kind: 'user', ...DEMO.head });
      const owner = await signIn(t.app, { kind: 'subadmin', ...DEMO.subadmin });
      const today = todayIn('Asia/Kolkata');
      for (const s of [telecaller, head]) {
        expect((await query(t.app, 'auth.me', undefined, s)).status).toBe(200);
        expect((await query(t.app, 'dashboard.tiles', undefined, s)).status).toBe(200);
        for (const queue of LEAD_QUEUES.filter((q) => s === head || q !== 'junior'))
          expect((await query(t.app, 'work.queue', { queue, page: 1, pageSize: 20 }, s)).status, queue).toBe(200);
      }
      for (const [p, input] of [
        ['auth.me', undefined],
        ['distribution.pool', undefined],
        ['distribution.assignees', undefined],
        ['users.list', { page: 1, pageSize: 20 }],
        ['intake.history', { page: 1, pageSize: 10 }],
        ['summaries.productivity', { from: today, to: today }],
      ] as const)
        expect((await query(t.app, p, input, owner)).status, p).toBe(200);

      const withValues = [...statements].filter((s) => s.includes('+?'));
      expect(withValues.length).toBeGreaterThan(40);
      const plan = async (text: string) =>
        (await t.deps.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, Array(count(text)).fill(null)))).rows
          .map((r) => r.detail)
          .join('\n');
      for (const text of withValues) expect(await plan(text), text).toBe(await plan(text.replaceAll('+?', '?')));
    } finally {
      await t.close();
    }
  }, 60_000);
});

/** How many parameters a statement takes. */
function count(text: string): number {
  return (text.replace(/'[^']*'/g, '').match(/\?/g) ?? []).length;
}
