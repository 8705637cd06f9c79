import { router, subadminProcedure, telecallerProcedure } from '../trpc.js';
import * as summaries from '../../services/summaries/summaries.service.js';
import { CallLogInput, DateRangeInput, MyCallLogInput } from '../../../shared/schemas/summaries.js';

/** Call summaries: a telecaller's own (Talk Time, call log, call cards) and the sub-admin's of its company. */
export const summariesRouter = router({
  /** Today, Yesterday, Week, Month, Year and the last 30 days, of the signed-in telecaller or head. */
  loginHours: telecallerProcedure.query(({ ctx }) => summaries.loginHours(ctx.deps, ctx.actor)),
  myCallLog: telecallerProcedure.input(MyCallLogInput).query(({ ctx, input }) => summaries.pageCallLog(ctx.deps, ctx.actor, input)),
  myCalledLeads: telecallerProcedure.input(MyCallLogInput).query(({ ctx, input }) => summaries.pageCalledLeads(ctx.deps, ctx.actor, input)),

  /** Telecaller Call Summary: per telecaller, calls per category. */
  callSummary: subadminProcedure.input(DateRangeInput).query(({ ctx, input }) => summaries.callSummary(ctx.deps, ctx.actor, input)),
  productivity: subadminProcedure.input(DateRangeInput).query(({ ctx, input }) => summaries.productivity(ctx.deps, ctx.actor, input)),
  callLog: subadminProcedure.input(CallLogInput).query(({ ctx, input }) => summaries.pageCallLog(ctx.deps, ctx.actor, input)),
  /** The telecallers and heads a call log can be filtered by. */
  callers: subadminProcedure.query(({ ctx }) => summaries.listCallers(ctx.deps, ctx.actor)),
});
