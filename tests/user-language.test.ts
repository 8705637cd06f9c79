import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn } from './helpers/http.js';

describe.each(dialects)('the user area language on %s', (dialect) => {
  const t = testAppFor(dialect);

  const languageOf = async (id: number) => (await t.deps.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

  it('starts in English, and is kept for the user across its sessions', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id, 'Telicaller');
    const phone = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, phone)).data).toMatchObject({ kind: 'user', language: 'en' });

    const res = await mutate(t.app, 'auth.setLanguage', { language: 'hi' }, phone);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ language: 'hi' });
    expect(await languageOf(user.id)).toBe('hi');

    // Another device signing in as the same user reads Hindi too.
    const desk = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    expect((await query(t.app, 'auth.me', undefined, desk)).data).toMatchObject({ language: 'hi' });

    expect((await mutate(t.app, 'auth.setLanguage', { language: 'en' }, desk)).status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, phone)).data).toMatchObject({ language: 'en' });
  });

  it("changes only the signed-in user's own language, for heads and developers as well", async () => {
    const company = await insertCompany(t.deps.db);
    const head = await insertUser(t.deps.db, company.id, 'Telicaller-hade');
    const developer = await insertUser(t.deps.db, company.id, 'Developer');
    const other = await insertUser(t.deps.db, company.id, 'Telicaller');
    for (const u of [head, developer]) {
      const s = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
      // An id in the input is not read: the session says whose language it is.
      expect((await mutate(t.app, 'auth.setLanguage', { language: 'hi', id: other.id, userId: other.id }, s)).status).toBe(200);
      expect(await languageOf(u.id)).toBe('hi');
    }
    expect(await languageOf(other.id)).toBe('en');
  });

  it('takes English or Hindi only', async () => {
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    const s = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    for (const language of ['fr', '', 'HI', null]) {
      const res = await mutate(t.app, 'auth.setLanguage', { language }, s);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe('Choose English or Hindi.');
    }
    expect(await languageOf(user.id)).toBe('en');
    // The database refuses any other value as well.
    await expect(sql`update users set language = 'fr' where id = ${user.id}`.execute(t.deps.db)).rejects.toThrow();
  });

  it('is for users only: the admin and sub-admins read English and cannot set a language', async () => {
    const admin = await insertAdmin(t.deps.db);
    const company = await insertCompany(t.deps.db);
    const a = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    const s = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    for (const session of [a, s]) {
      expect((await query(t.app, 'auth.me', undefined, session)).data).toMatchObject({ language: 'en' });
      expect((await mutate(t.app, 'auth.setLanguage', { language: 'hi' }, session)).status).toBe(403);
    }
    expect((await mutate(t.app, 'auth.setLanguage', { language: 'hi' }, null)).status).toBe(401);
  });
});
