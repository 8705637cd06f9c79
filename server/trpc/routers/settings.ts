import { router, subadminProcedure } from '../trpc.js';
import * as settings from '../../services/settings/settings.service.js';
import { IndiamartInput } from '../../../shared/schemas/settings.js';

export const settingsRouter = router({
  getIndiamart: subadminProcedure.query(({ ctx }) => settings.getIndiamart(ctx.deps, ctx.actor)),
  saveIndiamart: subadminProcedure.input(IndiamartInput).mutation(({ ctx, input }) => settings.saveIndiamart(ctx.deps, ctx.actor, input)),
});
