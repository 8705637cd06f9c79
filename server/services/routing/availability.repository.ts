import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const CALLER_TYPES = ['Telicaller', 'Telicaller-hade'] as const;

/** The company's live (not deleted) telecallers and heads, to select from. */
export const companyCallers = (db: Db, subadminId: number) =>
  db.selectFrom('users').where('subadmin_id', '=', subadminId).where('deleted_at', 'is', null).where('user_type', 'in', CALLER_TYPES);

/** Changes one of the company's live telecallers or heads; false when the id is anyone else. */
export async function updateCaller(db: Db, subadminId: number, id: number, values: Updateable<UsersTable>): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set(values)
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('user_type', 'in', CALLER_TYPES)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The company's live telecallers and heads with what routing reads of them, by name. */
export function findAvailabilityPeople(db: Db, subadminId: number) {
  return companyCallers(db, subadminId)
    .select(['id', 'name', 'user_type', 'is_blocked', 'on_break', 'break_since', 'daily_lead_cap', 'routed_day', 'routed_count'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One of the company's live telecallers or heads; undefined for anyone else. */
export function findRoutablePerson(db: Db, subadminId: number, id: number) {
  return companyCallers(db, subadminId)
    .select(['id', 'user_type', 'is_blocked', 'on_break', 'break_since', 'daily_lead_cap', 'routed_day', 'routed_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company's leads in the pool waiting for routing. */
export async function countWaitingLeads(db: Db, subadminId: number): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('subadmin_id', '=', subadminId)
    .where('route_waiting', '=', 1)
    .where('telicaller_id', 'is', null)
    .where('visible', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function setDailyCapRow(db: Db, subadminId: number, id: number, cap: number | null, now: string): Promise<boolean> {
  return updateCaller(db, subadminId, id, { daily_lead_cap: cap, updated_at: now });
}

/** Starts (with the instant it began) or ends a person's break; false when they are not the company's. */
export function setBreakRow(db: Db, subadminId: number, id: number, since: string | null): Promise<boolean> {
  return updateCaller(db, subadminId, id, { on_break: since ? 1 : 0, break_since: since });
}
