import type { Insertable, Kysely } from 'kysely';
import { insertDefaultFeedback } from '../../server/services/lead-fields/fields.repository.js';
import type { DB, LeadHistoryTable, LeadsTable, UserType } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { nowIso } from '../../server/db/dialect.js';
import { addDays, todayIn } from '../../shared/dates.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';

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
  /** false: a database migrated only as far as before companies had their own feedback choices */
  { feedbackChoices = true }: { feedbackChoices?: boolean } = {},
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
  if (feedbackChoices) await insertDefaultFeedback(db, row.id);
  return { id: row.id, email: values.email, password: PASSWORD, name: values.name, company_name: values.company_name };
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

/** Any column of a lead but its company. */
export type LeadFixture = Partial<Omit<Insertable<LeadsTable>, 'subadmin_id'>>;

/** Every column of a lead, defaulted to a new lead (status '0') nobody holds, visible, uploaded now; `over` sets any column. */
export function leadValues(subadminId: number, over: LeadFixture = {}): Insertable<LeadsTable> {
  const now = nowIso();
  return {
    subadmin_id: subadminId,
    batch_id: null,
    visible: 1,
    source_ref: null,
    name: 'Lead',
    mobile: over.mobile ?? uniqueMobile(),
    requirement: '',
    area: '',
    category: 'IndiaMART',
    upload_date: now,
    telicaller_id: null,
    telicaller_send_date: null,
    status: LEAD_STATUS.new,
    handler_id: null,
    handler_assigned_by: null,
    submit_status: null,
    lead_quality: null,
    callback_date: null,
    callback_time: null,
    created_at: now,
    updated_at: now,
    ...over,
  };
}

/** Inserts one lead (`leadValues`), returning its id. */
export async function insertLead(db: Kysely<DB>, subadminId: number, over: LeadFixture = {}): Promise<number> {
  const row = await db.insertInto('leads').values(leadValues(subadminId, over)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts one lead as an upload would leave it (a name of its own, a requirement and an area, sent now when it is
 * given a telecaller), returning its id; `over` sets any column.
 */
export function insertUploadedLead(db: Kysely<DB>, subadminId: number, over: LeadFixture = {}): Promise<number> {
  const set = Object.fromEntries(Object.entries(over).filter(([, v]) => v !== undefined)) as LeadFixture;
  const now = nowIso();
  return insertLead(db, subadminId, {
    name: `Lead ${next()}`,
    requirement: 'Needs a website',
    area: 'Pune',
    category: 'Local Leads',
    upload_date: set.created_at ?? now,
    ...set,
    telicaller_send_date: set.telicaller_send_date ?? (set.telicaller_id ? now : null),
  });
}

/** Inserts leads straight into the table (as an upload would leave them: `insertUploadedLead`), returning their ids. */
export async function insertLeadRows(db: Kysely<DB>, subadminId: number, rows: LeadFixture[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) ids.push(await insertUploadedLead(db, subadminId, r));
  return ids;
}

/** Any column of a lead's history row but its company and its lead. */
export type HistoryFixture = Partial<Omit<Insertable<LeadHistoryTable>, 'subadmin_id' | 'lead_id'>>;

/**
 * A history row of a lead: an outcome ('3', not interested) of a 0-second call by nobody known, now, with no
 * demo and no callback; the columns it does not name are left null. `over` sets any column.
 */
export function historyValues(subadminId: number, leadId: number, over: HistoryFixture = {}): Insertable<LeadHistoryTable> {
  return {
    subadmin_id: subadminId,
    lead_id: leadId,
    user_id: null,
    status: LEAD_STATUS.notInterested,
    call_duration: 0,
    demo: 0,
    callback: 0,
    created_at: nowIso(),
    ...over,
  };
}

/** How many rows a table holds. */
export async function countRows(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A company's saved IndiaMART link, written directly (the settings page saves only https links), never pulled yet. */
export async function insertIndiamartLink(db: Kysely<DB>, subadminId: number, apiLink: string): Promise<void> {
  await db
    .insertInto('indiamart_settings')
    .values({
      subadmin_id: subadminId,
      api_link: apiLink,
      mobile_number: '9876543210',
      updated_at: new Date().toISOString(),
      last_pull_at: null,
      last_pull_code: null,
      last_pull_message: null,
      last_window_end: null,
    })
    .execute();
}
