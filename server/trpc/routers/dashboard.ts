import { router, subadminProcedure, userProcedure } from '../trpc.js';
import * as dashboard from '../../services/dashboard/dashboard.service.js';

export const dashboardRouter = router({
  subadmin: subadminProcedure.query(({ ctx }) => dashboard.getSubadminDashboard(ctx.deps, ctx.actor)),
  /** Tile counts for the signed-in telecaller, head or developer (contract used by the shell's `/` page). */
  tiles: userProcedure.query(({ ctx }) => dashboard.getTiles(ctx.deps, ctx.actor)),
});
