import type { Deps } from './deps.js';
import { hashPassword } from './auth/passwords.js';
import { nowIso } from './db/dialect.js';

/** Creates the platform admin from ADMIN_EMAIL/ADMIN_PASSWORD when there is none yet. */
export async function ensureAdmin(deps: Deps): Promise<'created' | 'exists' | 'not-configured'> {
  const existing = await deps.db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return 'exists';
  if (!deps.config.admin) return 'not-configured';
  await createAdmin(deps, { name: 'Administrator', ...deps.config.admin });
  return 'created';
}

export async function createAdmin(deps: Deps, a: { name: string; email: string; password: string }): Promise<number> {
  const now = nowIso();
  const row = await deps.db
    .insertInto('admins')
    .values({ name: a.name, email: a.email.toLowerCase(), password_hash: await hashPassword(a.password), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function isDatabaseEmpty(deps: Deps): Promise<boolean> {
  const [sub, admin] = await Promise.all([
    deps.db.selectFrom('subadmins').select('id').limit(1).executeTakeFirst(),
    deps.db.selectFrom('admins').select('id').limit(1).executeTakeFirst(),
  ]);
  return !sub && !admin;
}
