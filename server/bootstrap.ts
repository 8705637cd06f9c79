import type { Deps } from './deps.js';
import { hashPassword } from './auth/passwords.js';
import { nowIso } from './db/dialect.js';

/** Creates the platform admin from ADMIN_EMAIL/ADMIN_PASSWORD when there is none yet. */
export async function ensureAdmin(deps: Deps): Promise<'created' | 'exists' | 'not-configured'> {
  const existing = await deps.db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return 'exists';
  if (!deps.config.admin) return 'not-configured';
  const now = nowIso();
  await deps.db
    .insertInto('admins')
    .values({ name: 'Administrator', email: deps.config.admin.email, password_hash: await hashPassword(deps.config.admin.password), created_at: now, updated_at: now })
    .execute();
  return 'created';
}

export async function isDatabaseEmpty(deps: Deps): Promise<boolean> {
  const [sub, admin] = await Promise.all([
    deps.db.selectFrom('subadmins').select('id').limit(1).executeTakeFirst(),
    deps.db.selectFrom('admins').select('id').limit(1).executeTakeFirst(),
  ]);
  return !sub && !admin;
}
