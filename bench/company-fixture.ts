// A bench company made straight in the database: its sub-admin alone (insertBenchSubadmin), or with
// telecallers, the first a head (insertCompanyAndUsers), for benches that need a company but not
// the sign-up path.
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema.js';
import { insertDefaultFeedback } from '../server/services/lead-fields/fields.repository.js';

export interface Fixture {
  subadminId: number;
  userIds: number[];
}

/** A company's sub-admin, named `name` (its company "<name> Co"), signing in with the password `passwordHash` was made from. */
export async function insertBenchSubadmin(db: Kysely<DB>, { name = 'Bench Owner', email = `bench${Date.now()}@bench.local`, passwordHash = 'x' } = {}) {
  const now = new Date().toISOString();
  const company = await db
    .insertInto('subadmins')
    .values({
      name,
      email,
      password_hash: passwordHash,
      telecaller_creat_limit: 100,
      company_name: name === 'Bench Owner' ? 'Bench Co' : `${name} Co`,
      mobile: '9000000000',
      expiry_date: '2099-12-31',
      gst: '',
      company_bio: '',
      address: '',
      is_blocked: 0,
      time_zone: 'Asia/Kolkata',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // every company has its feedback choices (the spec's to start with): a submit names one
  await insertDefaultFeedback(db, company.id);
  return company;
}

export async function insertCompanyAndUsers(db: Kysely<DB>, telecallers: number): Promise<Fixture> {
  const now = new Date().toISOString();
  const company = await insertBenchSubadmin(db);
  const userIds: number[] = [];
  for (let i = 0; i < telecallers; i++) {
    const u = await db
      .insertInto('users')
      .values({
        subadmin_id: company.id,
        name: `Caller ${i + 1}`,
        email: `caller${i}.${Date.now()}@bench.local`,
        mobile: `80000000${String(i).padStart(2, '0')}`,
        password_hash: 'x',
        user_type: i === 0 ? 'Telicaller-hade' : 'Telicaller',
        is_blocked: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(u.id);
  }
  return { subadminId: company.id, userIds };
}
