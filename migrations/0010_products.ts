import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './types.js';

/* The company's own products and services (name, price, description): the telecaller picks one when creating a project. */
async function up(db: Kysely<any>, { dialect }: { dialect: Dialect }) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  const table = db.schema.createTable('products');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('subadmin_id', 'integer', (c) => c.notNull().references('subadmins.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_paise', money, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // One live product of a name per company (a deleted one's name can be used again); lists read by name.
  await db.schema.createIndex('products_live_name').on('products').columns(['subadmin_id', 'name']).unique().where(sql.ref('deleted_at'), 'is', null).execute();
}

export const products: Migration = { name: '0010_products', up };
