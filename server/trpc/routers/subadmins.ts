import { adminProcedure, router } from '../trpc.js';
import * as subadmins from '../../services/subadmins/subadmins.service.js';
import { CreateSubadminInput, ListSubadminsInput, SetBlockedInput, SubadminIdInput, UpdateTermsInput } from '../../../shared/schemas/subadmins.js';

export const subadminsRouter = router({
  list: adminProcedure.input(ListSubadminsInput).query(({ ctx, input }) => subadmins.listSubadmins(ctx.deps, ctx.actor, input)),
  create: adminProcedure.input(CreateSubadminInput).mutation(({ ctx, input }) => subadmins.createSubadmin(ctx.deps, ctx.actor, input)),
  setBlocked: adminProcedure.input(SetBlockedInput).mutation(({ ctx, input }) => subadmins.setSubadminBlocked(ctx.deps, ctx.actor, input)),
  remove: adminProcedure.input(SubadminIdInput).mutation(({ ctx, input }) => subadmins.removeSubadmin(ctx.deps, ctx.actor, input)),
  updateTerms: adminProcedure.input(UpdateTermsInput).mutation(({ ctx, input }) => subadmins.updateSubadminTerms(ctx.deps, ctx.actor, input)),
  dashboard: adminProcedure.query(({ ctx }) => subadmins.getDashboard(ctx.deps, ctx.actor)),
});
