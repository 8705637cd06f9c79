import type { Deps } from '../server/deps.js';
import { hashPassword } from '../server/auth/passwords.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays, todayIn } from '../shared/dates.js';

export const DEMO = {
  admin: { email: 'admin@demo.local', password: 'admin12345' },
  subadmin: { email: 'owner@sunrise.demo', password: 'owner12345' },
  telecaller: { mobile: '9876500001', password: 'caller12345' },
  head: { mobile: '9876500002', password: 'head12345' },
  developer: { mobile: '9876500003', password: 'dev12345' },
};

/** Demo data on an empty database: one company with every role. Returns the sign-ins to print. */
export async function seedDemo(deps: Deps): Promise<string> {
  const db = deps.db;
  const now = nowIso();
  const existingAdmin = await db.selectFrom('admins').select('id').executeTakeFirst();
  if (!existingAdmin) {
    await db.insertInto('admins').values({
      name: 'Demo Admin', email: DEMO.admin.email, password_hash: await hashPassword(DEMO.admin.password), created_at: now, updated_at: now,
    }).execute();
  }
  const company = await db.insertInto('subadmins').values({
    name: 'Priya Sharma', email: DEMO.subadmin.email, password_hash: await hashPassword(DEMO.subadmin.password),
    telecaller_creat_limit: 10, company_name: 'Sunrise Telecalling Pvt Ltd', mobile: '9876543210',
    expiry_date: addDays(todayIn('Asia/Kolkata'), 365), gst: '27AAPCS1234F1Z5', company_bio: 'Outbound sales for home services.',
    address: 'Andheri East, Mumbai', is_blocked: 0, time_zone: 'Asia/Kolkata', created_at: now, updated_at: now, deleted_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  const users = [
    { name: 'Rahul Verma', email: 'rahul@sunrise.demo', ...DEMO.telecaller, user_type: 'Telicaller' as const },
    { name: 'Anita Desai', email: 'anita@sunrise.demo', ...DEMO.head, user_type: 'Telicaller-hade' as const },
    { name: 'Vikram Rao', email: 'vikram@sunrise.demo', ...DEMO.developer, user_type: 'Developer' as const },
  ];
  for (const u of users) {
    await db.insertInto('users').values({
      subadmin_id: company.id, name: u.name, email: u.email, mobile: u.mobile, password_hash: await hashPassword(u.password),
      user_type: u.user_type, is_blocked: 0, created_at: now, updated_at: now, deleted_at: null,
    }).execute();
  }
  const adminLine = existingAdmin ? '  admin       (the existing admin account)' : `  admin       ${DEMO.admin.email} / ${DEMO.admin.password}   at /adminsignin`;
  return [
    adminLine,
    `  sub-admin   ${DEMO.subadmin.email} / ${DEMO.subadmin.password}   at /subadminsignin`,
    `  telecaller  ${DEMO.telecaller.mobile} / ${DEMO.telecaller.password}   at /signin`,
    `  head        ${DEMO.head.mobile} / ${DEMO.head.password}   at /signin`,
    `  developer   ${DEMO.developer.mobile} / ${DEMO.developer.password}   at /signin`,
  ].join('\n');
}
