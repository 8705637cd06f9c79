import type { Kysely } from 'kysely';
import type { DB, UserType } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { nowIso } from '../../server/db/dialect.js';
import { addDays, todayIn } from '../../shared/dates.js';

let seq = 0;
const next = () => `${process.pid}${++seq}`;
export const PASSWORD = 'Passw0rd!';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

/** A unique valid Indian mobile for each call. */
export function uniqueMobile(): string {
  return `9${String(Date.now() % 1e5).padStart(5, '0')}${String(++seq % 10000).padStart(4, '0')}`;
}

export async function insertAdmin(db: Kysely<DB>, email = `admin${next()}@test.local`) {
  const now = nowIso();
  const row = await db
    .insertInto('admins')
    .values({ name: 'Admin', email, password_hash: await passwordHash(), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: PASSWORD };
}

export async function insertCompany(
  db: Kysely<DB>,
  over: Partial<{ name: string; email: string; telecaller_creat_limit: number; expiry_date: string; is_blocked: number }> = {},
) {
  const now = nowIso();
  const n = next();
  const values = {
    name: over.name ?? `Owner ${n}`,
    email: over.email ?? `company${n}@test.local`,
    password_hash: await passwordHash(),
    telecaller_creat_limit: over.telecaller_creat_limit ?? 10,
    company_name: `Company ${n}`,
    mobile: uniqueMobile(),
    expiry_date: over.expiry_date ?? addDays(todayIn('Asia/Kolkata'), 365),
    gst: '29ABCDE1234F1Z5',
    company_bio: 'Test company',
    address: 'Bengaluru',
    is_blocked: over.is_blocked ?? 0,
    time_zone: 'Asia/Kolkata',
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const row = await db.insertInto('subadmins').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email: values.email, password: PASSWORD, name: values.name };
}

export async function insertUser(
  db: Kysely<DB>,
  subadminId: number,
  userType: UserType = 'Telicaller',
  over: Partial<{ name: string; is_blocked: number }> = {},
) {
  const now = nowIso();
  const n = next();
  const values = {
    subadmin_id: subadminId,
    name: over.name ?? `${userType} ${n}`,
    email: `user${n}@test.local`,
    mobile: uniqueMobile(),
    password_hash: await passwordHash(),
    user_type: userType,
    is_blocked: over.is_blocked ?? 0,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, mobile: values.mobile, email: values.email, password: PASSWORD, name: values.name, userType };
}

export interface LeadFixture {
  name?: string;
  mobile?: string;
  category?: string;
  telicaller_id?: number | null;
  telicaller_send_date?: string | null;
  status?: string;
  handler_id?: number | null;
  submit_status?: string | null;
  lead_quality?: string | null;
  callback_date?: string | null;
  visible?: number;
  created_at?: string;
  requirement?: string;
  area?: string;
}

/** Inserts leads straight into the table (as an upload would leave them), returning their ids. */
export async function insertLeadRows(db: Kysely<DB>, subadminId: number, rows: LeadFixture[]): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (const r of rows) {
    const row = await db
      .insertInto('leads')
      .values({
        subadmin_id: subadminId,
        batch_id: null,
        visible: r.visible ?? 1,
        source_ref: null,
        name: r.name ?? `Lead ${next()}`,
        mobile: r.mobile ?? uniqueMobile(),
        requirement: r.requirement ?? 'Needs a website',
        area: r.area ?? 'Pune',
        category: r.category ?? 'Local Leads',
        upload_date: r.created_at ?? now,
        telicaller_id: r.telicaller_id ?? null,
        telicaller_send_date: r.telicaller_send_date ?? (r.telicaller_id ? now : null),
        status: r.status ?? '0',
        handler_id: r.handler_id ?? null,
        handler_assigned_by: null,
        submit_status: r.submit_status ?? null,
        lead_quality: r.lead_quality ?? null,
        callback_date: r.callback_date ?? null,
        callback_time: null,
        created_at: r.created_at ?? now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
