import type { Kysely, Updateable } from 'kysely';
import type { DB, Subadmin, SubadminsTable } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';

/** Some columns of one company's row, deleted or not (its users' sessions already refuse a deleted one). */
export function findCompany<C extends keyof Subadmin>(db: Kysely<DB>, subadminId: number, columns: readonly C[]): Promise<Pick<Subadmin, C> | undefined> {
  return db.selectFrom('subadmins').select(columns).where('id', '=', subadminId).executeTakeFirst() as Promise<Pick<Subadmin, C> | undefined>;
}

/** The live company a sub-admin signs in as, by its email. */
export function findLiveCompanyByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('subadmins').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
}

/** A live company's id and name, to address it (a notification). */
export function findLiveCompany(db: Kysely<DB>, id: number) {
  return db.selectFrom('subadmins').select(['id', 'company_name']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Changes some of the company's own columns; how many rows changed (0: no such company). */
export async function updateCompany(db: Kysely<DB>, subadminId: number, values: Updateable<SubadminsTable>): Promise<number> {
  const result = await db.updateTable('subadmins').set(values).where('id', '=', subadminId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The company row, locked for the rest of the transaction on Postgres so that limit checks of
 * concurrent creates run one after another. SQLite transactions here begin immediate, which
 * already serialises writers.
 */
export async function lockCompany(trx: Kysely<DB>, dialect: Dialect, subadminId: number) {
  let q = trx.selectFrom('subadmins').select(['id', 'telecaller_creat_limit']).where('id', '=', subadminId);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}
