import { router, subadminProcedure } from '../trpc.js';
import * as distribution from '../../services/distribution/distribution.service.js';
import { DistributeInput, TakeBackInput } from '../../../shared/schemas/distribution.js';

export const distributionRouter = router({
  /** Unassigned leads by category, and their total. */
  pool: subadminProcedure.query(({ ctx }) => distribution.getPool(ctx.deps, ctx.actor)),

  /** Telecallers and heads with their untouched and today's leads (blocked ones flagged: they can only give leads back). */
  assignees: subadminProcedure.query(({ ctx }) => distribution.listAssignees(ctx.deps, ctx.actor)),

  distribute: subadminProcedure.input(DistributeInput).mutation(({ ctx, input }) => distribution.distributeLeads(ctx.deps, ctx.actor, input)),

  takeBack: subadminProcedure.input(TakeBackInput).mutation(({ ctx, input }) => distribution.takeBackLeads(ctx.deps, ctx.actor, input)),
});
