import { describe, expect, it } from 'vitest';
import { idField, NO_ROW_ID } from '../shared/schemas/users.js';
import { PageInput } from '../shared/schemas/paging.js';
import { callSeconds } from '../shared/schemas/lead-work.js';
import { buildTestApp } from './helpers/app.js';
import { insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, signIn } from './helpers/http.js';

describe('numbers in input', () => {
  it('takes numbers and plain decimal text, and nothing JavaScript would turn into a number', () => {
    for (const ok of [5, '5', ' 5 ', '2147483647']) expect(idField.parse(ok)).toBe(Number(ok));
    for (const bad of [true, false, [5], ['5'], '0x1F', '1e3', '', ' ', null, '5abc', 0, -3, 1.5, { valueOf: () => 5 }]) {
      expect(idField.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // Whole numbers past any id name no row: the call answers not found, and the number never reaches the database.
    for (const past of ['2147483648', 2 ** 31, 2 ** 60, '99999999999999999999']) expect(idField.parse(past), String(past)).toBe(NO_ROW_ID);
    expect(PageInput.parse({ page: '2', pageSize: ' 50 ' })).toMatchObject({ page: 2, pageSize: 50 });
    expect(PageInput.safeParse({ page: true }).success).toBe(false);
    expect(callSeconds.parse('90')).toBe(90);
    expect(callSeconds.safeParse([90]).success).toBe(false);
  });

  it('does not read { id: true } as the row with id 1', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const company = await insertCompany(t.deps.db);
      const user = await insertUser(t.deps.db, company.id);
      expect(user.id).toBe(1);
      const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
      const res = await mutate(t.app, 'users.remove', { id: true }, owner);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe('A valid id is required.');
      expect((await t.deps.db.selectFrom('users').select('deleted_at').where('id', '=', 1).executeTakeFirstOrThrow()).deleted_at).toBeNull();
    } finally {
      await t.close();
    }
  });
});
