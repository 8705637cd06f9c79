import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { containsPattern } from '../users/users.repository.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { paiseToRupees } from '../../../shared/money.js';
import { PRODUCT_EXISTS } from '../../../shared/schemas/products.js';

export interface Product {
  id: number;
  name: string;
  /** rupees, two decimals */
  price: number;
  description: string;
  updated_at: string;
}

interface ProductValues {
  name: string;
  price: number;
  description: string;
}

const live = (deps: Deps, subadminId: number) => deps.db.selectFrom('products').where('subadmin_id', '=', subadminId).where('deleted_at', 'is', null);

/** The company's products by name, searched by name; the sub-admin keeps them, its telecallers read them. */
export async function listProducts(deps: Deps, subadminId: number, input: { page: number; pageSize: number; search?: string }): Promise<Page<Product>> {
  let q = live(deps, subadminId);
  if (input.search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(input.search)} escape '!'`);
  const page = await paginate(q, input, (b) => b.select(['id', 'name', 'price_paise', 'description', 'updated_at']).orderBy('name').orderBy('id'));
  return {
    ...page,
    items: page.items.map((p) => ({ id: p.id, name: p.name, price: paiseToRupees(p.price_paise), description: p.description, updated_at: p.updated_at })),
  };
}

async function assertNameFree(deps: Deps, subadminId: number, name: string, exceptId?: number) {
  let q = live(deps, subadminId)
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new AppError('CONFLICT', PRODUCT_EXISTS, { name: PRODUCT_EXISTS });
}

export async function createProduct(deps: Deps, subadminId: number, input: ProductValues): Promise<{ id: number }> {
  await assertNameFree(deps, subadminId, input.name);
  const now = nowIso();
  const row = await deps.db
    .insertInto('products')
    .values({
      subadmin_id: subadminId,
      name: input.name,
      price_paise: input.price,
      description: input.description,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function updateProduct(deps: Deps, subadminId: number, input: ProductValues & { id: number }): Promise<{ id: number }> {
  await assertNameFree(deps, subadminId, input.name, input.id);
  const r = await deps.db
    .updateTable('products')
    .set({ name: input.name, price_paise: input.price, description: input.description, updated_at: nowIso() })
    .where('id', '=', input.id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound('Product');
  return { id: input.id };
}

/** Removed from the list; projects made from it keep their own name and price. */
export async function removeProduct(deps: Deps, subadminId: number, id: number): Promise<{ id: number }> {
  const now = nowIso();
  const r = await deps.db
    .updateTable('products')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound('Product');
  return { id };
}
