import { describe, expect, it } from 'vitest';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUser } from './helpers/fixtures.js';
import { watchedCache } from '../server/db/watched-cache.js';
import { changesWhoMayAct, writeWatchOf } from '../server/db/write-watch.js';
import { mutate, query, signIn } from './helpers/http.js';

describe.each(dialects)('reads kept until who may act changes, on %s', (dialect) => {
  const t = testAppFor(dialect);
  const compiled = (q: Compilable) => changesWhoMayAct(q.compile());
  const compiledRaw = (q: RawBuilder<unknown>) => changesWhoMayAct(q.compile(t.deps.db));

  it('tells the writes that change who may act from those that do not', () => {
    const db = t.deps.db;
    const now = new Date().toISOString();
    expect(compiled(db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', 1))).toBe(true);
    expect(compiled(db.updateTable('users').set({ routed_count: 2, routed_day: '2026-11-28' }).where('id', '=', 1))).toBe(false);
    expect(compiled(db.updateTable('users').set({ routed_count: 2, is_blocked: 0 }).where('id', '=', 1))).toBe(true);
    expect(compiled(db.updateTable('sessions').set({ last_seen_at: now }).where('id', 'in', [1, 2]))).toBe(false);
    expect(compiled(db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', 1))).toBe(true);
    expect(compiled(db.updateTable('subadmins').set({ time_zone: 'Asia/Dubai' }).where('id', '=', 1))).toBe(true);
    expect(compiled(db.deleteFrom('sessions').where('expires_at', '<', now))).toBe(true);
    expect(compiled(db.updateTable('leads').set({ status: '2' }).where('id', '=', 1))).toBe(false);
    expect(compiled(db.selectFrom('users').selectAll())).toBe(false);
    // Raw SQL is judged by its text.
    expect(compiledRaw(sql`update users set is_blocked = 1 where id = ${1}`)).toBe(true);
    expect(compiledRaw(sql`select * from users`)).toBe(false);
  });

  it('forgets what it kept at a write, and keeps nothing read while one was on its way', async () => {
    const db = t.deps.db;
    const company = await insertCompany(db);
    const user = await insertUser(db, company.id);
    const kept = watchedCache<string>();
    const block = (v: number) => db.updateTable('users').set({ is_blocked: v }).where('id', '=', user.id).execute();

    expect(await kept(db, 'a', async () => 'first')).toBe('first');
    expect(await kept(db, 'a', async () => 'second')).toBe('first');
    await block(1);
    expect(await kept(db, 'a', async () => 'third')).toBe('third');

    // A write during the read: what it read is not kept.
    expect(
      await kept(db, 'b', async () => {
        await block(0);
        return 'during a write';
      }),
    ).toBe('during a write');
    expect(await kept(db, 'b', async () => 'after it')).toBe('after it');

    // A transaction's write counts as waiting until it commits: nothing read meanwhile is kept, and its commit moves the watch on.
    const watch = writeWatchOf(db)!;
    const before = watch.generation();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ is_blocked: 1 }).where('id', '=', user.id).execute();
      expect(watch.pending()).toBe(1);
    });
    expect(watch.pending()).toBe(0);
    expect(watch.generation()).toBeGreaterThan(before + 1);
    // Routing's running count is no one's business here: what was kept stays.
    await kept(db, 'c', async () => 'kept');
    await db.updateTable('users').set({ routed_count: 3 }).where('id', '=', user.id).execute();
    expect(await kept(db, 'c', async () => 'read again')).toBe('kept');
  });

  it('refuses a session on the first request after sign-out, block or company block, though it was just read', async () => {
    const company = await insertCompany(t.deps.db);
    const me = async (session: Awaited<ReturnType<typeof signIn>>) => (await query(t.app, 'dashboard.tiles', undefined, session)).status;
    const signedIn = async (subadminId: number) => {
      const u = await insertUser(t.deps.db, subadminId);
      return { user: u, session: await signIn(t.app, { kind: 'user', mobile: u.mobile, password: u.password }) };
    };

    const a = await signedIn(company.id);
    expect([await me(a.session), await me(a.session)]).toEqual([200, 200]);
    expect((await mutate(t.app, 'auth.signOut', undefined, a.session)).status).toBe(200);
    expect(await me(a.session)).toBe(401);

    const b = await signedIn(company.id);
    expect(await me(b.session)).toBe(200);
    await t.deps.db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', b.user.id).execute();
    expect(await me(b.session)).toBe(401);

    const other = await insertCompany(t.deps.db);
    const c = await signedIn(other.id);
    expect(await me(c.session)).toBe(200);
    await t.deps.db.updateTable('subadmins').set({ is_blocked: 1 }).where('id', '=', other.id).execute();
    expect(await me(c.session)).toBe(401);
  });
});
