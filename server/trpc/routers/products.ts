import { authedProcedure, router, subadminProcedure } from '../trpc.js';
import { TRPCError } from '@trpc/server';
import * as products from '../../services/products/products.service.js';
import { ProductInput, ProductListInput, ProductUpdateInput } from '../../../shared/schemas/products.js';
import { ProjectIdInput } from '../../../shared/schemas/projects.js';

/** The company's list: its sub-admin and its telecallers and heads read it. */
const readerProcedure = authedProcedure.use(({ ctx, next }) => {
  const a = ctx.actor;
  const ok = a.kind === 'subadmin' || (a.kind === 'user' && (a.userType === 'Telicaller' || a.userType === 'Telicaller-hade'));
  if (!ok) throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this.' });
  return next({ ctx: { ...ctx, subadminId: a.subadminId as number } });
});

/** Products and services the company sells: kept by the sub-admin, picked by telecallers. */
export const productsRouter = router({
  list: readerProcedure.input(ProductListInput).query(({ ctx, input }) => products.listProducts(ctx.deps, ctx.subadminId, input)),
  create: subadminProcedure.input(ProductInput).mutation(({ ctx, input }) => products.createProduct(ctx.deps, ctx.actor.subadminId, input)),
  update: subadminProcedure.input(ProductUpdateInput).mutation(({ ctx, input }) => products.updateProduct(ctx.deps, ctx.actor.subadminId, input)),
  remove: subadminProcedure.input(ProjectIdInput).mutation(({ ctx, input }) => products.removeProduct(ctx.deps, ctx.actor.subadminId, input.id)),
});
