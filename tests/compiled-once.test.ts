import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertUser } from './helpers/fixtures.js';
import { compiledOnce } from '../server/db/compiled-once.js';
import type { Kysely } from 'kysely';
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

  it('refuses an argument that is not a whole parameter of the query', async () => {
    const partOfPattern = compiledOnce((db: Kysely<DB>, q: string) => db.selectFrom('users').select('id').where('name', 'like', `%${q}%`));
    await expect(partOfPattern(t.deps.db, 'x')).rejects.toThrow(/part of a parameter/);
    const unused = compiledOnce((db: Kysely<DB>, _q: string) => db.selectFrom('users').select('id'));
    await expect(unused(t.deps.db, 'x')).rejects.toThrow(/not a parameter/);
  });
});
