import { z } from 'zod';
import { PageInput } from './paging.js';
import { idField } from './users.js';
import { requiredText } from './fields.js';
import { rupeesField } from './projects.js';

const productFields = {
  name: requiredText('Product name', 120),
  price: rupeesField('Price', { positive: true }),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters.')
    .nullish()
    .transform((v) => v ?? ''),
};

export const ProductInput = z.object(productFields);
export type ProductInput = z.input<typeof ProductInput>;
export const ProductUpdateInput = z.object({ id: idField, ...productFields });
export type ProductUpdateInput = z.input<typeof ProductUpdateInput>;
export const ProductListInput = PageInput;
export const PRODUCT_EXISTS = 'A product with this name already exists.';
