import { router, subadminProcedure, telecallerProcedure } from '../trpc.js';
import * as speed from '../../services/speed/speed-to-lead.service.js';
import { SpeedRangeInput, SpeedWaitingInput } from '../../../shared/schemas/speed.js';

/** Speed to lead: how long arrivals waited for their first call, in working hours. */
export const speedRouter = router({
  report: subadminProcedure.input(SpeedRangeInput).query(({ ctx, input }) => speed.speedReport(ctx.deps, ctx.actor, input)),
  waiting: subadminProcedure.input(SpeedWaitingInput).query(({ ctx, input }) => speed.pageWaiting(ctx.deps, ctx.actor, input)),
  /** The signed-in telecaller's or head's own figure for today. */
  mine: telecallerProcedure.query(({ ctx }) => speed.mySpeed(ctx.deps, ctx.actor)),
});
