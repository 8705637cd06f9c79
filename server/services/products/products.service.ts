import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { paiseToRupees } from '../../../shared/money.js';
import { PRODUCT_EXISTS } from '../../../shared/schemas/products.js';
import { insertProduct, pageOfProducts, productNameTaken, softDeleteProduct, updateLiveProduct } from './products.repository.js';

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

/** The company's products by name, searched by name; the sub-admin keeps them, its telecallers read them. */
export async function listProducts(deps: Deps, subadminId: number, input: { page: number; pageSize: number; search?: string }): Promise<Page<Product>> {
  const page = await pageOfProducts(deps.db, subadminId, input);
  return {
    ...page,
    items: page.items.map((p) => ({ id: p.id, name: p.name, price: paiseToRupees(p.price_paise), description: p.description, updated_at: p.updated_at })),
  };
}

async function assertNameFree(deps: Deps, subadminId: number, name: string, exceptId?: number) {
  if (await productNameTaken(deps.db, subadminId, name, exceptId)) throw new AppError('CONFLICT', PRODUCT_EXISTS, { name: PRODUCT_EXISTS });
}

export async function createProduct(deps: Deps, subadminId: number, input: ProductValues): Promise<{ id: number }> {
  await assertNameFree(deps, subadminId, input.name);
  const row = await insertProduct(deps.db, subadminId, { name: input.name, price_paise: input.price, description: input.description });
  return { id: row.id };
}

export async function updateProduct(deps: Deps, subadminId: number, input: ProductValues & { id: number }): Promise<{ id: number }> {
  await assertNameFree(deps, subadminId, input.name, input.id);
  const updated = await updateLiveProduct(deps.db, subadminId, input.id, { name: input.name, price_paise: input.price, description: input.description });
  if (!updated) throw notFound('Product');
  return { id: input.id };
}

/** Removed from the list; projects made from it keep their own name and price. */
export async function removeProduct(deps: Deps, subadminId: number, id: number): Promise<{ id: number }> {
  if (!(await softDeleteProduct(deps.db, subadminId, id))) throw notFound('Product');
  return { id };
}
