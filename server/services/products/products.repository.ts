import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ProductsTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { containsPattern } from '../users/users.repository.js';

export type ProductRow = Pick<Selectable<ProductsTable>, 'id' | 'name' | 'price_paise' | 'description' | 'updated_at'>;
type ProductValues = Pick<Selectable<ProductsTable>, 'name' | 'price_paise' | 'description'>;

const live = (db: Kysely<DB>, subadminId: number) => db.selectFrom('products').where('subadmin_id', '=', subadminId).where('deleted_at', 'is', null);

/** One page of the company's live products by name, searched by name. */
export function pageOfProducts(db: Kysely<DB>, subadminId: number, input: { page: number; pageSize: number; search?: string }): Promise<Page<ProductRow>> {
  let q = live(db, subadminId);
  if (input.search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(input.search)} escape '!'`);
  return paginate(q, input, (b) => b.select(['id', 'name', 'price_paise', 'description', 'updated_at']).orderBy('name').orderBy('id'));
}

/** Whether another live product of the company has this name, whatever its case. */
export async function productNameTaken(db: Kysely<DB>, subadminId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = live(db, subadminId)
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export function insertProduct(db: Kysely<DB>, subadminId: number, values: ProductValues) {
  const now = nowIso();
  return db
    .insertInto('products')
    .values({ subadmin_id: subadminId, ...values, created_at: now, updated_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** false when the company has no such live product */
export async function updateLiveProduct(db: Kysely<DB>, subadminId: number, id: number, values: ProductValues): Promise<boolean> {
  const r = await db
    .updateTable('products')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** false when the company has no such live product */
export async function softDeleteProduct(db: Kysely<DB>, subadminId: number, id: number): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable('products')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
