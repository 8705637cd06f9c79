import { companyReaderProcedure, router, subadminProcedure } from '../trpc.js';
import * as products from '../../services/products/products.service.js';
import { ProductInput, ProductListInput, ProductUpdateInput } from '../../../shared/schemas/products.js';
import { ProjectIdInput } from '../../../shared/schemas/projects.js';

/** Products and services the company sells: kept by the sub-admin, picked by telecallers. */
export const productsRouter = router({
  list: companyReaderProcedure.input(ProductListInput).query(({ ctx, input }) => products.listProducts(ctx.deps, ctx.subadminId, input)),
  create: subadminProcedure.input(ProductInput).mutation(({ ctx, input }) => products.createProduct(ctx.deps, ctx.actor.subadminId, input)),
  update: subadminProcedure.input(ProductUpdateInput).mutation(({ ctx, input }) => products.updateProduct(ctx.deps, ctx.actor.subadminId, input)),
  remove: subadminProcedure.input(ProjectIdInput).mutation(({ ctx, input }) => products.removeProduct(ctx.deps, ctx.actor.subadminId, input.id)),
});
