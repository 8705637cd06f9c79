import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUser } from './helpers/fixtures.js';
import { compiledOnce, compiledOnceEach } from '../server/db/compiled-once.js';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema.js';

describe.each(dialects)('a query compiled once on %s', (dialect) => {
  const t = testAppFor(dialect);

  const byMobile = (db: Kysely<DB>, mobile: string) =>
    db.selectFrom('users').select(['id', 'name', 'user_type']).where('mobile', '=', mobile).where('deleted_at', 'is', null).orderBy('id');

  it('answers as the query built anew, for every value, constants kept', async () => {
    const company = await insertCompany(t.deps.db);
    const people = await Promise.all([insertUser(t.deps.db, company.id), insertUser(t.deps.db, company.id, 'Telicaller-hade')]);
    const once = compiledOnce(byMobile);
    for (const mobile of [...people.map((p) => p.mobile), 'no-such-mobile', people[0]!.mobile]) {
      expect(await once(t.deps.db, mobile)).toEqual(await byMobile(t.deps.db, mobile).execute());
    }
    expect((await once(t.deps.db, people[1]!.mobile))[0]).toMatchObject({ id: people[1]!.id, user_type: 'Telicaller-hade' });
  });

  it('takes numbers as well as strings', async () => {
    const company = await insertCompany(t.deps.db);
    const other = await insertCompany(t.deps.db);
    const person = await insertUser(t.deps.db, company.id);
    const built = (db: Kysely<DB>, subadminId: number, id: number) =>
      db.selectFrom('users').select(['id', 'name']).where('subadmin_id', '=', subadminId).where('id', '=', id);
    const once = compiledOnce(built);
    for (const [c, id] of [
      [company.id, person.id],
      [other.id, person.id],
      [company.id, person.id + 1000],
    ] as const)
      expect(await once(t.deps.db, c, id)).toEqual(await built(t.deps.db, c, id).execute());
    expect(await once(t.deps.db, company.id, person.id)).toEqual([{ id: person.id, name: person.name }]);
  });

  it('compiles a query of several shapes once per shape, each answering as the query built anew', async () => {
    const company = await insertCompany(t.deps.db);
    const people = await Promise.all([insertUser(t.deps.db, company.id), insertUser(t.deps.db, company.id, 'Developer')]);
    const built = (db: Kysely<DB>, shape: 'byType' | 'byMobile', subadminId: number, value: string) => {
      const q = db.selectFrom('users').select(['id', 'user_type']).where('subadmin_id', '=', subadminId).orderBy('id');
      return shape === 'byType' ? q.where('user_type', '=', value as 'Developer') : q.where('mobile', '=', value);
    };
    const each = compiledOnceEach(built);
    for (const [shape, value] of [
      ['byType', 'Developer'],
      ['byMobile', people[0]!.mobile],
      ['byType', 'Telicaller'],
      ['byMobile', 'none'],
    ] as const)
      expect(await each(t.deps.db, shape, company.id, value), shape).toEqual(await built(t.deps.db, shape, company.id, value).execute());
    const partly = compiledOnceEach((db: Kysely<DB>, _shape: 'a', q: string) => db.selectFrom('users').select('id').where('name', 'like', `%${q}`));
    await expect(partly(t.deps.db, 'a', 'x')).rejects.toThrow(/part of a parameter/);
  });

  it('refuses an argument that is not a whole parameter of the query', async () => {
    const partOfPattern = compiledOnce((db: Kysely<DB>, q: string) => db.selectFrom('users').select('id').where('name', 'like', `%${q}%`));
    await expect(partOfPattern(t.deps.db, 'x')).rejects.toThrow(/part of a parameter/);
    const unused = compiledOnce((db: Kysely<DB>, _q: string) => db.selectFrom('users').select('id'));
    await expect(unused(t.deps.db, 'x')).rejects.toThrow(/not a parameter/);
    const computed = compiledOnce((db: Kysely<DB>, n: number) => db.selectFrom('users').select('id').where('id', '>', Math.max(n, 1)));
    await expect(computed(t.deps.db, 5)).rejects.toThrow(/not a parameter/);
    const inlined = compiledOnce((db: Kysely<DB>, n: number) => db.selectFrom('users').select('id').limit(sql.lit(n)));
    await expect(inlined(t.deps.db, 5)).rejects.toThrow(/written into the SQL/);
  });
});
