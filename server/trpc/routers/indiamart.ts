import { router, subadminProcedure } from '../trpc.js';
import * as indiamart from '../../services/indiamart/indiamart.service.js';

export const indiamartRouter = router({
  /** The company's IndiaMART pull state and its last 5 pulls. */
  status: subadminProcedure.query(({ ctx }) => indiamart.getPullStatus(ctx.deps, ctx.actor)),

  /** Pulls now, if IndiaMART's 5 minutes since the last pull have passed. */
  pullNow: subadminProcedure.mutation(({ ctx }) => indiamart.pullNow(ctx.deps, ctx.actor)),
});
